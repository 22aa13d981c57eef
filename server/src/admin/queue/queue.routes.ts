import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ListQueueQuerySchema,
  ListQueueResponseSchema,
  QueueJobParamsSchema,
  QueueJobResponseSchema,
} from '@kosh/contracts';
import type { QueueService } from './queue.service.ts';

const tags = ['admin'];
const source = (request: FastifyRequest) => ({ actor: request.actor, ip: request.ip });

/** The settings' Queue tab; permission settings.update. */
export async function queueRoutes(app: FastifyInstance, deps: { queue: QueueService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = deps.queue;

  api.get('/admin/queue', {
    schema: {
      tags,
      summary: 'The jobs of the queue (the gateways’ webhook events), newest first, with a count per state.',
      description: [
        'Permission settings.update. state: pending (waiting for an attempt or a retry), running (leased to a',
        'process), failed (set aside after its last attempt) or done; without it, every job.',
      ].join(' '),
      querystring: ListQueueQuerySchema,
      response: { 200: ListQueueResponseSchema },
    },
    handler: async (request) => service.list(source(request), request.query),
  });

  api.post('/admin/queue/:jobId/retry', {
    schema: {
      tags,
      summary: 'Run a pending or failed job now, with its attempts counted afresh.',
      description: [
        'Permission settings.update. Answers the job as it stands after the attempt (done, or pending with its',
        'next retry and the error). 409 for a job running or done; 404 for an unknown one. Audited (queue.retry).',
      ].join(' '),
      params: QueueJobParamsSchema,
      response: { 200: QueueJobResponseSchema },
    },
    handler: async (request) => ({ job: await service.retry(source(request), request.params.jobId) }),
  });
}
