import Stripe from 'stripe';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type StripeStandIn, startStripeStandIn } from './stand-in.ts';

const SECRET_KEY = 'sk_test_stand_in';
const WEBHOOK_SECRET = 'whsec_stand_in';
const START = Date.UTC(2026, 10, 1); // 1 Nov 2026, 00:00 UTC
const DAY = 86_400;

let clockMs = START;
let standIn: StripeStandIn;
let stripe: Stripe;
/** Events the receiver accepted, verified with the SDK the way the server will. */
let received: Stripe.Event[] = [];

async function receive(payload: string, headers: Record<string, string>): Promise<number> {
  try {
    received.push(stripe.webhooks.constructEvent(payload, headers['stripe-signature'], WEBHOOK_SECRET));
    return 200;
  } catch {
    return 400;
  }
}

async function createPlan(amount = 1000, interval: 'month' | 'year' = 'month') {
  const product = await stripe.products.create({ name: 'Kosh Plus', metadata: { plan: 'plus' } });
  const price = await stripe.prices.create({
    product: product.id,
    unit_amount: amount,
    currency: 'eur',
    recurring: { interval, interval_count: 1 },
  });
  return { product, price };
}

async function subscribe(amount = 1000) {
  const { price } = await createPlan(amount);
  const customer = await stripe.customers.create({ email: 'ada@example.test', name: 'Ada' });
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    line_items: [{ price: price.id, quantity: 1 }],
    success_url: 'http://kosh.test/billing?session={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://kosh.test/billing',
    client_reference_id: 'workspace-1',
    subscription_data: { metadata: { workspaceId: 'workspace-1' } },
  });
  await standIn.completeCheckout(session.id);
  const completed = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
  return { price, customer, session: completed, subscription: completed.subscription as Stripe.Subscription };
}

beforeAll(async () => {
  standIn = await startStripeStandIn({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    deliver: receive,
    clock: () => new Date(clockMs),
  });
  stripe = new Stripe(SECRET_KEY, { host: standIn.host, port: standIn.port, protocol: 'http', maxNetworkRetries: 0 });
});

afterAll(() => standIn.close());

beforeEach(() => {
  clockMs = START;
  received = [];
});

