import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  JobKeyParamsSchema,
  JobRunResponseSchema,
  JobRunsPageSchema,
  JobRunsQuerySchema,
  JobsResponseSchema,
  MAIL_LOG_DAYS,
  MailLogEntryResponseSchema,
  MailLogPageSchema,
  MailLogQuerySchema,
  idParam,
} from '@kosh/contracts';
import { z } from 'zod';
import type { AdminModule } from './admin.module.ts';

const tags = ['admin'];

/** The admin area's logs: schedule (jobs and their runs) and outgoing email. Permission logs.view. */
export async function adminLogsRoutes(app: FastifyInstance, deps: { admin: AdminModule }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { jobs, mail } = deps.admin;

  api.get('/admin/jobs', {
    schema: {
      tags,
      summary: 'The periodic jobs (trash purge and orphan sweep, upload expiry, logs cleanup) with their last run.',
      description: 'Permission logs.view.',
      response: { 200: JobsResponseSchema },
    },
    handler: async (request) => jobs.list(request.actor),
  });

  api.get('/admin/job-runs', {
    schema: {
      tags,
      summary: 'Every run of the periodic jobs: started, duration, result, output or error; newest first.',
      description: [
        'Permission logs.view. Filters: job key, status, a date range of its start; the search finds text in the',
        "run's error or its job's key.",
        `Kept ${MAIL_LOG_DAYS} days.`,
      ].join(' '),
      querystring: JobRunsQuerySchema,
      response: { 200: JobRunsPageSchema },
    },
    handler: async (request) => jobs.listRuns(request.actor, request.query),
  });

  api.post('/admin/jobs/:job/run', {
    schema: {
      tags,
      summary: 'Run a job now and answer its run when it ends.',
      description: [
        'Permission logs.view. A run that fails is still a run: 200 with status failed and its error. 404 for an',
        'unknown job; 409 while another server process runs it (PostgreSQL advisory lock). Audited as job.run.',
      ].join(' '),
      params: JobKeyParamsSchema,
      response: { 200: JobRunResponseSchema },
    },
    handler: async (request) => ({
      run: await jobs.runNow({ actor: request.actor, ip: request.ip }, request.params.job),
    }),
  });

  api.get('/admin/mail-log', {
    schema: {
      tags,
      summary: 'Every mail Kosh sent or failed to send, newest first.',
      description: [
        `Permission logs.view. Kept ${MAIL_LOG_DAYS} days. Filters: status (sent, failed), template, a date range;`,
        'the search finds text in the address or the subject.',
      ].join(' '),
      querystring: MailLogQuerySchema,
      response: { 200: MailLogPageSchema },
    },
    handler: async (request) => mail.list(request.actor, request.query),
  });

  api.get('/admin/mail-log/:id', {
    schema: {
      tags,
      summary: 'One mail with its rendered text and HTML, for a preview.',
      description: 'Permission logs.view. The HTML is shown by the admin area in a sandboxed frame without scripts.',
      params: z.object({ id: idParam() }),
      response: { 200: MailLogEntryResponseSchema },
    },
    handler: async (request) => ({ mail: await mail.show(request.actor, request.params.id) }),
  });
}
