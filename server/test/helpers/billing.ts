import { randomBytes } from 'node:crypto';
import type { Product } from '@kosh/contracts';
import { staffAgent } from './staff.ts';
import { type PayPalStandIn, startPayPalStandIn } from './paypal/stand-in.ts';
import { type StripeStandIn, startStripeStandIn } from './stripe/stand-in.ts';
import { type Agent, createTestApp, type TestApp } from './test-app.ts';

export const STRIPE_SECRET = 'sk_test_kosh_billing';
export const STRIPE_WEBHOOK_SECRET = 'whsec_kosh_billing';
export const WEBHOOK_URL = '/api/v1/billing/webhooks/stripe';
export const PAYPAL_CLIENT_ID = 'kosh-paypal-client';
export const PAYPAL_CLIENT_SECRET = 'kosh-paypal-secret';
export const PAYPAL_WEBHOOK_ID = 'WH-KOSH-0001';
export const PAYPAL_WEBHOOK_URL = '/api/v1/billing/webhooks/paypal';
export const GB = 1024 ** 3;
export const TB = 1024 ** 4;

export type BillingTestApp = TestApp & { stripe: StripeStandIn; admin: Agent };
export type PayPalBillingTestApp = BillingTestApp & { paypal: PayPalStandIn };

/**
 * The app with billing on and Stripe configured through the environment, pointed at a local
 * stand-in of Stripe's API whose webhooks come back through the app's own endpoint.
 */
export async function createBillingApp(
  env: Record<string, string> = {},
  paypal?: PayPalStandIn,
): Promise<BillingTestApp> {
  let app: TestApp | undefined;
  const stripe = await startStripeStandIn({
    secretKey: STRIPE_SECRET,
    webhookSecret: STRIPE_WEBHOOK_SECRET,
    deliver: async (payload, headers) => {
      if (!app) return 503;
      const res = await app.app.inject({ method: 'POST', url: WEBHOOK_URL, payload, headers });
      return res.statusCode;
    },
  });
  app = await createTestApp({
    TRUST_PROXY: 'true',
    STRIPE_SECRET_KEY: STRIPE_SECRET,
    STRIPE_WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
    ...(paypal
      ? {
          PAYPAL_CLIENT_ID,
          PAYPAL_CLIENT_SECRET,
          PAYPAL_WEBHOOK_ID,
          PAYPAL_MODE: 'sandbox',
          PAYPAL_API_URL: paypal.url,
        }
      : {}),
    ...env,
  });
  await app.modules.settings.service.set('billing.enable', true);
  const admin = (await staffAgent(app, { admin: true })).agent;
  const close = app.close;
  return {
    ...app,
    stripe,
    admin,
    close: async () => {
      await close();
      await stripe.close();
    },
  };
}

/**
 * The billing app with PayPal configured too, pointed at a local stand-in of PayPal's REST API whose
 * webhooks come back through the app's own endpoint.
 */
export async function createPayPalBillingApp(env: Record<string, string> = {}): Promise<PayPalBillingTestApp> {
  let app: BillingTestApp | undefined;
  const paypal = await startPayPalStandIn({
    clientId: PAYPAL_CLIENT_ID,
    clientSecret: PAYPAL_CLIENT_SECRET,
    webhookId: PAYPAL_WEBHOOK_ID,
    deliver: async (payload, headers) => {
      if (!app) return 503;
      const res = await app.app.inject({ method: 'POST', url: PAYPAL_WEBHOOK_URL, payload, headers });
      return res.statusCode;
    },
  });
  app = await createBillingApp(env, paypal);
  const close = app.close;
  return {
    ...app,
    paypal,
    close: async () => {
      await close();
      await paypal.close();
    },
  };
}

/** Starts a PayPal checkout of `plan` as `agent` and approves it on the stand-in; answers PayPal's subscription id. */
export async function subscribeWithPayPal(t: PayPalBillingTestApp, agent: Agent, plan: Product): Promise<string> {
  const price = plan.prices[0];
  if (!price) throw new Error('the plan has no price');
  const res = await agent.post('/api/v1/billing/checkout', {
    product_id: plan.id,
    price_id: price.id,
    gateway: 'paypal',
  });
  if (res.statusCode !== 200) throw new Error(`checkout refused: ${res.body}`);
  const token = new URL(res.json().redirect_url).searchParams.get('ba_token') ?? '';
  const subscriptionId = t.paypal.store.checkouts.get(token)?.subscriptionId;
  if (!subscriptionId) throw new Error('the checkout made no PayPal subscription');
  await t.paypal.approve(subscriptionId);
  return subscriptionId;
}

let plans = 0;

/** A visible paid plan with a monthly price (INR), created through the admin API. */
export async function createPlan(
  t: BillingTestApp,
  over: { available_space?: number; amount?: number; hidden?: boolean; free?: boolean } = {},
): Promise<Product> {
  const free = over.free ?? false;
  const res = await t.admin.post('/api/v1/billing/products', {
    name: `Plan ${++plans} ${randomBytes(3).toString('hex')}`,
    available_space: over.available_space ?? 200 * GB,
    hidden: over.hidden ?? false,
    free,
    prices: [{ amount: free ? 0 : (over.amount ?? 149), currency: 'INR', interval: 'month', interval_count: 1 }],
  });
  if (res.statusCode !== 201) throw new Error(`plan not created: ${res.body}`);
  return res.json().product;
}

/** Checks out `plan` as `agent` and pays on the stand-in's hosted page; answers Stripe's subscription id. */
export async function subscribe(t: BillingTestApp, agent: Agent, plan: Product): Promise<string> {
  const price = plan.prices[0];
  if (!price) throw new Error('the plan has no price');
  const res = await agent.post('/api/v1/billing/checkout', {
    product_id: plan.id,
    price_id: price.id,
    gateway: 'stripe',
  });
  if (res.statusCode !== 200) throw new Error(`checkout refused: ${res.body}`);
  const sessionId = new URL(res.json().redirect_url).pathname.split('/').pop() ?? '';
  await t.stripe.completeCheckout(sessionId);
  const session = t.stripe.sessions.get(sessionId);
  const subscription = session?.subscription;
  if (typeof subscription !== 'string') throw new Error('the session made no subscription');
  return subscription;
}