describe('Stripe stand-in through the stripe SDK', () => {
  it('creates, updates and retrieves products and prices', async () => {
    const { product, price } = await createPlan(1299);
    expect(product).toMatchObject({ object: 'product', name: 'Kosh Plus', active: true, metadata: { plan: 'plus' } });
    expect(product.id).toMatch(/^prod_/);
    const renamed = await stripe.products.update(product.id, { name: 'Kosh Pro', active: false });
    expect(renamed).toMatchObject({ name: 'Kosh Pro', active: false, metadata: { plan: 'plus' } });
    expect((await stripe.products.retrieve(product.id)).name).toBe('Kosh Pro');

    expect(price).toMatchObject({ object: 'price', unit_amount: 1299, currency: 'eur', type: 'recurring' });
    expect(price.recurring).toMatchObject({ interval: 'month', interval_count: 1 });
    expect(price.id).toMatch(/^price_/);
    await stripe.prices.update(price.id, { active: false, metadata: { legacy: 'yes' } });
    const retrieved = await stripe.prices.retrieve(price.id);
    expect(retrieved).toMatchObject({ active: false, unit_amount: 1299, metadata: { legacy: 'yes' } });
  });

  it('creates and retrieves a customer', async () => {
    const customer = await stripe.customers.create({
      email: 'ada@example.test',
      name: 'Ada',
      metadata: { userId: '7' },
    });
    expect(customer.id).toMatch(/^cus_/);
    expect(await stripe.customers.retrieve(customer.id)).toMatchObject({ email: 'ada@example.test', name: 'Ada' });
  });

  it("reads the account's balance, the cheap call that checks a secret key", async () => {
    const balance = await stripe.balance.retrieve();
    expect(balance).toMatchObject({ object: 'balance', livemode: false });
    expect(balance.available).toEqual([{ amount: 0, currency: 'inr' }]);
    expect(balance.pending).toEqual([{ amount: 0, currency: 'inr' }]);
  });

  it('completes a subscription checkout with the subscription, invoice and payment method', async () => {
    const { price, customer, session, subscription } = await subscribe(1000);
    expect(session).toMatchObject({ object: 'checkout.session', status: 'complete', payment_status: 'paid' });
    expect(session.url).toBe(`${standIn.url}/pay/${session.id}`);
    expect(session.customer).toBe(customer.id);
    expect(session.client_reference_id).toBe('workspace-1');

    expect(subscription).toMatchObject({ object: 'subscription', status: 'active', customer: customer.id });
    expect(subscription.metadata).toEqual({ workspaceId: 'workspace-1' });
    const item = subscription.items.data[0];
    expect(item.id).toMatch(/^si_/);
    expect(item.price.id).toBe(price.id);
    expect(item.current_period_start).toBe(START / 1000);
    expect(item.current_period_end).toBe(Date.UTC(2026, 11, 1) / 1000);

    const invoice = await stripe.invoices.retrieve(subscription.latest_invoice as string);
    expect(invoice).toMatchObject({ status: 'paid', amount_paid: 1000, currency: 'eur' });
    expect(invoice.parent?.subscription_details?.subscription).toBe(subscription.id);
    expect(invoice.status_transitions.paid_at).toBe(START / 1000);
    expect(invoice.lines.data[0].period).toEqual({ start: item.current_period_start, end: item.current_period_end });

    const paymentMethod = await stripe.paymentMethods.retrieve(subscription.default_payment_method as string);
    expect(paymentMethod.card).toMatchObject({ brand: 'visa', last4: '4242' });
    const expanded = await stripe.subscriptions.retrieve(subscription.id, { expand: ['default_payment_method'] });
    expect((expanded.default_payment_method as Stripe.PaymentMethod).id).toBe(paymentMethod.id);

    expect(received.map((event) => event.type)).toEqual([
      'checkout.session.completed',
      'customer.subscription.created',
      'invoice.paid',
    ]);
    expect(received[0].data.object).toMatchObject({ id: session.id, subscription: subscription.id });
  });

  it('sets cancel_at_period_end, then ends the subscription at the period end', async () => {
    const { subscription } = await subscribe();
    received = [];
    const updated = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    expect(updated).toMatchObject({ cancel_at_period_end: true, cancel_at: updated.items.data[0].current_period_end });
    const event = received[0] as Stripe.CustomerSubscriptionUpdatedEvent;
    expect(event.type).toBe('customer.subscription.updated');
    expect(event.data.previous_attributes).toMatchObject({ cancel_at_period_end: false });

    await standIn.endPeriod(subscription.id);
    expect(received.map((e) => e.type)).toEqual(['customer.subscription.updated', 'customer.subscription.deleted']);
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('canceled');
  });

  it('cancels a subscription now', async () => {
    const { subscription } = await subscribe();
    received = [];
    clockMs += 3 * DAY * 1000;
    const canceled = await stripe.subscriptions.cancel(subscription.id);
    expect(canceled).toMatchObject({ status: 'canceled', ended_at: START / 1000 + 3 * DAY });
    expect(received.map((event) => event.type)).toEqual(['customer.subscription.deleted']);
  });

  it('previews a price change as the new price less the unused old one, and charges the same', async () => {
    const { subscription } = await subscribe(1000);
    const { price: bigger } = await createPlan(3000);
    clockMs = Date.UTC(2026, 10, 16); // half of November (30 days) is used
    const itemId = subscription.items.data[0].id;
    const preview = await stripe.invoices.createPreview({
      customer: subscription.customer as string,
      subscription: subscription.id,
      subscription_details: { items: [{ id: itemId, price: bigger.id }], proration_behavior: 'always_invoice' },
    });
    expect(preview).toMatchObject({ object: 'invoice', amount_due: 2500, currency: 'eur' });
    expect(preview.lines.data.map((line) => line.amount)).toEqual([-500, 3000]);

    received = [];
    const changed = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: itemId, price: bigger.id }],
      proration_behavior: 'always_invoice',
    });
    expect(changed.items.data[0].price.id).toBe(bigger.id);
    const invoice = await stripe.invoices.retrieve(changed.latest_invoice as string);
    expect(invoice.amount_paid).toBe(2500);
    expect(received.map((event) => event.type)).toEqual(['customer.subscription.updated', 'invoice.paid']);
  });

  it('renews, fails a renewal, and recovers on the next charge', async () => {
    const { subscription } = await subscribe(1000);
    received = [];
    await standIn.renew(subscription.id);
    let current = await stripe.subscriptions.retrieve(subscription.id);
    expect(current.items.data[0].current_period_end).toBe(Date.UTC(2027, 0, 1) / 1000);
    expect(received.map((event) => event.type)).toEqual(['invoice.paid', 'customer.subscription.updated']);

    received = [];
    await standIn.failPayment(subscription.id);
    current = await stripe.subscriptions.retrieve(subscription.id);
    expect(current.status).toBe('past_due');
    const open = await stripe.invoices.retrieve(current.latest_invoice as string);
    expect(open).toMatchObject({ status: 'open', attempt_count: 1, amount_paid: 0, amount_due: 1000 });
    expect(received.map((event) => event.type)).toEqual(['invoice.payment_failed', 'customer.subscription.updated']);

    await standIn.renew(subscription.id);
    current = await stripe.subscriptions.retrieve(subscription.id);
    expect(current.status).toBe('active');
    expect(current.items.data[0].current_period_end).toBe(Date.UTC(2027, 1, 1) / 1000);
    expect((await stripe.invoices.retrieve(open.id)).status).toBe('paid');
  });

  it('saves a card in setup mode on a SetupIntent, which the merchant makes the subscription’s default', async () => {
    const { customer, subscription } = await subscribe();
    received = [];
    const setup = await stripe.checkout.sessions.create({
      mode: 'setup',
      customer: customer.id,
      currency: 'eur',
      success_url: 'http://kosh.test/billing?card=saved',
      cancel_url: 'http://kosh.test/billing',
      metadata: { subscription_id: subscription.id },
    });
    expect(setup.setup_intent).toMatch(/^seti_/);
    await standIn.completeCheckout(setup.id, '5555 5555 5555 4444');
    const done = await stripe.checkout.sessions.retrieve(setup.id, { expand: ['setup_intent'] });
    const intent = done.setup_intent as Stripe.SetupIntent;
    expect(intent).toMatchObject({ object: 'setup_intent', status: 'succeeded', customer: customer.id });
    expect(intent.metadata).toMatchObject({ subscription_id: subscription.id });
    expect(received.map((event) => event.type)).toEqual(['checkout.session.completed', 'setup_intent.succeeded']);
    // Checkout leaves the subscription's card alone; the merchant switches it.
    const before = await stripe.subscriptions.retrieve(subscription.id);
    expect(before.default_payment_method).not.toBe(intent.payment_method);
    const method = String(intent.payment_method);
    await stripe.subscriptions.update(subscription.id, { default_payment_method: method });
    await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: method } });
    const current = await stripe.subscriptions.retrieve(subscription.id, { expand: ['default_payment_method'] });
    expect((current.default_payment_method as Stripe.PaymentMethod).card?.last4).toBe('4444');
    expect((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).toMatchObject({
      invoice_settings: { default_payment_method: method },
    });
    await expect(
      stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: 'pm_someone_else' } }),
    ).rejects.toMatchObject({ statusCode: 404 });
  });

  it('serves a hosted page that declines 4000 0000 0000 0341 and redirects after a payment', async () => {
    const { price } = await createPlan(1000);
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: price.id, quantity: 1 }],
      success_url: 'http://kosh.test/done?session={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://kosh.test/billing',
    });
    const page = await (await fetch(session.url as string)).text();
    expect(page).toContain('<title>Stripe stand-in checkout</title>');
    expect(page).toContain('Kosh Plus: €10.00 / month');
    const pay = (card: string) =>
      fetch(session.url as string, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ card }),
        redirect: 'manual',
      });
    const declined = await pay('4000 0000 0000 0341');
    expect(await declined.text()).toContain('Your card was declined.');
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
    const paid = await pay('4242 4242 4242 4242');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://kosh.test/done?session=${session.id}`);
  });

  it('creates, renames, retrieves and deletes coupons, with Stripe’s rules on terms', async () => {
    const coupon = await stripe.coupons.create({
      percent_off: 12.5,
      duration: 'repeating',
      duration_in_months: 3,
      max_redemptions: 10,
      redeem_by: START / 1000 + 30 * DAY,
      name: 'Spring',
      metadata: { kosh_coupon_id: '7' },
    });
    expect(coupon).toMatchObject({
      object: 'coupon',
      percent_off: 12.5,
      amount_off: null,
      duration: 'repeating',
      duration_in_months: 3,
      max_redemptions: 10,
      times_redeemed: 0,
      valid: true,
      metadata: { kosh_coupon_id: '7' },
    });
    const amount = await stripe.coupons.create({ amount_off: 500, currency: 'EUR', duration: 'once' });
    expect(amount).toMatchObject({ amount_off: 500, currency: 'eur', percent_off: null, duration_in_months: null });
    expect((await stripe.coupons.update(coupon.id, { name: 'Spring sale' })).name).toBe('Spring sale');
    expect((await stripe.coupons.retrieve(coupon.id)).name).toBe('Spring sale');
    await expect(stripe.coupons.create({ duration: 'once' })).rejects.toMatchObject({ param: 'percent_off' });
    await expect(stripe.coupons.create({ percent_off: 10, duration: 'repeating' })).rejects.toMatchObject({
      param: 'duration_in_months',
    });
    await expect(stripe.coupons.create({ amount_off: 5, duration: 'once' })).rejects.toMatchObject({
      param: 'currency',
    });
    expect(await stripe.coupons.del(amount.id)).toEqual({ id: amount.id, object: 'coupon', deleted: true });
    await expect(stripe.coupons.retrieve(amount.id)).rejects.toMatchObject({ code: 'resource_missing' });
  });

  it('creates, updates and lists promotion codes; an active code is unique in any case', async () => {
    const coupon = await stripe.coupons.create({ percent_off: 20, duration: 'once' });
    const code = await stripe.promotionCodes.create({
      promotion: { type: 'coupon', coupon: coupon.id },
      code: 'SPRING20',
      max_redemptions: 5,
      expires_at: START / 1000 + DAY,
    });
    expect(code).toMatchObject({
      object: 'promotion_code',
      code: 'SPRING20',
      active: true,
      max_redemptions: 5,
      times_redeemed: 0,
      promotion: { type: 'coupon', coupon: coupon.id },
    });
    await expect(
      stripe.promotionCodes.create({ promotion: { type: 'coupon', coupon: coupon.id }, code: 'spring20' }),
    ).rejects.toMatchObject({ param: 'code' });
    expect((await stripe.promotionCodes.update(code.id, { active: false })).active).toBe(false);
    expect((await stripe.promotionCodes.retrieve(code.id)).active).toBe(false);
    const again = await stripe.promotionCodes.create({
      promotion: { type: 'coupon', coupon: coupon.id },
      code: 'spring20',
    });
    const listed: string[] = [];
    for await (const found of stripe.promotionCodes.list({ limit: 1, coupon: coupon.id })) listed.push(found.id);
    expect(listed).toEqual([again.id, code.id]);
    await stripe.coupons.del(coupon.id);
    expect((await stripe.promotionCodes.retrieve(again.id)).active).toBe(false);
  });

  it('takes a promotion code on the hosted page: the first invoice discounted, the code counted', async () => {
    const { price } = await createPlan(1000);
    const coupon = await stripe.coupons.create({ percent_off: 25, duration: 'once' });
    const code = await stripe.promotionCodes.create({
      promotion: { type: 'coupon', coupon: coupon.id },
      code: 'QUARTER',
      max_redemptions: 1,
    });
    const checkout = () =>
      stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: price.id, quantity: 1 }],
        allow_promotion_codes: true,
        success_url: 'http://kosh.test/done',
      });
    const session = await checkout();
    expect(await (await fetch(session.url as string)).text()).toContain('Promotion code');
    const pay = (url: string, promotion_code: string) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ card: '4242 4242 4242 4242', promotion_code }),
        redirect: 'manual',
      });
    const wrong = await pay(session.url as string, 'NOPE');
    expect(await wrong.text()).toContain('This code is invalid.');
    expect((await pay(session.url as string, 'quarter')).status).toBe(303);
    const paid = await stripe.checkout.sessions.retrieve(session.id);
    expect(paid.amount_total).toBe(750);
    const invoice = await stripe.invoices.retrieve(paid.invoice as string);
    expect(invoice).toMatchObject({ subtotal: 1000, total: 750, amount_paid: 750 });
    expect((await stripe.promotionCodes.retrieve(code.id)).times_redeemed).toBe(1);
    expect((await stripe.coupons.retrieve(coupon.id)).times_redeemed).toBe(1);
    // Its one redemption is used: the next checkout is refused the code.
    const next = await checkout();
    expect(await (await pay(next.url as string, 'QUARTER')).text()).toContain('This code is invalid.');
  });

  it('answers 404 in Stripe error shape for unknown calls and missing objects', async () => {
    await expect(stripe.refunds.create({ charge: 'ch_1' })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
    });
    expect(standIn.unknownCalls).toContain('POST /v1/refunds');
    await expect(stripe.subscriptions.retrieve('sub_missing')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      message: "No such subscription: 'sub_missing'",
    });
  });

  it('answers 401 to a wrong secret key', async () => {
    const stranger = new Stripe('sk_test_wrong', { host: standIn.host, port: standIn.port, protocol: 'http' });
    await expect(stranger.customers.retrieve('cus_1')).rejects.toMatchObject({
      type: 'StripeAuthenticationError',
      statusCode: 401,
    });
  });

  it('signs events that the SDK verifies, and a tampered or stale one is refused', async () => {
    await subscribe();
    const event = standIn.events.at(-1);
    if (!event) throw new Error('no event');
    expect(event.status).toBe(200);
    expect(stripe.webhooks.constructEvent(event.payload, event.signature, WEBHOOK_SECRET).id).toBe(event.id);
    const tampered = event.payload.replace('"paid"', '"open"');
    expect(() => stripe.webhooks.constructEvent(tampered, event.signature, WEBHOOK_SECRET)).toThrow();
    expect(await standIn.resend(event.id)).toBe(200);
    expect(await standIn.resend(event.id, { signature: standIn.sign(tampered) })).toBe(400);
    expect(await standIn.resend(event.id, { timestamp: Math.floor(Date.now() / 1000) - 3600 })).toBe(400);
  });

  it('posts events to a webhook URL when no deliver callback is given', async () => {
    const bodies: string[] = [];
    const receiver = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        bodies.push(body);
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const { port } = receiver.address() as AddressInfo;
    const other = await startStripeStandIn({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      webhookUrl: `http://127.0.0.1:${port}/webhooks/stripe`,
    });
    try {
      const client = new Stripe(SECRET_KEY, { host: other.host, port: other.port, protocol: 'http' });
      const { subscription } = await (async () => {
        const product = await client.products.create({ name: 'Kosh Plus' });
        const price = await client.prices.create({
          product: product.id,
          unit_amount: 500,
          currency: 'usd',
          recurring: { interval: 'month' },
        });
        const session = await client.checkout.sessions.create({
          mode: 'subscription',
          line_items: [{ price: price.id, quantity: 1 }],
          success_url: 'http://kosh.test/done',
        });
        await other.completeCheckout(session.id);
        return { subscription: (await client.checkout.sessions.retrieve(session.id)).subscription };
      })();
      expect(subscription).toMatch(/^sub_/);
      expect(other.events.map((event) => event.status)).toEqual([204, 204, 204]);
      expect(bodies).toEqual(other.events.map((event) => event.payload));
    } finally {
      await other.close();
      receiver.close();
    }
  });
});
