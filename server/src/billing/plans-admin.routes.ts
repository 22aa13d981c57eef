import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ListAdminPlansResponseSchema, ReorderPlansBodySchema, SyncPlansResponseSchema } from '@kosh/contracts';
import type { BillingModule } from './billing.module.ts';

const tags = ['admin'];

/** The admin area's plans screen: every plan, their order, their sync with Stripe (permission plans.update). */
export async function plansAdminRoutes(app: FastifyInstance, deps: { billing: BillingModule }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = deps.billing.plansAdmin;

  api.get('/admin/plans', {
    schema: {
      tags,
      summary: 'Every plan, hidden ones too, by position, with its current prices and subscribers.',
      description: [
        'Permission plans.update. subscribers_count counts valid subscriptions: active, trialing, or cancelled',
        'and still in their paid period. Create, replace and delete plans with billing/products.',
      ].join(' '),
      response: { 200: ListAdminPlansResponseSchema },
    },
    handler: async (request) => service.list(request.actor),
  });

  api.put('/admin/plans/positions', {
    schema: {
      tags,
      summary: 'Reorder the plans: each plan’s position becomes its index in ids.',
      description: 'Permission plans.update. 422 unless ids lists every plan exactly once. Audited (plan.reorder).',
      body: ReorderPlansBodySchema,
    },
    handler: async (request, reply) => {
      await service.reorder({ actor: request.actor, ip: request.ip }, request.body.ids);
      return reply.status(204).send();
    },
  });

  api.post('/admin/plans/sync', {
    schema: {
      tags,
      summary: 'Push every plan and price to Stripe.',
      description: [
        'Permission plans.update. Creates the products and prices Stripe lacks, updates products’ name and',
        'description, and archives at Stripe the prices Kosh archived. 409 when Stripe is not configured, 502',
        'when Stripe cannot be reached. Audited (plan.sync).',
      ].join(' '),
      response: { 200: SyncPlansResponseSchema },
    },
    handler: async (request) => service.sync({ actor: request.actor, ip: request.ip }),
  });
}
