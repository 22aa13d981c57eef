import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSettings } from '@kosh/contracts';
import { CREDENTIAL_CHECKS } from '../../src/settings/credential-checks.ts';
import { localServer, newAgent, put } from '../helpers/accounts.ts';
import { type BillingTestApp, createBillingApp, STRIPE_SECRET, STRIPE_WEBHOOK_SECRET } from '../helpers/billing.ts';
import { staffAgent } from '../helpers/staff.ts';
import { type StripeStandIn, startStripeStandIn } from '../helpers/stripe/stand-in.ts';
import { type Agent, createTestApp, type TestApp } from '../helpers/test-app.ts';

// The admin settings' subscriptions tab (spec part 2, 2): billing on or off, Stripe's keys tried
// live against a stand-in of Stripe's API before they are stored, the mode they are in, invoices.

const SETTINGS = '/api/v1/settings';
const GOOD_KEY = 'sk_test_settings_tab';
const WEBHOOK_SECRET = 'whsec_settings_tab';
let stripe: StripeStandIn;
let t: TestApp;
let admin: Agent;

beforeAll(async () => {
  stripe = await startStripeStandIn({ secretKey: GOOD_KEY, webhookSecret: WEBHOOK_SECRET });
  t = await createTestApp({ STRIPE_API_URL: stripe.url });
  admin = (await staffAgent(t, { admin: true })).agent;
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const change = (settings: Record<string, unknown>, agent: Agent = admin) => put(agent, SETTINGS, { settings });
const listed = async (agent: Agent = admin) => (await agent.get(SETTINGS)).json() as AdminSettings;
const stored = async (key: string) =>
  (await t.modules.db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst())?.value;
const setting = (key: string) => t.modules.settings.service.get(key);

describe('who may change the subscriptions tab', () => {
  it('answers 401 to visitors and 403 to users without settings.update', async () => {
    expect((await change({ 'billing.enable': false }, newAgent(t))).statusCode).toBe(401);
    const plain = (await staffAgent(t)).agent;
    expect((await plain.get(SETTINGS)).statusCode).toBe(403);
    expect((await change({ 'billing.stripe.secret_key': GOOD_KEY }, plain)).statusCode).toBe(403);
    expect(await setting('billing.stripe.secret_key')).toBe('');
  });
});

describe("Stripe's keys", () => {
  it('are not set at first, and no mode is reported', async () => {
    const body = await listed();
    expect(body.secrets).toMatchObject({ 'billing.stripe.secret_key': false, 'billing.stripe.webhook_secret': false });
    expect(body.settings).not.toHaveProperty('billing.stripe.secret_key');
    expect(body.status.stripeMode).toBeNull();
    // The test app sets LOG_LEVEL: the one variable held.
    expect(body.environment).toEqual({ 'logging.level': 'LOG_LEVEL' });
  });

  it('refused by Stripe are not saved, and the error names the stripe group', async () => {
    const res = await change({ 'billing.stripe.secret_key': 'sk_test_unknown_to_stripe' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ 'group:stripe': ['Stripe refused this secret key.'] });
    expect(await setting('billing.stripe.secret_key')).toBe('');
  });

  it('that do not look like Stripe keys are refused on their field before any call', async () => {
    const res = await change({ 'billing.stripe.secret_key': 'pk_test_public', 'billing.stripe.webhook_secret': 'x' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'billing.stripe.secret_key': ['Give a key that starts with sk_ or rk_.'],
      'billing.stripe.webhook_secret': ['Give a secret that starts with whsec_.'],
    });
  });

  it('accepted by Stripe are stored encrypted, never sent back, and their mode is reported', async () => {
    const res = await change({
      'billing.stripe.secret_key': GOOD_KEY,
      'billing.stripe.webhook_secret': WEBHOOK_SECRET,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(GOOD_KEY);
    expect(res.body).not.toContain(WEBHOOK_SECRET);
    const body = res.json() as AdminSettings;
    expect(body.secrets).toMatchObject({ 'billing.stripe.secret_key': true, 'billing.stripe.webhook_secret': true });
    expect(body.status.stripeMode).toBe('test');
    for (const key of ['billing.stripe.secret_key', 'billing.stripe.webhook_secret']) {
      const row = await stored(key);
      expect(row).toMatch(/^"v2\./);
      expect(row).not.toMatch(/sk_test|whsec/);
    }
    expect(await setting('billing.stripe.secret_key')).toBe(GOOD_KEY);
    expect(stripe.unknownCalls).toEqual([]);
    expect((await listed()).status.stripeMode).toBe('test');
  });

  it('are tried again when only the webhook secret changes, with the stored key', async () => {
    const res = await change({ 'billing.stripe.webhook_secret': 'whsec_rotated' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await setting('billing.stripe.webhook_secret')).toBe('whsec_rotated');
  });

  it('whose API cannot be reached fail the check with where it was asked', async () => {
    const closed = await localServer(() => {});
    await closed.close();
    const check = CREDENTIAL_CHECKS.find((c) => c.group === 'stripe');
    const values = { 'billing.stripe.secret_key': GOOD_KEY, 'billing.stripe.webhook_secret': WEBHOOK_SECRET };
    const outcome = await check?.run(values, { baseUrl: 'http://kosh.test', to: null, stripeApiUrl: closed.url });
    expect(outcome).toMatch(/^Could not reach Stripe at 127\.0\.0\.1:\d+\.$/);
  });
});

describe('turning billing on', () => {
  it('is refused while only one of the two keys is given, on the missing key', async () => {
    expect((await change({ 'billing.stripe.webhook_secret': '' })).statusCode).toBe(200);
    const noSecret = await change({ 'billing.enable': true });
    expect(noSecret.statusCode).toBe(422);
    expect(noSecret.json().errors).toEqual({
      'billing.stripe.webhook_secret': ['Give the webhook signing secret too.'],
    });
    const noKey = await change({
      'billing.enable': true,
      'billing.stripe.secret_key': '',
      'billing.stripe.webhook_secret': WEBHOOK_SECRET,
    });
    expect(noKey.statusCode).toBe(422);
    expect(noKey.json().errors).toEqual({ 'billing.stripe.secret_key': ['Give the secret key too.'] });
    expect(await setting('billing.enable')).toBe(false);
    expect(await setting('billing.stripe.secret_key')).toBe(GOOD_KEY);
  });

  it('is accepted with both keys, and with none (no gateway is offered then)', async () => {
    const both = await change({ 'billing.enable': true, 'billing.stripe.webhook_secret': WEBHOOK_SECRET });
    expect(both.statusCode, both.body).toBe(200);
    expect((await newAgent(t).get('/api/v1/bootstrap-data')).json().settings.billing.enable).toBe(true);
    const none = await change({ 'billing.stripe.secret_key': '', 'billing.stripe.webhook_secret': '' });
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json().status.stripeMode).toBeNull();
    expect(none.json().settings['billing.enable']).toBe(true);
  });
});

describe('invoice details', () => {
  it('keep the company lines and notes as typed', async () => {
    const company = 'Kosh Cloud Pvt Ltd\n12 MG Road, Bengaluru 560001\nGSTIN 29ABCDE1234F1Z5';
    const res = await change({ 'billing.invoice.company': company, 'billing.invoice.notes': 'Thank you.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().settings).toMatchObject({
      'billing.invoice.company': company,
      'billing.invoice.notes': 'Thank you.',
    });
  });
});

describe('keys held by the environment', () => {
  let env: BillingTestApp;
  beforeAll(async () => {
    env = await createBillingApp();
  });
  afterAll(() => env.close());

  it('are named with their variable, reported set with their mode, and cannot be changed here', async () => {
    const body = await listed(env.admin);
    expect(body.environment).toEqual({
      'logging.level': 'LOG_LEVEL',
      'billing.stripe.secret_key': 'STRIPE_SECRET_KEY',
      'billing.stripe.webhook_secret': 'STRIPE_WEBHOOK_SECRET',
    });
    expect(body.secrets).toMatchObject({ 'billing.stripe.secret_key': true, 'billing.stripe.webhook_secret': true });
    expect(body.status.stripeMode).toBe('test');
    expect(JSON.stringify(body)).not.toContain(STRIPE_SECRET);
    expect(JSON.stringify(body)).not.toContain(STRIPE_WEBHOOK_SECRET);
    const res = await put(env.admin, SETTINGS, { settings: { 'billing.stripe.secret_key': 'sk_live_other' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['billing.stripe.secret_key']).toEqual([
      'Set by the environment variable STRIPE_SECRET_KEY; change it there.',
    ]);
  });
});
