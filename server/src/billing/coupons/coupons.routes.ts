import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminCouponResponseSchema,
  AdminCouponsPageSchema,
  AdminCouponsQuerySchema,
  CouponIdParamsSchema,
  CreateCouponBodySchema,
  SyncCouponsResponseSchema,
  UpdateCouponBodySchema,
} from '@kosh/contracts';
import type { CouponsService } from './coupons.service.ts';

const tags = ['billing'];
const stripeRules = 'A Stripe failure answers 502 and changes nothing.';

/** The admin area's Discount section: coupons applied at Stripe Checkout as promotion codes. */
export async function couponsRoutes(app: FastifyInstance, deps: { coupons: CouponsService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = deps.coupons;

  api.get('/billing/coupons', {
    schema: {
      tags,
      summary: 'A page of coupons, newest first.',
      description: [
        'Permission discount.update. The search finds text in the code or the name; sort by created_at (default),',
        'code, name or times_redeemed. times_redeemed is as Stripe last reported it (see billing/coupons/sync).',
      ].join(' '),
      querystring: AdminCouponsQuerySchema,
      response: { 200: AdminCouponsPageSchema },
    },
    handler: async (request) => service.list(request.actor, request.query),
  });

  api.post('/billing/coupons', {
    schema: {
      tags,
      summary: 'Create a coupon, with its coupon and promotion code at Stripe.',
      description: [
        'Permission discount.update. Exactly one of percent_off (1-100) and amount_off (with a currency);',
        'duration_in_months (1-36) only for repeating; expires_at in the future; the code unique in any case',
        '(stored upper-cased). 422 with errors.stripe when Stripe is not configured.',
        stripeRules,
        'Audited (coupon.create).',
      ].join(' '),
      body: CreateCouponBodySchema,
      response: { 201: AdminCouponResponseSchema },
    },
    handler: async (request, reply) =>
      reply.status(201).send({ coupon: await service.create({ actor: request.actor, ip: request.ip }, request.body) }),
  });

  api.post('/billing/coupons/sync', {
    schema: {
      tags,
      summary: 'Read back from Stripe how often each code was redeemed and whether it is active.',
      description: [
        'Permission discount.update. 409 when Stripe is not configured.',
        stripeRules,
        'Audited (coupon.sync).',
      ].join(' '),
      response: { 200: SyncCouponsResponseSchema },
    },
    handler: async (request) => service.sync({ actor: request.actor, ip: request.ip }),
  });

  api.put('/billing/coupons/:couponId', {
    schema: {
      tags,
      summary: 'Rename a coupon, or turn its code on or off.',
      description: [
        'Permission discount.update. Stripe never changes a coupon’s terms: a code, amount, duration, limit or',
        `expiry sent that differs from the coupon's answers 422 on that field. 404 for an unknown coupon.`,
        stripeRules,
        'Audited (coupon.update).',
      ].join(' '),
      params: CouponIdParamsSchema,
      body: UpdateCouponBodySchema,
      response: { 200: AdminCouponResponseSchema },
    },
    handler: async (request) => ({
      coupon: await service.update({ actor: request.actor, ip: request.ip }, request.params.couponId, request.body),
    }),
  });

  api.delete('/billing/coupons/:couponId', {
    schema: {
      tags,
      summary: 'Delete a coupon: its code ends and the coupon is deleted at Stripe.',
      description: [
        'Permission discount.update. Customers who already redeemed it keep their discount. 404 for an unknown',
        `coupon. ${stripeRules} Audited (coupon.delete).`,
      ].join(' '),
      params: CouponIdParamsSchema,
    },
    handler: async (request, reply) => {
      await service.delete({ actor: request.actor, ip: request.ip }, request.params.couponId);
      return reply.status(204).send();
    },
  });
}
