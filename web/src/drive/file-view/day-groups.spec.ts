import { describe, expect, it } from 'vitest';
import type { FileEntry } from '@kosh/contracts';
import { dayGroupOf, groupByDay } from './day-groups.ts';

const at = (iso: string) => new Date(iso);
const entry = (id: number, updated_at: string) => ({ id, updated_at }) as FileEntry;

describe('day groups', () => {
  // Wednesday 25 November 2026, evening in UTC.
  const wednesday = at('2026-11-25T19:50:00Z');

  it('splits ordered entries into today, yesterday, earlier this week and earlier, keeping order', () => {
    const entries = [
      entry(1, '2026-11-25T19:00:00Z'),
      entry(2, '2026-11-25T00:00:00Z'),
      entry(3, '2026-11-24T23:59:59Z'),
      entry(4, '2026-11-23T08:00:00Z'),
      entry(5, '2026-11-22T23:00:00Z'),
      entry(6, '2025-01-01T00:00:00Z'),
    ];
    const groups = groupByDay(entries, wednesday, 'UTC');
    expect(groups.map((g) => [g.label, g.entries.map((e) => e.id)])).toEqual([
      ['Today', [1, 2]],
      ['Yesterday', [3]],
      ['Earlier this week', [4]],
      ['Earlier', [5, 6]],
    ]);
  });

  it('leaves out empty groups and puts a moment ahead of the clock under today', () => {
    const groups = groupByDay([entry(1, '2026-11-26T10:00:00Z'), entry(2, '2026-10-01T00:00:00Z')], wednesday, 'UTC');
    expect(groups.map((g) => g.label)).toEqual(['Today', 'Earlier']);
    expect(groupByDay([], wednesday, 'UTC')).toEqual([]);
  });

  it('starts the week on the given day', () => {
    const sunday = at('2026-11-22T12:00:00Z');
    expect(dayGroupOf(sunday, wednesday, 'UTC', 1)).toBe('Earlier');
    expect(dayGroupOf(sunday, wednesday, 'UTC', 7)).toBe('Earlier this week');
    expect(dayGroupOf(at('2026-11-21T12:00:00Z'), wednesday, 'UTC', 7)).toBe('Earlier');
  });

  it('on the first day of the week, yesterday is yesterday and the day before is earlier', () => {
    const monday = at('2026-11-23T10:00:00Z');
    expect(dayGroupOf(at('2026-11-22T10:00:00Z'), monday, 'UTC')).toBe('Yesterday');
    expect(dayGroupOf(at('2026-11-21T10:00:00Z'), monday, 'UTC')).toBe('Earlier');
    expect(dayGroupOf(at('2026-11-23T00:00:01Z'), monday, 'UTC')).toBe('Today');
  });

  it('counts days in the user timezone, not in UTC', () => {
    // 23:30 UTC on Wednesday is 08:30 on Thursday in Tokyo.
    const now = at('2026-11-25T23:30:00Z');
    expect(dayGroupOf(at('2026-11-25T16:00:00Z'), now, 'Asia/Tokyo')).toBe('Today');
    expect(dayGroupOf(at('2026-11-25T14:00:00Z'), now, 'Asia/Tokyo')).toBe('Yesterday');
    expect(dayGroupOf(at('2026-11-25T14:00:00Z'), now, 'UTC')).toBe('Today');
    // 05:00 UTC on Thursday is 21:00 on Wednesday in Los Angeles.
    const evening = at('2026-11-26T05:00:00Z');
    expect(dayGroupOf(at('2026-11-25T09:00:00Z'), evening, 'America/Los_Angeles')).toBe('Today');
    expect(dayGroupOf(at('2026-11-25T09:00:00Z'), evening, 'UTC')).toBe('Yesterday');
  });

  it('crosses a daylight saving change by calendar days', () => {
    // Europe/Berlin left summer time on Sunday 25 October 2026; the day had 25 hours.
    const monday = at('2026-10-26T00:30:00+01:00');
    expect(dayGroupOf(at('2026-10-25T00:10:00+02:00'), monday, 'Europe/Berlin')).toBe('Yesterday');
    expect(dayGroupOf(at('2026-10-24T23:50:00+02:00'), monday, 'Europe/Berlin')).toBe('Earlier');
  });
});
