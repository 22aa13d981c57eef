// The report's period, read without zod: the admin report page parses its address with it on its first
// load, which then carries no zod (about 90 KB of script to evaluate on a phone), and the API's query
// schema (admin-report.ts) applies the same rules.
import { isTimeZone } from './format.ts';

/** Presets of the range selector; custom takes from and to. */
export const REPORT_RANGES = ['today', '7d', '30d', '90d', 'month', '12m', 'custom'] as const;
export type ReportRange = (typeof REPORT_RANGES)[number];
export const REPORT_DEFAULT_RANGE: ReportRange = '30d';
/** The longest custom range, in days (two years, one of them leap). */
export const REPORT_MAX_SPAN_DAYS = 731;
/** Ranges up to this many days are bucketed by day; longer ones by month. */
export const REPORT_MAX_DAY_BUCKETS = 90;
/** Answers are kept this long per query in the server process, today's included. */
export const REPORT_CACHE_TTL_MS = 60_000;
/** Rows of each breakdown before the rest is summed as other. */
export const REPORT_TOP = 10;

const PLAIN_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar date written YYYY-MM-DD (2025-02-30 is not). */
export function isPlainDate(value: string): boolean {
  if (!PLAIN_DATE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Days from `from` to `to`, both counted: 2025-01-01 to 2025-01-31 is 31. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * The change from `previous` to `value` in percent, rounded to one decimal; null when there was
 * nothing before and something now (no finite percentage), 0 when both are 0.
 */
export function percentChange(value: number, previous: number): number | null {
  if (previous === 0) return value === 0 ? 0 : null;
  return Math.round(((value - previous) / previous) * 1000) / 10;
}

/** A period as the report is asked for: a preset, or a custom range of two days, cut in a time zone. */
export type ReportPeriod = { range: ReportRange; from?: string; to?: string; timezone: string };
/** A period as it arrives (from an address, a form or a query string): nothing is known of it yet. */
export type ReportPeriodInput = { range?: string; from?: string; to?: string; timezone?: string };
export type PeriodIssue = { path: keyof ReportPeriod; message: string };

/** The longest time zone name accepted. */
export const REPORT_TIMEZONE_MAX = 64;
export const REPORT_RANGE_MESSAGE = `The range must be one of ${REPORT_RANGES.join(', ')}.`;
export const plainDateMessage = (label: 'from' | 'to') => `The ${label} date must be a date written YYYY-MM-DD.`;
export const REPORT_TIMEZONE_MESSAGE = `The time zone may have at most ${REPORT_TIMEZONE_MAX} characters.`;

/** The rules a period of well-formed fields must still meet: a known zone, and a custom range's two days. */
export function periodIssues(period: ReportPeriod): PeriodIssue[] {
  const issues: PeriodIssue[] = [];
  if (!isTimeZone(period.timezone)) issues.push({ path: 'timezone', message: 'Unknown time zone.' });
  if (period.range !== 'custom') return issues;
  const { from, to } = period;
  if (!from) issues.push({ path: 'from', message: 'The from date is required.' });
  if (!to) issues.push({ path: 'to', message: 'The to date is required.' });
  if (!from || !to) return issues;
  if (from > to) issues.push({ path: 'to', message: 'The to date must be on or after the from date.' });
  else if (daysBetween(from, to) > REPORT_MAX_SPAN_DAYS)
    issues.push({ path: 'to', message: 'A custom range may span at most two years.' });
  return issues;
}

const isRange = (value: string): value is ReportRange => (REPORT_RANGES as readonly string[]).includes(value);

/**
 * A period read as GetAdminReportQuerySchema reads it (30 days and UTC unless named), or what is wrong
 * with it, in the schema's order: each field's form, then the period's own rules.
 */
export function readReportPeriod(
  input: ReportPeriodInput,
): { ok: true; period: ReportPeriod } | { ok: false; issues: PeriodIssue[] } {
  const { range = REPORT_DEFAULT_RANGE, from, to, timezone = 'UTC' } = input;
  const issues: PeriodIssue[] = [];
  if (!isRange(range)) issues.push({ path: 'range', message: REPORT_RANGE_MESSAGE });
  if (from !== undefined && !isPlainDate(from)) issues.push({ path: 'from', message: plainDateMessage('from') });
  if (to !== undefined && !isPlainDate(to)) issues.push({ path: 'to', message: plainDateMessage('to') });
  if (timezone.length > REPORT_TIMEZONE_MAX) issues.push({ path: 'timezone', message: REPORT_TIMEZONE_MESSAGE });
  // As zod does, only a range of no known kind stops the period's own rules from being checked.
  if (!isRange(range)) return { ok: false, issues };
  const period: ReportPeriod = { range, timezone };
  if (from !== undefined) period.from = from;
  if (to !== undefined) period.to = to;
  issues.push(...periodIssues(period));
  return issues.length > 0 ? { ok: false, issues } : { ok: true, period };
}

/** The period an address names (?range=7d, ?range=custom&from&to), else the default 30 days. */
export function reportPeriodOf(search: { get(name: string): string | null }, timezone: string): ReportPeriod {
  const read = readReportPeriod({
    range: search.get('range') ?? undefined,
    from: search.get('from') ?? undefined,
    to: search.get('to') ?? undefined,
    timezone,
  });
  return read.ok ? read.period : { range: REPORT_DEFAULT_RANGE, timezone };
}
