import { describe, expect, it } from 'vitest';
import { formatDateAs, formatDateOrTimeAs, isDateFormat } from './date-format.ts';

const at = new Date('2026-03-05T22:30:00Z');

describe('formatDateAs', () => {
  it('formats in the chosen style', () => {
    expect(formatDateAs(at, 'numeric', 'en-US', 'UTC')).toBe('03/05/2026');
    expect(formatDateAs(at, 'short', 'en-US', 'UTC')).toBe('Mar 5, 2026');
    expect(formatDateAs(at, 'long', 'en-US', 'UTC')).toBe('March 5, 2026');
    expect(formatDateAs(at, 'full', 'en-US', 'UTC')).toBe('Thursday, March 5, 2026');
  });

  it('uses the timezone for the day', () => {
    expect(formatDateAs(at, 'short', 'en-US', 'Asia/Kolkata')).toBe('Mar 6, 2026');
  });

  it('falls back to short for an unknown format and to nothing for a bad date', () => {
    expect(formatDateAs(at, 'weird', 'en-US', 'UTC')).toBe('Mar 5, 2026');
    expect(formatDateAs('not a date', 'short', 'en-US', 'UTC')).toBe('');
  });

  it('knows its formats', () => {
    expect(isDateFormat('long')).toBe(true);
    expect(isDateFormat('toString')).toBe(false);
  });
});

describe('formatDateOrTimeAs', () => {
  it("shows the time for a moment of today, in the user's timezone", () => {
    const now = new Date('2026-03-05T23:10:00Z');
    expect(formatDateOrTimeAs(at, now, 'short', 'en-US', 'UTC')).toBe('10:30 PM');
    // 22:30 UTC on the 5th is already the 6th in India, and "now" is the 6th there too.
    expect(formatDateOrTimeAs(at, now, 'short', 'en-US', 'Asia/Kolkata')).toBe('4:00 AM');
  });

  it('shows the date for anything before today', () => {
    const nextDay = new Date('2026-03-06T08:00:00Z');
    expect(formatDateOrTimeAs(at, nextDay, 'short', 'en-US', 'UTC')).toBe('Mar 5, 2026');
    expect(formatDateOrTimeAs('not a date', nextDay, 'short', 'en-US', 'UTC')).toBe('');
  });
});
