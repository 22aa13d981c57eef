import { describe, expect, it } from 'vitest';
import { GetAdminReportQuerySchema } from '@kosh/contracts';
import { bucketsOf, cacheKeyOf, previousOf, resolveRange } from './report-range.ts';
import { addMonths, startOfDay } from './zoned-time.ts';

const resolve = (query: Record<string, string>, now: string) =>
  resolveRange(GetAdminReportQuerySchema.parse(query), new Date(now));

describe('startOfDay', () => {
  it('is the midnight of the zone, whatever its offset', () => {
    expect(startOfDay('2026-03-02', 'UTC').toISOString()).toBe('2026-03-02T00:00:00.000Z');
    expect(startOfDay('2026-03-02', 'Asia/Kolkata').toISOString()).toBe('2026-03-01T18:30:00.000Z');
    expect(startOfDay('2026-03-02', 'Asia/Kathmandu').toISOString()).toBe('2026-03-01T18:15:00.000Z');
    expect(startOfDay('2026-03-02', 'America/New_York').toISOString()).toBe('2026-03-02T05:00:00.000Z');
  });

  it('follows daylight saving time on both sides of a change', () => {
    expect(startOfDay('2025-03-09', 'America/New_York').toISOString()).toBe('2025-03-09T05:00:00.000Z');
    expect(startOfDay('2025-03-10', 'America/New_York').toISOString()).toBe('2025-03-10T04:00:00.000Z');
    expect(startOfDay('2025-10-05', 'Australia/Sydney').toISOString()).toBe('2025-10-04T14:00:00.000Z');
    expect(startOfDay('2025-04-06', 'Australia/Sydney').toISOString()).toBe('2025-04-05T13:00:00.000Z');
  });

  it('starts a day whose midnight a change skips at the change', () => {
    // Santiago moved its clocks from 00:00 to 01:00 on 2022-09-11.
    expect(startOfDay('2022-09-11', 'America/Santiago').toISOString()).toBe('2022-09-11T04:00:00.000Z');
  });
});

describe('addMonths', () => {
  it('clamps to the last day of a shorter month', () => {
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(addMonths('2024-03-31', -1)).toBe('2024-02-29');
    expect(addMonths('2026-01-15', -13)).toBe('2024-12-15');
  });
});

describe('resolveRange', () => {
  it('ends the last 30 days today and compares with the 30 days before', () => {
    const r = resolve({}, '2026-03-10T12:00:00Z');
    expect([r.range, r.from, r.to, r.unit]).toEqual(['30d', '2026-02-09', '2026-03-10', 'day']);
    expect(r.previous).toEqual({ from: '2026-01-10', to: '2026-02-08' });
    expect(r.buckets).toHaveLength(30);
    expect(r.current).toEqual({ lo: '2026-02-09T00:00:00.000Z', hi: '2026-03-11T00:00:00.000Z' });
    expect(r.before.hi).toBe(r.current.lo);
  });

  it("takes today in the admin's zone and cuts days at its midnights", () => {
    // 20:00 UTC on March 2 is already March 3 in India.
    const r = resolve({ range: '7d', timezone: 'Asia/Kolkata' }, '2026-03-02T20:00:00Z');
    expect([r.from, r.to]).toEqual(['2026-02-25', '2026-03-03']);
    expect(r.buckets[0]).toEqual({
      label: '2026-02-25',
      lo: '2026-02-24T18:30:00.000Z',
      hi: '2026-02-25T18:30:00.000Z',
    });
    expect(r.buckets.at(-1)?.hi).toBe('2026-03-03T18:30:00.000Z');
    expect(r.previous).toEqual({ from: '2026-02-18', to: '2026-02-24' });
  });

  it('gives today and yesterday', () => {
    const r = resolve({ range: 'today' }, '2026-03-10T00:00:00Z');
    expect([r.from, r.to, r.previous.from, r.previous.to]).toEqual([
      '2026-03-10',
      '2026-03-10',
      '2026-03-09',
      '2026-03-09',
    ]);
    expect(r.buckets).toHaveLength(1);
  });

  it('compares this month so far with the same days of last month', () => {
    const r = resolve({ range: 'month' }, '2026-03-31T10:00:00Z');
    expect([r.from, r.to]).toEqual(['2026-03-01', '2026-03-31']);
    expect(r.previous).toEqual({ from: '2026-02-01', to: '2026-02-28' });
  });

  it('buckets the last 12 months by calendar month, this one so far, beside the 12 months a year before', () => {
    const r = resolve({ range: '12m', timezone: 'America/New_York' }, '2026-03-10T12:00:00Z');
    expect([r.from, r.to, r.unit]).toEqual(['2025-04-01', '2026-03-10', 'month']);
    expect(r.buckets.map((b) => b.label)).toEqual([
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
    ]);
    expect(r.buckets[0]).toMatchObject({ lo: '2025-04-01T04:00:00.000Z', hi: '2025-05-01T04:00:00.000Z' });
    // November starts in daylight time and ends in standard time.
    expect(r.buckets[7]).toMatchObject({ lo: '2025-11-01T04:00:00.000Z', hi: '2025-12-01T05:00:00.000Z' });
    expect(r.buckets[11].hi).toBe('2026-03-11T04:00:00.000Z');
    expect(r.previous).toEqual({ from: '2024-04-01', to: '2025-03-10' });
  });

  it('buckets a custom range by day up to 90 days and by month past that, cut to the range', () => {
    expect(bucketsOf('2025-01-01', '2025-03-31', 'UTC')).toMatchObject({ unit: 'day' });
    expect(bucketsOf('2025-01-01', '2025-03-31', 'UTC').buckets).toHaveLength(90);
    const { unit, buckets } = bucketsOf('2025-01-15', '2025-04-15', 'UTC');
    expect(unit).toBe('month');
    expect(buckets.map((b) => [b.label, b.lo.slice(0, 10), b.hi.slice(0, 10)])).toEqual([
      ['2025-01', '2025-01-15', '2025-02-01'],
      ['2025-02', '2025-02-01', '2025-03-01'],
      ['2025-03', '2025-03-01', '2025-04-01'],
      ['2025-04', '2025-04-01', '2025-04-16'],
    ]);
    expect(previousOf('custom', '2025-01-15', '2025-04-15')).toEqual({ from: '2024-10-16', to: '2025-01-14' });
  });

  it('keys the cache by the resolved days, so a preset rolls over at midnight', () => {
    const before = cacheKeyOf(resolve({ range: 'today' }, '2026-03-10T23:59:59Z'));
    const after = cacheKeyOf(resolve({ range: 'today' }, '2026-03-11T00:00:00Z'));
    expect(before).not.toBe(after);
    expect(cacheKeyOf(resolve({ range: 'today' }, '2026-03-10T01:00:00Z'))).toBe(before);
  });
});
