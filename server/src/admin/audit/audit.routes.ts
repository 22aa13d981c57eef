import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AuditLogPageSchema, AuditLogQuerySchema } from '@kosh/contracts';
import type { AdminModule } from '../admin.module.ts';

/** The admin audit log (admin area, logs: audit). */
export async function auditRoutes(app: FastifyInstance, deps: { admin: AdminModule }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/admin/audit-log', {
    schema: {
      tags: ['admin'],
      summary: 'Every staff change: who, through whom, what, when, before and after.',
      description: [
        'Permission logs.view. Newest first; filters by actor id, action (such as user.suspend), target type and',
        'id, and a date range (from/to, inclusive calendar dates in UTC). The search matches an actor email, an',
        'action or a target label exactly. Rows outlive the accounts they name.',
      ].join(' '),
      querystring: AuditLogQuerySchema,
      response: { 200: AuditLogPageSchema },
    },
    handler: async (request) => deps.admin.audit.list(request.actor, request.query),
  });
}
