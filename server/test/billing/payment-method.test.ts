import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES, type Product } from '@kosh/contracts';
import { PAYMENT_METHOD_MESSAGES } from '../../src/billing/payment-method.service.ts';
import { newAgent } from '../helpers/accounts.ts';
import { type BillingTestApp, createBillingApp, createPlan, subscribe } from '../helpers/billing.ts';
import { staffAgent } from '../helpers/staff.ts';
import type { Agent } from '../helpers/test-app.ts';

const START = '/api/v1/billing/payment-method';
const CONFIRM = '/api/v1/billing/payment-method/confirm';

let t: BillingTestApp;
let plan: Product;

const sessionOf = (redirect: string) => new URL(redirect).pathname.split('/').pop() ?? '';
const cardOf = async (agent: Agent) =>
  (await agent.get('/api/v1/billing/subscription')).json().subscription?.payment_method;

beforeAll(async () => {
  t = await createBillingApp();
  plan = await createPlan(t);
});
afterAll(() => t.close());

describe('changing the card', () => {
  it('saves a card on Stripe’s page and makes it the plan’s and the customer’s default', async () => {
    const { agent } = await staffAgent(t);
    const stripeId = await subscribe(t, agent, plan);
    expect(await cardOf(agent)).toEqual({ brand: 'visa', last4: '4242' });
    const res = await agent.post(START);
    expect(res.statusCode, res.body).toBe(200);
    const sessionId = sessionOf(res.json().redirect_url);
    const session = t.stripe.sessions.get(sessionId);
    expect(session?.mode).toBe('setup');
    expect(session?.success_url).toMatch(/\/billing\/change-payment-method\/done\?session_id=\{CHECKOUT_SESSION_ID\}$/);
    // Not saved yet.
    const early = await agent.post(CONFIRM, { session_id: sessionId });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(PAYMENT_METHOD_MESSAGES.notSaved);

    await t.stripe.completeCheckout(sessionId, '5555 5555 5555 4444');
    const done = await agent.post(CONFIRM, { session_id: sessionId });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().subscription.payment_method).toMatchObject({ last4: '4444' });
    expect(await cardOf(agent)).toMatchObject({ last4: '4444' });
    const atStripe = t.stripe.subscriptions.get(stripeId);
    const method = t.stripe.paymentMethods.get(String(atStripe?.default_payment_method));
    expect(method?.card.last4).toBe('4444');
    const customer = t.stripe.customers.get(String(atStripe?.customer));
    expect(customer?.invoice_settings.default_payment_method).toBe(method?.id);
    // Confirming again changes nothing and answers the same.
    expect((await agent.post(CONFIRM, { session_id: sessionId })).json().subscription.payment_method.last4).toBe(
      '4444',
    );
  });

  it('refuses another user’s session, unknown sessions, users without a plan and guests', async () => {
    const owner = await staffAgent(t);
    await subscribe(t, owner.agent, plan);
    const sessionId = sessionOf((await owner.agent.post(START)).json().redirect_url);
    await t.stripe.completeCheckout(sessionId, '5555 5555 5555 4444');
    const stranger = await staffAgent(t);
    await subscribe(t, stranger.agent, plan);
    const stolen = await stranger.agent.post(CONFIRM, { session_id: sessionId });
    expect(stolen.statusCode).toBe(404);
    expect(await cardOf(stranger.agent)).toMatchObject({ last4: '4242' });
    expect((await owner.agent.post(CONFIRM, { session_id: 'cs_nothing' })).statusCode).toBe(404);
    expect((await owner.agent.post(CONFIRM, {})).statusCode).toBe(422);

    const { agent: none } = await staffAgent(t);
    const refused = await none.post(START);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(BILLING_MESSAGES.noSubscription);
    expect((await newAgent(t).post(START)).statusCode).toBe(401);
  });
});
