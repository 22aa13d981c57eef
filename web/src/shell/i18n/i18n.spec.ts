import { describe, expect, it } from 'vitest';
import { formatRelativeTime, resolveTimezone } from './relative-time.ts';
import { splitAtPlaceholder, translate } from './translate.ts';

describe('translate', () => {
  it('looks the English string up and fills placeholders', () => {
    const lines = { 'Hello :name': 'नमस्ते :name', Login: 'लॉग इन' };
    expect(translate(lines, 'Login')).toBe('लॉग इन');
    expect(translate(lines, 'Hello :name', { name: 'Asha' })).toBe('नमस्ते Asha');
  });

  it('falls back to the English string', () => {
    expect(translate({}, ':count vendor frames', { count: 3 })).toBe('3 vendor frames');
  });

  it('does not let :count eat :countries', () => {
    expect(translate({}, ':count of :countries', { count: 1, countries: 'IN' })).toBe('1 of IN');
  });
});

describe('resolveTimezone', () => {
  it("prefers the user's zone, then the default, then the browser's", () => {
    expect(resolveTimezone('Asia/Kolkata', 'UTC', 'Europe/Berlin')).toBe('Asia/Kolkata');
    expect(resolveTimezone(null, 'UTC', 'Europe/Berlin')).toBe('UTC');
    expect(resolveTimezone(null, undefined, 'Europe/Berlin')).toBe('Europe/Berlin');
    expect(resolveTimezone('Not/AZone', undefined, 'Europe/Berlin')).toBe('Europe/Berlin');
  });
});

describe('formatRelativeTime', () => {
  const now = new Date('2025-01-10T12:00:00Z');
  const opts = { now, language: 'en', timezone: 'UTC', fewSecondsAgo: 'a few seconds ago' };

  it("reads 'a few seconds ago' under 60 seconds", () => {
    expect(formatRelativeTime(new Date('2025-01-10T11:59:01Z'), opts)).toBe('a few seconds ago');
  });

  it('uses minutes, hours and days under a week', () => {
    expect(formatRelativeTime(new Date('2025-01-10T11:55:00Z'), opts)).toBe('5 minutes ago');
    expect(formatRelativeTime(new Date('2025-01-10T09:00:00Z'), opts)).toBe('3 hours ago');
    expect(formatRelativeTime(new Date('2025-01-08T12:00:00Z'), opts)).toBe('2 days ago');
  });

  it('shows the date in the timezone beyond a week', () => {
    expect(formatRelativeTime('2024-12-31T22:00:00Z', { ...opts, timezone: 'Asia/Kolkata' })).toBe('Jan 1, 2025');
    expect(formatRelativeTime('2024-12-31T22:00:00Z', opts)).toBe('Dec 31, 2024');
  });

  it('returns an empty string for an invalid date', () => {
    expect(formatRelativeTime('nope', opts)).toBe('');
  });
});

describe('splitAtPlaceholder', () => {
  it('splits a line around its placeholder', () => {
    expect(splitAtPlaceholder('I accept the :name', 'name')).toEqual(['I accept the ', '']);
    expect(splitAtPlaceholder(':name स्वीकार करता हूँ', 'name')).toEqual(['', ' स्वीकार करता हूँ']);
    expect(splitAtPlaceholder('No placeholder', 'name')).toEqual(['No placeholder', '']);
  });
});
