import {
  type BillingPlan,
  IntervalUnit,
  type Subscription,
  SubscriptionsController,
  SubscriptionStatus,
  TenureType,
} from '@paypal/paypal-server-sdk';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PayPalApiError, PayPalClient } from '../../../src/billing/paypal/paypal-client.ts';
import { type PayPalStandIn, startPayPalStandIn } from './stand-in.ts';

const CLIENT_ID = 'paypal-client-id';
const CLIENT_SECRET = 'paypal-client-secret';
const WEBHOOK_ID = 'WH-KOSH-STAND-IN';
const START = Date.UTC(2026, 10, 1); // 1 Nov 2026, 00:00 UTC
const RETURN_URL = 'http://kosh.test/billing/paypal/return';
const CANCEL_URL = 'http://kosh.test/billing';

type WebhookEvent = { id: string; event_type: string; resource: Record<string, unknown> };
type Verification = { verification_status: 'SUCCESS' | 'FAILURE' };

let clockMs = START;
let standIn: PayPalStandIn;
let client: PayPalClient;
let subscriptions: SubscriptionsController;
/** Events the receiver got, with the headers they came with. */
let received: { event: WebhookEvent; headers: Record<string, string> }[] = [];

async function receive(payload: string, headers: Record<string, string>): Promise<number> {
  received.push({ event: JSON.parse(payload), headers });
  return 200;
}

/** Asks the stand-in to verify an event the way the Kosh server will. */
function verify(headers: Record<string, string>, event: unknown, webhookId = WEBHOOK_ID) {
  return client.request<Verification>('POST', '/v1/notifications/verify-webhook-signature', {
    auth_algo: headers['paypal-auth-algo'],
    cert_url: headers['paypal-cert-url'],
    transmission_id: headers['paypal-transmission-id'],
    transmission_sig: headers['paypal-transmission-sig'],
    transmission_time: headers['paypal-transmission-time'],
    webhook_id: webhookId,
    webhook_event: event,
  });
}

async function createPlan(opts: { value?: string; unit?: IntervalUnit; threshold?: number } = {}) {
  const product = await client.request<{ id: string }>('POST', '/v1/catalogs/products', {
    name: 'Kosh Pro',
    description: 'Storage',
    type: 'SERVICE',
    category: 'SOFTWARE',
  });
  const { result } = await subscriptions.createBillingPlan({
    body: {
      productId: product.id,
      name: 'Pro',
      billingCycles: [
        {
          frequency: { intervalUnit: opts.unit ?? IntervalUnit.Month, intervalCount: 1 },
          tenureType: TenureType.Regular,
          sequence: 1,
          totalCycles: 0,
          pricingScheme: { fixedPrice: { currencyCode: 'USD', value: opts.value ?? '9.99' } },
        },
      ],
      paymentPreferences: { autoBillOutstanding: true, paymentFailureThreshold: opts.threshold ?? 0 },
    },
  });
  return { productId: product.id, plan: result };
}

async function createSubscription(plan: BillingPlan) {
  const { result } = await subscriptions.createSubscription({
    body: {
      planId: plan.id ?? '',
      customId: 'workspace-1',
      applicationContext: { brandName: 'Kosh', returnUrl: RETURN_URL, cancelUrl: CANCEL_URL },
    },
  });
  return result;
}

async function subscribe(opts: { threshold?: number } = {}): Promise<Subscription> {
  const { plan } = await createPlan(opts);
  const created = await createSubscription(plan);
  await standIn.approve(created.id ?? '');
  received = [];
  return (await subscriptions.getSubscription({ id: created.id ?? '' })).result;
}

const current = async (id: string) => (await subscriptions.getSubscription({ id })).result;
const types = () => received.map(({ event }) => event.event_type);

beforeAll(async () => {
  standIn = await startPayPalStandIn({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    webhookId: WEBHOOK_ID,
    deliver: receive,
    clock: () => new Date(clockMs),
  });
  client = new PayPalClient({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, mode: 'sandbox' }, standIn.url);
  subscriptions = new SubscriptionsController(client.sdk);
});

afterAll(() => standIn.close());

beforeEach(() => {
  clockMs = START;
  received = [];
});

