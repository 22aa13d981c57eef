import { describe, expect, it } from 'vitest';
import { GetAdminReportQuerySchema } from './admin-report.ts';
import { isTimeZone } from './format.ts';
import { daysBetween, isPlainDate, percentChange, readReportPeriod } from './report-period.ts';

describe('percentChange', () => {
  it('is the change in percent, one decimal', () => {
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(50, 100)).toBe(-50);
    expect(percentChange(1, 3)).toBe(-66.7);
    expect(percentChange(100, 100)).toBe(0);
  });

  it('is 0 from nothing to nothing and null from nothing to something', () => {
    expect(percentChange(0, 0)).toBe(0);
    expect(percentChange(5, 0)).toBeNull();
    expect(percentChange(0, 5)).toBe(-100);
  });
});

describe('isPlainDate and daysBetween', () => {
  it('takes real calendar dates only', () => {
    expect(isPlainDate('2024-02-29')).toBe(true);
    expect(isPlainDate('2025-02-29')).toBe(false);
    expect(isPlainDate('2025-13-01')).toBe(false);
    expect(isPlainDate('2025-1-01')).toBe(false);
  });

  it('counts both ends', () => {
    expect(daysBetween('2025-01-01', '2025-01-01')).toBe(1);
    expect(daysBetween('2025-01-01', '2025-12-31')).toBe(365);
    expect(daysBetween('2025-03-29', '2025-03-31')).toBe(3);
  });
});

describe('isTimeZone', () => {
  it('knows IANA names and UTC, not made-up ones', () => {
    expect(isTimeZone('Asia/Kolkata')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});

describe('GetAdminReportQuerySchema', () => {
  const errors = (query: Record<string, string>) => {
    const result = GetAdminReportQuerySchema.safeParse(query);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('defaults to the last 30 days in UTC', () => {
    expect(GetAdminReportQuerySchema.parse({})).toEqual({ range: '30d', timezone: 'UTC' });
  });

  it('wants both dates of a custom range, in order, at most two years apart', () => {
    expect(Object.keys(errors({ range: 'custom' }))).toEqual(['from', 'to']);
    expect(Object.keys(errors({ range: 'custom', from: '2025-03-02', to: '2025-03-01' }))).toEqual(['to']);
    expect(errors({ range: 'custom', from: '2023-01-01', to: '2025-01-02' }).to).toMatch(/two years/);
    expect(errors({ range: 'custom', from: '2023-01-01', to: '2024-12-31' })).toEqual({});
  });

  it('refuses an unknown range, a date that does not exist and an unknown time zone', () => {
    expect(Object.keys(errors({ range: 'week' }))).toEqual(['range']);
    expect(Object.keys(errors({ range: 'custom', from: '2025-02-30', to: '2025-03-01' }))).toEqual(['from']);
    expect(Object.keys(errors({ timezone: 'Mars/Olympus' }))).toEqual(['timezone']);
  });
});

describe('readReportPeriod', () => {
  const inputs: Array<Record<string, string>> = [
    {},
    { range: '7d' },
    { range: 'week' },
    { range: 'custom' },
    { range: 'custom', from: '2025-03-01' },
    { range: 'custom', from: '2025-03-01', to: '2025-03-31', timezone: 'Asia/Kolkata' },
    { range: 'custom', from: '2025-03-02', to: '2025-03-01' },
    { range: 'custom', from: '2023-01-01', to: '2025-01-02' },
    { range: 'custom', from: '2025-02-30', to: '2025-03-01' },
    { range: 'custom', from: '2025-3-1', to: 'soon' },
    { range: 'custom', from: '2025-13-01', to: '2025-01-01' },
    { range: '30d', from: '2025-03-01', to: '2025-03-31' },
    { timezone: 'Mars/Olympus' },
    { timezone: 'x'.repeat(65) },
    { range: 'week', timezone: 'Mars/Olympus' },
  ];

  it.each(inputs)('reads %j as the query schema does, issues and messages alike', (input) => {
    const schema = GetAdminReportQuerySchema.safeParse(input);
    const read = readReportPeriod(input);
    expect(read.ok).toBe(schema.success);
    if (read.ok && schema.success) expect(read.period).toEqual(schema.data);
    if (!read.ok && !schema.success) {
      const byField = schema.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
      expect(read.issues).toEqual(byField);
    }
  });
});
