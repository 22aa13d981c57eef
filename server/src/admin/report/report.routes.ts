import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { GetAdminReportQuerySchema, GetAdminReportResponseSchema } from '@kosh/contracts';
import type { ReportModule } from './report.module.ts';

const tags = ['admin'];

/** The admin report (the /admin index screen). */
export async function reportRoutes(app: FastifyInstance, deps: { report: ReportModule }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const report = deps.report.service;

  api.get('/admin/report', {
    schema: {
      tags,
      summary: "The admin report: a period's figures beside the period before it, series and breakdowns.",
      description: [
        'Permission admin.access. First-party data only (no analytics service). range is today, 7d, 30d, 90d,',
        'month (this month so far), 12m (the last 12 calendar months, this one so far) or custom with from and to',
        '(YYYY-MM-DD, both counted, at most two years); days are cut at the midnights of timezone (IANA, default',
        'UTC). The previous period is as many days just before, except month and 12m: the same days one month or',
        'twelve months earlier. Cards: users created; active users (distinct users with a session or personal',
        'access token in use during the period, counted from its creation to its last activity); files and',
        'folders created and the bytes of those files (trash included); space used at the end of the period (the',
        'bytes of the entries there are now, trash included, less those created after); shareable links created.',
        'Series per day up to 90 days, else per calendar month: sign-ups, uploads, bytes and space used at the',
        "bucket's end. Space by file type and the 10 users with the most bytes are taken now; countries, browsers",
        'and platforms count distinct users of the sessions active in the period (top 10, the rest as other).',
        'While billing is on, billing gives the subscriptions valid now (active, trialing, or cancelled and still',
        'in the paid period) and the revenue: minor units of the invoices paid in the period and in the previous',
        'one, per currency; absent while billing is off. Answers are cached in the server process for 60 seconds',
        'per range, days and time zone (today included) and apart with billing on and off, so a change shows',
        'within a minute and switching billing at once. 422 with an errors map for',
        'an unknown range or time zone, a missing or impossible date, to before from, or a span over two years.',
      ].join(' '),
      querystring: GetAdminReportQuerySchema,
      response: { 200: GetAdminReportResponseSchema },
    },
    handler: async (request) => ({ report: await report.get(request.actor, request.query) }),
  });
}
