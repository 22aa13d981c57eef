import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BillingGatewaysResponseSchema,
  ChangePlanBodySchema,
  ChangePlanConfirmBodySchema,
  ChangePlanResponseSchema,
  PlanChangePreviewResponseSchema,
  CheckoutBodySchema,
  CheckoutResponseSchema,
  ConfirmPayPalCheckoutBodySchema,
  ConfirmStripeCheckoutBodySchema,
  CurrentSubscriptionResponseSchema,
  ListInvoicesQuerySchema,
  ListInvoicesResponseSchema,
  SubscriptionResponseSchema,
} from '@kosh/contracts';
import type { BillingModule } from './billing.module.ts';

const tags = ['billing'];

/** Checkout, the billing page's subscription with cancel and renew, and the payment history. */
export async function subscriptionsRoutes(app: FastifyInstance, deps: { billing: BillingModule }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { checkout, subscriptions, planChange, paymentMethod } = deps.billing;

  api.get('/billing/gateways', {
    schema: {
      tags,
      summary: 'The payment gateways the checkout page may offer.',
      description: 'Public. Empty while billing is off; a gateway is listed once its keys are configured.',
      response: { 200: BillingGatewaysResponseSchema },
    },
    handler: async () => ({ gateways: await checkout.gateways() }),
  });

  api.post('/billing/checkout', {
    schema: {
      tags,
      summary: 'Start paying for a plan: answers the gateway’s hosted page to send the browser to.',
      description: [
        'Login required. 403 while billing is off; 422 for a gateway that is not configured (gateway) or a',
        'price that is not a current price of a visible paid plan (price_id); 409 when the user already has a',
        'valid subscription (they change plan instead); 502 when the gateway cannot be reached.',
      ].join(' '),
      body: CheckoutBodySchema,
      response: { 200: CheckoutResponseSchema },
    },
    handler: async (request) => checkout.start(request.actor, request.body, request.baseUrl),
  });

  api.post('/billing/checkout/stripe/confirm', {
    schema: {
      tags,
      summary: 'Confirm a Stripe Checkout session on return from Stripe and record its subscription.',
      description: [
        'Login required. 404 for a session that is not this user’s; 409 while it is not paid. Safe to repeat;',
        'the webhook records the same subscription whichever arrives first.',
      ].join(' '),
      body: ConfirmStripeCheckoutBodySchema,
      response: { 200: SubscriptionResponseSchema },
    },
    handler: async (request) => ({
      subscription: await checkout.confirmStripe(request.actor, request.body.session_id),
    }),
  });

  api.post('/billing/checkout/paypal/confirm', {
    schema: {
      tags,
      summary: 'Confirm a PayPal subscription on return from PayPal’s approval page and record it.',
      description: [
        'Login required. 404 for a subscription that is not this user’s; 409 while it is not active (not',
        'approved yet). Safe to repeat; the webhook records the same subscription whichever arrives first.',
      ].join(' '),
      body: ConfirmPayPalCheckoutBodySchema,
      response: { 200: SubscriptionResponseSchema },
    },
    handler: async (request) => ({
      subscription: await checkout.confirmPayPal(request.actor, request.body.subscription_id),
    }),
  });

  api.get('/billing/subscription', {
    schema: {
      tags,
      summary: 'The subscription the billing page shows: a valid one, else the newest not ended, else null.',
      response: { 200: CurrentSubscriptionResponseSchema },
    },
    handler: async (request) => ({ subscription: await subscriptions.current(request.actor) }),
  });

  api.post('/billing/subscription/cancel', {
    schema: {
      tags,
      summary: 'Cancel at the end of the paid period; the plan stays until then.',
      description: '404 without a subscription; 409 when it is already cancelled or ended.',
      response: { 200: SubscriptionResponseSchema },
    },
    handler: async (request) => ({ subscription: await subscriptions.cancel(request.actor) }),
  });

  api.post('/billing/subscription/resume', {
    schema: {
      tags,
      summary: 'Take back a cancellation while the paid period lasts.',
      description: '404 without a subscription; 409 unless it is cancelled and not yet ended.',
      response: { 200: SubscriptionResponseSchema },
    },
    handler: async (request) => ({ subscription: await subscriptions.resume(request.actor) }),
  });

  api.post('/billing/subscription/change-plan/preview', {
    schema: {
      tags,
      summary: 'What moving to a bigger plan costs now and when it renews (Stripe’s proration preview).',
      description: [
        'The new price starts now; the unused part of the current price is credited. 404 without a',
        'subscription; 409 unless it is active or on trial; 422 for a price that is not a current price of a',
        'visible paid plan with more space than the current one (price_id, product_id).',
      ].join(' '),
      body: ChangePlanBodySchema,
      response: { 200: PlanChangePreviewResponseSchema },
    },
    handler: async (request) => ({ preview: await planChange.preview(request.actor, request.body) }),
  });

  api.post('/billing/subscription/change-plan', {
    schema: {
      tags,
      summary:
        'Move to a bigger plan: at once with Stripe (send the preview’s proration_date), or PayPal’s approval page.',
      description: [
        'The same refusals as the preview. A Stripe subscription answers the changed subscription; a PayPal one',
        'answers redirect_url, PayPal’s page where the subscriber approves the change, which returns to',
        '/billing/change-plan/paypal/done.',
      ].join(' '),
      body: ChangePlanConfirmBodySchema,
      response: { 200: ChangePlanResponseSchema },
    },
    handler: async (request) => planChange.change(request.actor, request.body, request.baseUrl),
  });

  api.post('/billing/subscription/change-plan/paypal/confirm', {
    schema: {
      tags,
      summary: 'Record a plan change approved at PayPal, on return from PayPal’s page.',
      description: [
        'Login required. Answers the subscription on the plan PayPal has it on now (unchanged when the change',
        'was not approved); 404 for a subscription that is not the user’s current one. Safe to repeat.',
      ].join(' '),
      body: ConfirmPayPalCheckoutBodySchema,
      response: { 200: SubscriptionResponseSchema },
    },
    handler: async (request) => ({
      subscription: await planChange.confirmPayPal(request.actor, request.body.subscription_id),
    }),
  });

  api.post('/billing/payment-method', {
    schema: {
      tags,
      summary: 'Start changing the card the plan is charged to: answers Stripe’s hosted page (setup mode).',
      description: '404 without a subscription; 409 when the plan has no card at Stripe or has ended; 502 on failure.',
      response: { 200: CheckoutResponseSchema },
    },
    handler: async (request) => paymentMethod.start(request.actor, request.baseUrl),
  });

  api.post('/billing/payment-method/confirm', {
    schema: {
      tags,
      summary: 'On return from Stripe: make the saved card the one the plan and its customer are charged to.',
      description: '404 for a session that is not this user’s setup session; 409 while no card is saved.',
      body: ConfirmStripeCheckoutBodySchema,
      response: { 200: SubscriptionResponseSchema },
    },
    handler: async (request) => ({
      subscription: await paymentMethod.confirm(request.actor, request.body.session_id),
    }),
  });

  api.get('/billing/invoices', {
    schema: {
      tags,
      summary: 'The user’s invoices, newest first (the payment history).',
      querystring: ListInvoicesQuerySchema,
      response: { 200: ListInvoicesResponseSchema },
    },
    handler: async (request) => subscriptions.invoices(request.actor, request.query),
  });
}
