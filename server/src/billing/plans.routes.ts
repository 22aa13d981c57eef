import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ListProductsQuerySchema,
  ListProductsResponseSchema,
  ProductIdParamsSchema,
  ProductResponseSchema,
  SaveProductBodySchema,
} from '@kosh/contracts';
import type { BillingModule } from './billing.module.ts';

const tags = ['billing'];
const saveRules = [
  'Permission plans.update. Amounts are in the major unit of the currency (rupees), at most two decimals.',
  'Refused with 422 and an errors map: a name another plan has (any case; code name_taken), a second free plan',
  '(free), a free plan with a price above 0 or a paid plan without one (prices), two prices of one currency and',
  'cycle (prices.N.interval), a price id that is not a current price of the plan (prices.N.id).',
  'Saving a visible plan as recommended un-marks the plan that was recommended before, in the same transaction,',
  'so the pricing page shows one Most popular badge.',
].join(' ');

/** Plans and prices (spec part 2, 3, 5 and 7 "Commercial"): the pricing page's listing and staff changes. */
export async function plansRoutes(app: FastifyInstance, deps: { billing: BillingModule }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const plans = deps.billing.plans;

  api.get('/billing/products', {
    schema: {
      tags,
      summary: 'The plans the pricing page offers, by position, each with its current prices (a month before a year).',
      description: [
        'Public. Hidden plans are never listed. A user with a valid subscription is offered only plans with more',
        'space than the plan of their subscription (spec part 2, 5). One page holds every plan.',
      ].join(' '),
      querystring: ListProductsQuerySchema,
      response: { 200: ListProductsResponseSchema },
    },
    handler: async (request) => plans.list(request.actor),
  });

  api.post('/billing/products', {
    schema: {
      tags,
      summary: 'Create a plan with its prices.',
      description: saveRules,
      body: SaveProductBodySchema,
      response: { 201: ProductResponseSchema },
    },
    handler: async (request, reply) =>
      reply.status(201).send({ product: await plans.create(request.actor, request.body, request.ip) }),
  });

  api.put('/billing/products/:productId', {
    schema: {
      tags,
      summary: 'Replace a plan and its prices.',
      description: [
        saveRules,
        'Listed prices with the id of a current price stay when their amount, currency and cycle are unchanged;',
        'a price whose terms change is archived and a new price is created, and current prices not listed are',
        'archived: subscriptions keep the price they were sold. 404 for an unknown plan.',
      ].join(' '),
      params: ProductIdParamsSchema,
      body: SaveProductBodySchema,
      response: { 200: ProductResponseSchema },
    },
    handler: async (request) => ({
      product: await plans.update(request.actor, request.params.productId, request.body, request.ip),
    }),
  });

  api.delete('/billing/products/:productId', {
    schema: {
      tags,
      summary: 'Delete a plan with its prices.',
      description: [
        'Permission plans.update. 404 for an unknown plan; 409 for the free plan, the plan of everyone without a',
        'subscription (hide it instead).',
      ].join(' '),
      params: ProductIdParamsSchema,
    },
    handler: async (request, reply) => {
      await plans.delete(request.actor, request.params.productId, request.ip);
      return reply.status(204).send();
    },
  });
}
