import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { badRequest } from '../http/app-error.ts';
import type { BillingModule } from './billing.module.ts';
import { gatewayError } from './gateway-error.ts';
import { isPayPalError } from './paypal/paypal-client.ts';
import type { PayPalWebhookHeaders } from './paypal/paypal-gateway.ts';

const ReceivedSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });

/**
 * The gateways' webhooks (spec: checkout, renewals, failures and cancellations arrive here). The
 * body is read as text: the signature covers its exact bytes. No session or anti-forgery token:
 * the signature is the caller's proof.
 */
export async function billingWebhookRoutes(app: FastifyInstance, deps: { billing: BillingModule }) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { stripe, paypal, events } = deps.billing;

  api.post('/billing/webhooks/stripe', {
    config: { serverToServer: true },
    schema: {
      tags: ['billing'],
      summary: 'Stripe webhook events, signed with the endpoint’s secret.',
      description: [
        'Register this address at Stripe (Developers, Webhooks) for checkout.session.completed,',
        'customer.subscription.created/updated/deleted, invoice.paid and invoice.payment_failed; put the',
        'signing secret in STRIPE_WEBHOOK_SECRET or the subscriptions settings. 400 when the Stripe-Signature',
        'header does not match the body or is older than five minutes; nothing changes then. An event id',
        'already received answers 200 with duplicate true and is not handled again.',
      ].join(' '),
      response: { 200: ReceivedSchema },
    },
    handler: async (request) => {
      const signature = request.headers['stripe-signature'];
      const body = typeof request.body === 'string' ? request.body : '';
      if (typeof signature !== 'string' || !body) throw badRequest('The webhook is not signed.');
      const event = await stripe.gateway.verifyEvent(body, signature).catch(() => {
        throw badRequest('The webhook signature is not valid.');
      });
      const { duplicate } = await events.receive({
        gateway: 'stripe',
        event_id: event.id,
        type: event.type,
        payload: body,
      });
      return { received: true as const, duplicate };
    },
  });

  api.post('/billing/webhooks/paypal', {
    config: { serverToServer: true },
    schema: {
      tags: ['billing'],
      summary: 'PayPal webhook events, verified with PayPal’s verify-webhook-signature call.',
      description: [
        'Register this address at PayPal (Developer Dashboard, your app, Webhooks) for',
        'BILLING.SUBSCRIPTION.ACTIVATED/RE-ACTIVATED/UPDATED/CANCELLED/EXPIRED/SUSPENDED,',
        'BILLING.SUBSCRIPTION.PAYMENT.FAILED and PAYMENT.SALE.COMPLETED; put the webhook’s id in',
        'PAYPAL_WEBHOOK_ID or the subscriptions settings. 400 when PayPal does not confirm the signature',
        'headers for this body and webhook, or the transmission is older than five minutes; nothing changes',
        'then. An event id already received answers 200 with duplicate true and is not handled again.',
      ].join(' '),
      response: { 200: ReceivedSchema },
    },
    handler: async (request) => {
      const body = typeof request.body === 'string' ? request.body : '';
      const headers = request.headers as PayPalWebhookHeaders;
      if (!body || typeof headers['paypal-transmission-sig'] !== 'string')
        throw badRequest('The webhook is not signed.');
      const event = await paypal.gateway.verifyEvent(body, headers).catch((error: unknown) => {
        // PayPal unreachable is not the sender's fault: 502 makes PayPal deliver it again later.
        if (isPayPalError(error)) throw gatewayError(error);
        throw badRequest('The webhook signature is not valid.');
      });
      const { duplicate } = await events.receive({
        gateway: 'paypal',
        event_id: event.id,
        type: event.event_type,
        payload: body,
      });
      return { received: true as const, duplicate };
    },
  });
}
