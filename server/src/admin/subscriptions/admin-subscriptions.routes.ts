import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminCancelSubscriptionBodySchema,
  AdminSubscriptionDetailSchema,
  AdminSubscriptionIdParamsSchema,
  AdminSubscriptionResponseSchema,
  AdminSubscriptionsPageSchema,
  AdminSubscriptionsQuerySchema,
  GrantSubscriptionBodySchema,
} from '@kosh/contracts';
import type { AdminSubscriptionsService } from './admin-subscriptions.service.ts';

const tags = ['admin'];
const source = (request: FastifyRequest) => ({ actor: request.actor, ip: request.ip });

/** The admin area's subscriptions; permission subscriptions.update. */
export async function adminSubscriptionsRoutes(
  app: FastifyInstance,
  deps: { subscriptions: AdminSubscriptionsService },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = deps.subscriptions;

  api.get('/admin/subscriptions', {
    schema: {
      tags,
      summary: 'Every subscription with its user and plan, newest first.',
      description: [
        'Permission subscriptions.update. Filters: state (active, trialing, past_due, incomplete, cancelled — in',
        'its paid period — or ended: the expired subscriptions), gateway (stripe, paypal, none: granted by staff),',
        'productId, userId; the search finds text in the user’s email or the gateway’s id. Sort by created_at',
        '(default), ends_at or renews_at.',
      ].join(' '),
      querystring: AdminSubscriptionsQuerySchema,
      response: { 200: AdminSubscriptionsPageSchema },
    },
    handler: async (request) => service.list(source(request), request.query),
  });

  api.post('/admin/subscriptions', {
    schema: {
      tags,
      summary: 'Grant a plan without payment until a day (inclusive, UTC).',
      description: [
        'Permission subscriptions.update. 422 for an unknown user (user_id), a free or unknown plan (product_id), a',
        'day already past (ends_on), or a user who already has a valid subscription (user_id). Audited',
        '(subscription.grant).',
      ].join(' '),
      body: GrantSubscriptionBodySchema,
      response: { 201: AdminSubscriptionResponseSchema },
    },
    handler: async (request, reply) =>
      reply.status(201).send({ subscription: await service.grant(source(request), request.body) }),
  });

  api.get('/admin/subscriptions/:id', {
    schema: {
      tags,
      summary: 'One subscription with its invoices (the latest 100).',
      description: 'Permission subscriptions.update. 404 for an unknown subscription.',
      params: AdminSubscriptionIdParamsSchema,
      response: { 200: AdminSubscriptionDetailSchema },
    },
    handler: async (request) => service.detail(source(request), request.params.id),
  });

  api.post('/admin/subscriptions/:id/cancel', {
    schema: {
      tags,
      summary: 'Cancel at the end of the paid period (default) or now; a Stripe subscription is changed at Stripe.',
      description: [
        'Permission subscriptions.update. 404 unknown; 409 when it has ended, or is already cancelled and',
        'at_period_end is true; 502 when Stripe cannot be reached. Audited (subscription.cancel).',
      ].join(' '),
      params: AdminSubscriptionIdParamsSchema,
      body: AdminCancelSubscriptionBodySchema,
      response: { 200: AdminSubscriptionResponseSchema },
    },
    handler: async (request) => ({
      subscription: await service.cancel(source(request), request.params.id, request.body),
    }),
  });

  api.post('/admin/subscriptions/:id/resume', {
    schema: {
      tags,
      summary: 'Take back a cancellation while the paid period (or granted term) lasts.',
      description: 'Permission subscriptions.update. 404 unknown; 409 unless cancelled and not ended. Audited.',
      params: AdminSubscriptionIdParamsSchema,
      response: { 200: AdminSubscriptionResponseSchema },
    },
    handler: async (request) => ({ subscription: await service.resume(source(request), request.params.id) }),
  });
}