describe('PayPal stand-in through PayPalClient and the SDK', () => {
  it('issues a bearer token for the right credentials only', async () => {
    const token = await client.sdk.clientCredentialsAuthManager.fetchToken();
    expect(token).toMatchObject({ tokenType: 'Bearer', expiresIn: 32400n });
    const basic = (secret: string) => `Basic ${Buffer.from(`${CLIENT_ID}:${secret}`).toString('base64')}`;
    const ask = (secret: string) =>
      fetch(`${standIn.url}/v1/oauth2/token`, {
        method: 'POST',
        headers: { authorization: basic(secret), 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials',
      });
    const granted = await ask(CLIENT_SECRET);
    expect(await granted.json()).toMatchObject({ token_type: 'Bearer', expires_in: 32400, app_id: expect.any(String) });
    const refused = await ask('wrong');
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({
      error: 'invalid_client',
      error_description: 'Client Authentication failed',
    });
  });

  it('answers 401 to a call without a token it issued', async () => {
    for (const authorization of [undefined, 'Bearer forged']) {
      const response = await fetch(`${standIn.url}/v1/billing/plans/P-1`, {
        headers: authorization ? { authorization } : {},
      });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        error: 'invalid_token',
        error_description: 'Token signature verification failed',
      });
    }
  });

  it('creates, reads and patches a catalog product', async () => {
    const { productId } = await createPlan();
    expect(productId).toMatch(/^PROD-[0-9A-Z]{17}$/);
    const product = await client.request<Record<string, unknown>>('GET', `/v1/catalogs/products/${productId}`);
    expect(product).toMatchObject({ name: 'Kosh Pro', type: 'SERVICE', create_time: '2026-11-01T00:00:00Z' });
    const patch = [{ op: 'replace', path: '/description', value: 'More storage' }];
    expect(await client.request('PATCH', `/v1/catalogs/products/${productId}`, patch)).toBeUndefined();
    const patched = await client.request<Record<string, unknown>>('GET', `/v1/catalogs/products/${productId}`);
    expect(patched.description).toBe('More storage');
    const renaming = client.request('PATCH', `/v1/catalogs/products/${productId}`, [
      { op: 'replace', path: '/name', value: 'Other' },
    ]);
    await expect(renaming).rejects.toMatchObject({ status: 422 });
  });

  it('creates a plan, and refuses one for an unknown product', async () => {
    const { productId, plan } = await createPlan();
    expect(plan).toMatchObject({ productId, name: 'Pro', status: 'ACTIVE', createTime: '2026-11-01T00:00:00Z' });
    expect(plan.id).toMatch(/^P-[0-9A-Z]{24}$/);
    expect((await subscriptions.getBillingPlan(plan.id ?? '')).result.billingCycles?.[0]).toMatchObject({
      frequency: { intervalUnit: 'MONTH', intervalCount: 1 },
      pricingScheme: { fixedPrice: { currencyCode: 'USD', value: '9.99' } },
    });
    const orphan = subscriptions.createBillingPlan({
      body: { ...createPlanBody(), productId: 'PROD-MISSING' },
    });
    await expect(orphan).rejects.toMatchObject({ statusCode: 422 });
  });

  it('creates a subscription waiting for approval, with its approve link', async () => {
    const { plan } = await createPlan();
    const created = await createSubscription(plan);
    expect(created).toMatchObject({ status: SubscriptionStatus.ApprovalPending, planId: plan.id });
    expect(created.id).toMatch(/^I-[0-9A-Z]{12}$/);
    const self = `${standIn.url}/v1/billing/subscriptions/${created.id}`;
    expect(created.links).toEqual([
      { href: expect.stringMatching(/\/checkoutnow\?ba_token=BA-[0-9A-Z]{17}$/), rel: 'approve', method: 'GET' },
      { href: self, rel: 'edit', method: 'PATCH' },
      { href: self, rel: 'self', method: 'GET' },
    ]);
    expect(received).toEqual([]);
  });

  it('refuses a subscription to a deactivated plan with 422 and details', async () => {
    const { plan } = await createPlan();
    await subscriptions.deactivateBillingPlan(plan.id ?? '');
    expect((await subscriptions.getBillingPlan(plan.id ?? '')).result.status).toBe('INACTIVE');
    const refused = createSubscription(plan);
    await expect(refused).rejects.toMatchObject({
      statusCode: 422,
      result: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'PLAN_STATUS_INVALID' }] },
    });
    await subscriptions.activateBillingPlan(plan.id ?? '');
    expect((await createSubscription(plan)).status).toBe('APPROVAL_PENDING');
  });

  it('approves on the hosted page, takes the first payment and redirects to the return URL', async () => {
    const { plan } = await createPlan();
    const created = await createSubscription(plan);
    const approveUrl = created.links?.find((link) => link.rel === 'approve')?.href ?? '';
    const page = await (await fetch(approveUrl)).text();
    expect(page).toContain('<h1>Pro: $9.99 / month</h1>');
    expect(page).toContain('Agree &amp; Subscribe');
    expect(page).toContain(`<a href="${CANCEL_URL}">Cancel and return</a>`);

    const approved = await fetch(approveUrl, { method: 'POST', redirect: 'manual' });
    expect(approved.status).toBe(303);
    const location = new URL(approved.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(RETURN_URL);
    expect(location.searchParams.get('subscription_id')).toBe(created.id);
    expect(location.searchParams.get('ba_token')).toBe(new URL(approveUrl).searchParams.get('ba_token'));
    expect(location.searchParams.get('token')).toMatch(/^EC-/);

    const sub = await current(created.id ?? '');
    expect(sub).toMatchObject({ status: 'ACTIVE', startTime: '2026-11-01T00:00:00Z', customId: 'workspace-1' });
    expect(sub.subscriber).toMatchObject({ emailAddress: 'buyer@example.com', name: { givenName: 'Test' } });
    expect(sub.billingInfo).toMatchObject({
      lastPayment: { amount: { currencyCode: 'USD', value: '9.99' }, time: '2026-11-01T00:00:00Z' },
      nextBillingTime: '2026-12-01T00:00:00Z',
      failedPaymentsCount: 0,
      cycleExecutions: [{ tenureType: 'REGULAR', sequence: 1, cyclesCompleted: 1 }],
    });
    expect(types()).toEqual(['BILLING.SUBSCRIPTION.ACTIVATED', 'PAYMENT.SALE.COMPLETED']);
    expect(received[1].event.resource).toMatchObject({
      state: 'completed',
      amount: { total: '9.99', currency: 'USD' },
      billing_agreement_id: created.id,
      custom: 'workspace-1',
    });
    expect(await (await fetch(approveUrl)).text()).toContain('This subscription is active.');
  });

  it('signs events that verify, and refuses a tampered body, another webhook id or a bad signature', async () => {
    await subscribe();
    await standIn.renew([...standIn.store.subscriptions.keys()].at(-1) ?? '');
    const { event, headers } = received[0];
    expect(headers['paypal-cert-url']).toBe(standIn.certUrl);
    expect(await verify(headers, event)).toEqual({ verification_status: 'SUCCESS' });
    const tampered = { ...event, resource: { ...event.resource, state: 'denied' } };
    expect(await verify(headers, tampered)).toEqual({ verification_status: 'FAILURE' });
    expect(await verify(headers, event, 'WH-OTHER')).toEqual({ verification_status: 'FAILURE' });
    const forged = { ...headers, 'paypal-transmission-sig': standIn.headersFor('{}')['paypal-transmission-sig'] };
    expect(await verify(forged, event)).toEqual({ verification_status: 'FAILURE' });
    const elsewhere = { ...headers, 'paypal-cert-url': 'https://api.paypal.com/v1/notifications/certs/CERT-1' };
    expect(await verify(elsewhere, event)).toEqual({ verification_status: 'FAILURE' });
    const pem = await (await fetch(standIn.certUrl)).text();
    expect(pem).toContain('BEGIN PUBLIC KEY');
  });

  it('resends a kept event, re-signed for another time or with a given signature', async () => {
    await subscribe();
    const sent = standIn.events.at(-1);
    if (!sent) throw new Error('no event');
    expect(sent.status).toBe(200);
    const stale = new Date(Date.now() - 3_600_000);
    expect(await standIn.resend(sent.id, { transmissionTime: stale })).toBe(200);
    const resent = received.at(-1);
    expect(resent?.headers['paypal-transmission-time']).toBe(stale.toISOString().replace(/\.\d{3}Z$/, 'Z'));
    expect(await verify(resent?.headers ?? {}, resent?.event)).toEqual({ verification_status: 'SUCCESS' });
    await standIn.resend(sent.id, { signature: 'bm90IGEgc2lnbmF0dXJl' });
    expect(await verify(received.at(-1)?.headers ?? {}, JSON.parse(sent.payload))).toEqual({
      verification_status: 'FAILURE',
    });
    expect(sent.deliveries).toEqual([200, 200, 200]);
  });

  it('signs with wall time, or with the clock when asked to', async () => {
    const wall = new Date(standIn.headersFor('{}')['paypal-transmission-time']).getTime();
    expect(Math.abs(wall - Date.now())).toBeLessThan(5_000);
    const clocked = await startPayPalStandIn({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      webhookId: WEBHOOK_ID,
      clock: () => new Date(START),
      signWithClock: true,
    });
    try {
      expect(clocked.headersFor('{}')['paypal-transmission-time']).toBe('2026-11-01T00:00:00Z');
    } finally {
      await clocked.close();
    }
  });

  it('renews: a new sale and the next billing time one interval on', async () => {
    const sub = await subscribe();
    clockMs = Date.UTC(2026, 11, 1);
    await standIn.renew(sub.id ?? '');
    const renewed = await current(sub.id ?? '');
    expect(renewed.billingInfo).toMatchObject({
      lastPayment: { time: '2026-12-01T00:00:00Z' },
      nextBillingTime: '2027-01-01T00:00:00Z',
      cycleExecutions: [{ cyclesCompleted: 2 }],
    });
    expect(types()).toEqual(['PAYMENT.SALE.COMPLETED']);
  });

  it('fails payments and suspends at the plan’s failure threshold', async () => {
    const sub = await subscribe({ threshold: 2 });
    await standIn.failPayment(sub.id ?? '');
    let failed = await current(sub.id ?? '');
    expect(failed.status).toBe('ACTIVE');
    expect(failed.billingInfo).toMatchObject({
      failedPaymentsCount: 1,
      outstandingBalance: { value: '9.99' },
      lastFailedPayment: { amount: { value: '9.99' }, reasonCode: 'PAYMENT_DENIED' },
      nextBillingTime: '2026-12-01T00:00:00Z',
    });
    await standIn.failPayment(sub.id ?? '');
    failed = await current(sub.id ?? '');
    expect(failed.status).toBe('SUSPENDED');
    expect(types()).toEqual([
      'BILLING.SUBSCRIPTION.PAYMENT.FAILED',
      'BILLING.SUBSCRIPTION.PAYMENT.FAILED',
      'BILLING.SUBSCRIPTION.SUSPENDED',
    ]);
    const resource = received[0].event.resource as { billing_info: Record<string, unknown> };
    expect(resource.billing_info.failed_payments_count).toBe(1);
  });

  it('never suspends for failed payments when the threshold is 0', async () => {
    const sub = await subscribe({ threshold: 0 });
    for (let attempt = 0; attempt < 3; attempt++) await standIn.failPayment(sub.id ?? '');
    expect((await current(sub.id ?? '')).status).toBe('ACTIVE');
  });

  it('suspends, re-activates and cancels through the SDK, with their events', async () => {
    const sub = await subscribe();
    const id = sub.id ?? '';
    await subscriptions.suspendSubscription({ id, body: { reason: 'Asked by the user' } });
    expect((await current(id)).status).toBe('SUSPENDED');
    await subscriptions.activateSubscription({ id, body: { reason: 'Back' } });
    expect((await current(id)).status).toBe('ACTIVE');
    await subscriptions.cancelSubscription({ id, body: { reason: 'Leaving' } });
    const cancelled = await current(id);
    expect(cancelled).toMatchObject({ status: 'CANCELLED', statusChangeNote: 'Leaving' });
    expect(cancelled.billingInfo?.nextBillingTime).toBeUndefined();
    expect(types()).toEqual([
      'BILLING.SUBSCRIPTION.SUSPENDED',
      'BILLING.SUBSCRIPTION.RE-ACTIVATED',
      'BILLING.SUBSCRIPTION.CANCELLED',
    ]);
    expect(received[2].event.resource).toMatchObject({ id, status: 'CANCELLED' });
    await expect(subscriptions.cancelSubscription({ id, body: { reason: 'Again' } })).rejects.toMatchObject({
      statusCode: 422,
      result: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'SUBSCRIPTION_STATUS_INVALID' }] },
    });
  });

  it('refuses to cancel or suspend a subscription still waiting for approval', async () => {
    const { plan } = await createPlan();
    const id = (await createSubscription(plan)).id ?? '';
    await expect(subscriptions.cancelSubscription({ id, body: { reason: 'x' } })).rejects.toMatchObject({
      statusCode: 422,
    });
    await expect(subscriptions.suspendSubscription({ id, body: { reason: 'x' } })).rejects.toMatchObject({
      statusCode: 422,
    });
  });

  it('expires a subscription and drops its next billing time', async () => {
    const sub = await subscribe();
    await standIn.expire(sub.id ?? '');
    const expired = await current(sub.id ?? '');
    expect(expired.status).toBe('EXPIRED');
    expect(expired.billingInfo?.nextBillingTime).toBeUndefined();
    expect(types()).toEqual(['BILLING.SUBSCRIPTION.EXPIRED']);
  });

  it('answers 404 in PayPal’s shape, and records calls it does not implement', async () => {
    const missing = subscriptions.getSubscription({ id: 'I-MISSING' });
    await expect(missing).rejects.toMatchObject({
      statusCode: 404,
      result: {
        name: 'RESOURCE_NOT_FOUND',
        message: 'The specified resource does not exist.',
        debug_id: expect.any(String),
        details: [{ issue: 'INVALID_RESOURCE_ID' }],
        links: [],
      },
    });
    await expect(client.request('POST', '/v2/checkout/orders', {})).rejects.toBeInstanceOf(PayPalApiError);
    expect(standIn.unknownCalls).toContain('POST /v2/checkout/orders');
  });

  it('answers 400 INVALID_REQUEST for a missing required field', async () => {
    const refused = client.request('POST', '/v1/catalogs/products', { type: 'SERVICE' });
    await expect(refused).rejects.toMatchObject({ status: 400 });
    const response = await refused.catch((error: Error) => error.message);
    expect(response).toContain('"name":"INVALID_REQUEST"');
    expect(response).toContain('"field":"/name"');
  });

  it('posts events to a webhook URL when no deliver callback is given', async () => {
    const bodies: { body: string; headers: http.IncomingHttpHeaders }[] = [];
    const receiver = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        bodies.push({ body, headers: request.headers });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const { port } = receiver.address() as AddressInfo;
    const other = await startPayPalStandIn({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      webhookId: WEBHOOK_ID,
      webhookUrl: `http://127.0.0.1:${port}/webhooks/paypal`,
    });
    try {
      const otherClient = new PayPalClient(
        { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, mode: 'live' },
        other.url,
      );
      const product = await otherClient.request<{ id: string }>('POST', '/v1/catalogs/products', {
        name: 'Kosh Pro',
        type: 'SERVICE',
      });
      const plans = new SubscriptionsController(otherClient.sdk);
      const plan = (await plans.createBillingPlan({ body: { ...createPlanBody(), productId: product.id } })).result;
      const sub = await plans.createSubscription({
        body: { planId: plan.id ?? '', applicationContext: { returnUrl: RETURN_URL, cancelUrl: CANCEL_URL } },
      });
      await other.approve(sub.result.id ?? '');
      expect(other.events.map((event) => event.status)).toEqual([204, 204]);
      expect(bodies.map((entry) => entry.body)).toEqual(other.events.map((event) => event.payload));
      expect(bodies[0].headers).toMatchObject({ 'paypal-auth-algo': 'SHA256withRSA' });
    } finally {
      await other.close();
      receiver.close();
    }
  });
});

function createPlanBody() {
  return {
    productId: '',
    name: 'Pro',
    billingCycles: [
      {
        frequency: { intervalUnit: IntervalUnit.Month, intervalCount: 1 },
        tenureType: TenureType.Regular,
        sequence: 1,
        totalCycles: 0,
        pricingScheme: { fixedPrice: { currencyCode: 'USD', value: '9.99' } },
      },
    ],
    paymentPreferences: {},
  };
}
