import { z } from 'zod';
import {
  periodIssues,
  plainDateMessage,
  REPORT_DEFAULT_RANGE,
  REPORT_RANGE_MESSAGE,
  REPORT_RANGES,
  REPORT_TIMEZONE_MAX,
  REPORT_TIMEZONE_MESSAGE,
  isPlainDate,
} from './report-period.ts';

// The admin report (the /admin index screen): first-party figures of a period and the period before
// it, series over time, and breakdowns. BeDrive's report reads Google Analytics; ours reads only
// Kosh's own tables.

const plainDate = (label: 'from' | 'to') => z.string().refine(isPlainDate, plainDateMessage(label)).optional();

/** The period of a report; report-period.ts reads it the same way without zod, for the web's first load. */
export const GetAdminReportQuerySchema = z
  .object({
    range: z.enum(REPORT_RANGES, { error: REPORT_RANGE_MESSAGE }).default(REPORT_DEFAULT_RANGE),
    /** First day of a custom range, in the time zone. */
    from: plainDate('from'),
    /** Last day of a custom range (counted), in the time zone. */
    to: plainDate('to'),
    /** IANA name; days and months are cut at its midnights. */
    timezone: z.string().max(REPORT_TIMEZONE_MAX, REPORT_TIMEZONE_MESSAGE).default('UTC'),
  })
  .superRefine((period, ctx) => {
    for (const { path, message } of periodIssues(period)) ctx.addIssue({ code: 'custom', path: [path], message });
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
