import type { ListProductsResponse, Product } from '@kosh/contracts';
import { type PayPalStandIn, startPayPalStandIn } from '../../server/test/helpers/paypal/stand-in.ts';
import { type StripeStandIn, startStripeStandIn } from '../../server/test/helpers/stripe/stand-in.ts';
import { type RunningServer, setSettings, startServer } from './harness.ts';

/**
 * The server with Stripe configured and billing on, pointed at a local stand-in of Stripe's API
 * whose webhooks reach the server's endpoint over HTTP, as Stripe's would; `settings` are set too.
 */
export async function startBillingServer(
  keys: { secretKey: string; webhookSecret: string },
  settings: Record<string, unknown> = {},
): Promise<{ server: RunningServer; stripe: StripeStandIn }> {
  let serverUrl = '';
  const stripe = await startStripeStandIn({
    ...keys,
    deliver: async (payload, headers) => {
      const response = await fetch(`${serverUrl}/api/v1/billing/webhooks/stripe`, {
        method: 'POST',
        body: payload,
        headers,
      });
      return response.status;
    },
  });
  const server = await startServer({
    env: { STRIPE_SECRET_KEY: keys.secretKey, STRIPE_WEBHOOK_SECRET: keys.webhookSecret, STRIPE_API_URL: stripe.url },
  });
  serverUrl = server.url;
  await setSettings(server, { 'billing.enable': true, ...settings });
  return { server, stripe };
}

/** The PayPal app the journeys configure. */
export const PAYPAL_KEYS = {
  clientId: 'kosh-journey-client',
  clientSecret: 'kosh-journey-secret',
  webhookId: 'WH-JOURNEY',
};

/**
 * The server with Stripe and PayPal configured and billing on, each pointed at a local stand-in
 * whose webhooks reach the server's endpoints over HTTP, as the gateways' would.
 */
export async function startPayPalBillingServer(keys: {
  secretKey: string;
  webhookSecret: string;
}): Promise<{ server: RunningServer; stripe: StripeStandIn; paypal: PayPalStandIn }> {
  let serverUrl = '';
  const post = (path: string) => async (payload: string, headers: Record<string, string>) =>
    (await fetch(`${serverUrl}${path}`, { method: 'POST', body: payload, headers })).status;
  const stripe = await startStripeStandIn({ ...keys, deliver: post('/api/v1/billing/webhooks/stripe') });
  const paypal = await startPayPalStandIn({ ...PAYPAL_KEYS, deliver: post('/api/v1/billing/webhooks/paypal') });
  const server = await startServer({
    env: {
      STRIPE_SECRET_KEY: keys.secretKey,
      STRIPE_WEBHOOK_SECRET: keys.webhookSecret,
      STRIPE_API_URL: stripe.url,
      PAYPAL_CLIENT_ID: PAYPAL_KEYS.clientId,
      PAYPAL_CLIENT_SECRET: PAYPAL_KEYS.clientSecret,
      PAYPAL_WEBHOOK_ID: PAYPAL_KEYS.webhookId,
      PAYPAL_API_URL: paypal.url,
    },
  });
  serverUrl = server.url;
  await setSettings(server, { 'billing.enable': true });
  return { server, stripe, paypal };
}

/** The plans the pricing page lists. */
export async function pricingPlans(server: RunningServer): Promise<Product[]> {
  const response = await fetch(`${server.url}/api/v1/billing/products?loader=pricingPage`);
  return ((await response.json()) as ListProductsResponse).pagination.data;
}
