import { z } from 'zod';

// The admin report (the /admin index screen): first-party figures of a period and the period before
// it, series over time, and breakdowns. BeDrive's report reads Google Analytics; ours reads only
// Kosh's own tables.

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

/** True for a time zone name this runtime knows (IANA names and UTC). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * The change from `previous` to `value` in percent, rounded to one decimal; null when there was
 * nothing before and something now (no finite percentage), 0 when both are 0.
 */
export function percentChange(value: number, previous: number): number | null {
  if (previous === 0) return value === 0 ? 0 : null;
  return Math.round(((value - previous) / previous) * 1000) / 10;
}

const plainDate = (label: string) =>
  z.string().refine(isPlainDate, `The ${label} date must be a date written YYYY-MM-DD.`).optional();

export const GetAdminReportQuerySchema = z
  .object({
    range: z
      .enum(REPORT_RANGES, { error: `The range must be one of ${REPORT_RANGES.join(', ')}.` })
      .default(REPORT_DEFAULT_RANGE),
    /** First day of a custom range, in the time zone. */
    from: plainDate('from'),
    /** Last day of a custom range (counted), in the time zone. */
    to: plainDate('to'),
    /** IANA name; days and months are cut at its midnights. */
    timezone: z.string().max(64).default('UTC'),
  })
  .superRefine((q, ctx) => {
    if (!isTimeZone(q.timezone)) ctx.addIssue({ code: 'custom', path: ['timezone'], message: 'Unknown time zone.' });
    if (q.range !== 'custom') return;
    if (!q.from) ctx.addIssue({ code: 'custom', path: ['from'], message: 'The from date is required.' });
    if (!q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The to date is required.' });
    if (!q.from || !q.to) return;
    if (q.from > q.to)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'The to date must be on or after the from date.' });
    else if (daysBetween(q.from, q.to) > REPORT_MAX_SPAN_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'A custom range may span at most two years.' });
  });
export type GetAdminReportQuery = z.infer<typeof GetAdminReportQuerySchema>;

/** A figure of the period and the same figure of the period before it. */
export const ReportMetricSchema = z.object({ value: z.number(), previous: z.number() });
export type ReportMetric = z.infer<typeof ReportMetricSchema>;

export const ReportBucketSchema = z.object({
  /** YYYY-MM-DD for day buckets, YYYY-MM for month buckets, in the time zone. */
  label: z.string(),
  /** The bucket's first instant (ISO, UTC). */
  start: z.string(),
  sign_ups: z.number().int(),
  uploads: z.number().int(),
  uploaded_bytes: z.number(),
  /** Bytes of the entries that exist now and were created before the bucket's end. */
  space_used: z.number(),
});
export type ReportBucket = z.infer<typeof ReportBucketSchema>;

/** Distinct users per value (country, browser, platform); null: not known. */
export const ReportBreakdownSchema = z.object({
  items: z.array(z.object({ name: z.string().nullable(), users: z.number().int() })),
  /** Users of the values past the top ones, summed per value. */
  other: z.number().int(),
});
export type ReportBreakdown = z.infer<typeof ReportBreakdownSchema>;

export const ReportTopUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  image: z.string().nullable(),
  bytes: z.number(),
  files: z.number().int(),
});
export type ReportTopUser = z.infer<typeof ReportTopUserSchema>;

/** Revenue of one currency: minor units of the invoices paid in the period and in the previous one. */
export const ReportRevenueSchema = ReportMetricSchema.extend({ currency: z.string() });
export type ReportRevenue = z.infer<typeof ReportRevenueSchema>;

export const ReportBillingSchema = z.object({
  /** Subscriptions valid now (active, trialing, or cancelled and still in the paid period), whatever the period. */
  active_subscriptions: z.number().int(),
  /** One row per currency paid in either period, by currency code. */
  revenue: z.array(ReportRevenueSchema),
});
export type ReportBilling = z.infer<typeof ReportBillingSchema>;

export const AdminReportSchema = z
  .object({
    range: z.object({
      range: z.enum(REPORT_RANGES),
      timezone: z.string(),
      /** First and last day (counted) in the time zone. */
      from: z.string(),
      to: z.string(),
      /** The period compared against. */
      previous: z.object({ from: z.string(), to: z.string() }),
      unit: z.enum(['day', 'month']),
    }),
    /** When the figures were read (the answer may come from the cache). */
    generated_at: z.string(),
    cards: z.object({
      new_users: ReportMetricSchema,
      active_users: ReportMetricSchema,
      new_files: ReportMetricSchema,
      new_folders: ReportMetricSchema,
      /** Uploads are the files created; their bytes. */
      uploaded_bytes: ReportMetricSchema,
      /** Now, trash included; previous: at the end of the previous period. */
      space_used: ReportMetricSchema,
      links_created: ReportMetricSchema,
    }),
    /** Subscriptions and revenue while billing is on; absent while it is off. */
    billing: ReportBillingSchema.optional(),
    series: z.array(ReportBucketSchema),
    space_by_type: z.array(z.object({ type: z.string(), bytes: z.number(), files: z.number().int() })),
    countries: ReportBreakdownSchema,
    browsers: ReportBreakdownSchema,
    platforms: ReportBreakdownSchema,
    top_users: z.array(ReportTopUserSchema),
  })
  .describe('The admin report of a period beside the period before it.');
export type AdminReport = z.infer<typeof AdminReportSchema>;

export const GetAdminReportResponseSchema = z.object({ report: AdminReportSchema });
export type GetAdminReportResponse = z.infer<typeof GetAdminReportResponseSchema>;
