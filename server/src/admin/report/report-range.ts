import { daysBetween, type GetAdminReportQuery, REPORT_MAX_DAY_BUCKETS, type ReportRange } from '@kosh/contracts';
import { addDays, addMonths, endOfMonth, localDateOf, startOfDay, startOfMonth } from './zoned-time.ts';

/** A span of instants [lo, hi): ISO strings, compared as the created_at columns store them. */
export type Span = { lo: string; hi: string };
export type Bucket = Span & { label: string };

/** A report's period and the one before it, as calendar days of the zone and as instants. */
export type ResolvedRange = {
  range: ReportRange;
  timezone: string;
  from: string;
  to: string;
  previous: { from: string; to: string };
  unit: 'day' | 'month';
  current: Span;
  before: Span;
  buckets: Bucket[];
};

/** The instants from the first day's midnight to the midnight after the last day, in the zone. */
export function spanOf(from: string, to: string, timeZone: string): Span {
  return { lo: startOfDay(from, timeZone).toISOString(), hi: startOfDay(addDays(to, 1), timeZone).toISOString() };
}

/**
 * The days a preset covers, ending today in the zone: today, the last 7, 30 or 90 days, this month
 * so far, or the last 12 calendar months (this one so far).
 */
function daysOf(query: GetAdminReportQuery, today: string): { from: string; to: string } {
  switch (query.range) {
    case 'today':
      return { from: today, to: today };
    case '7d':
      return { from: addDays(today, -6), to: today };
    case '30d':
      return { from: addDays(today, -29), to: today };
    case '90d':
      return { from: addDays(today, -89), to: today };
    case 'month':
      return { from: startOfMonth(today), to: today };
    case '12m':
      return { from: addMonths(startOfMonth(today), -11), to: today };
    case 'custom':
      // The query schema makes sure both are there.
      return { from: query.from ?? today, to: query.to ?? today };
  }
}

/**
 * The period compared against: for This month and Last 12 months the same days one month or twelve
 * months earlier (March 1-10 beside February 1-10); otherwise as many days just before.
 */
export function previousOf(range: ReportRange, from: string, to: string): { from: string; to: string } {
  if (range === 'month') return { from: addMonths(from, -1), to: addMonths(to, -1) };
  if (range === '12m') return { from: addMonths(from, -12), to: addMonths(to, -12) };
  const days = daysBetween(from, to);
  return { from: addDays(from, -days), to: addDays(from, -1) };
}

/** Buckets of the period: one per day up to 90 days, else one per calendar month, cut to the period. */
export function bucketsOf(from: string, to: string, timeZone: string): { unit: 'day' | 'month'; buckets: Bucket[] } {
  const buckets: Bucket[] = [];
  if (daysBetween(from, to) <= REPORT_MAX_DAY_BUCKETS) {
    for (let day = from; day <= to; day = addDays(day, 1)) buckets.push({ label: day, ...spanOf(day, day, timeZone) });
    return { unit: 'day', buckets };
  }
  for (let first = from; first <= to; first = startOfMonth(addMonths(first, 1))) {
    const last = endOfMonth(first) < to ? endOfMonth(first) : to;
    buckets.push({ label: first.slice(0, 7), ...spanOf(first, last, timeZone) });
  }
  return { unit: 'month', buckets };
}

/** Resolves a validated query against the time now. */
export function resolveRange(query: GetAdminReportQuery, now: Date): ResolvedRange {
  const { timezone } = query;
  const { from, to } = daysOf(query, localDateOf(now, timezone));
  const previous = previousOf(query.range, from, to);
  return {
    range: query.range,
    timezone,
    from,
    to,
    previous,
    ...bucketsOf(from, to, timezone),
    current: spanOf(from, to, timezone),
    before: spanOf(previous.from, previous.to, timezone),
  };
}

/** The cache key of a resolved range: presets roll over at the zone's midnight. */
export const cacheKeyOf = (r: ResolvedRange): string => `report|${r.range}|${r.from}|${r.to}|${r.timezone}`;
