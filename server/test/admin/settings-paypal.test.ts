import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSettings } from '@kosh/contracts';
import { CREDENTIAL_CHECKS } from '../../src/settings/credential-checks.ts';
import { localServer, put } from '../helpers/accounts.ts';
import {
  createPayPalBillingApp,
  PAYPAL_CLIENT_ID,
  PAYPAL_CLIENT_SECRET,
  type PayPalBillingTestApp,
} from '../helpers/billing.ts';
import { type PayPalStandIn, startPayPalStandIn } from '../helpers/paypal/stand-in.ts';
import { staffAgent } from '../helpers/staff.ts';
import { type Agent, createTestApp, type TestApp } from '../helpers/test-app.ts';

// The subscriptions tab's PayPal group: client id and secret tried live against a stand-in of
// PayPal's token endpoint before they are stored, all three keys or none while billing is on.

const SETTINGS = '/api/v1/settings';
const CLIENT = 'settings-tab-client';
const SECRET = 'settings-tab-secret';
let paypal: PayPalStandIn;
let t: TestApp;
let admin: Agent;

beforeAll(async () => {
  paypal = await startPayPalStandIn({ clientId: CLIENT, clientSecret: SECRET, webhookId: 'WH-SETTINGS' });
  t = await createTestApp({ PAYPAL_API_URL: paypal.url });
  admin = (await staffAgent(t, { admin: true })).agent;
});
afterAll(async () => {
  await t.close();
  await paypal.close();
});

const change = (settings: Record<string, unknown>) => put(admin, SETTINGS, { settings });
const setting = (key: string) => t.modules.settings.service.get(key);

describe("PayPal's client", () => {
  it('refused by PayPal is not saved, and the error names the paypal group', async () => {
    const res = await change({ 'billing.paypal.client_id': CLIENT, 'billing.paypal.client_secret': 'wrong' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'group:paypal': ['PayPal refused this client ID and secret in sandbox mode.'],
    });
    expect(await setting('billing.paypal.client_id')).toBe('');
  });

  it('refuses a mode other than sandbox or live, and a webhook id of another shape', async () => {
    const res = await change({ 'billing.paypal.mode': 'production', 'billing.paypal.webhook_id': 'not an id!' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['billing.paypal.mode']).toEqual(['Choose sandbox or live.']);
    expect(res.json().errors['billing.paypal.webhook_id']).toEqual([
      'Give the webhook ID PayPal shows, letters and digits.',
    ]);
  });

  it('accepted by PayPal is stored with its secret encrypted and never sent back', async () => {
    const res = await change({
      'billing.paypal.client_id': CLIENT,
      'billing.paypal.client_secret': SECRET,
      'billing.paypal.webhook_id': 'WH-SETTINGS',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(SECRET);
    const body = res.json() as AdminSettings;
    expect(body.secrets['billing.paypal.client_secret']).toBe(true);
    expect(body.settings['billing.paypal.client_id']).toBe(CLIENT);
    const row = await t.modules.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'billing.paypal.client_secret')
      .executeTakeFirst();
    expect(row?.value).toMatch(/^"v2\./);
    expect(await setting('billing.paypal.client_secret')).toBe(SECRET);
  });

  it('must be whole before billing is turned on: each missing key is named', async () => {
    await change({ 'billing.paypal.client_secret': '', 'billing.paypal.webhook_id': '' });
    const res = await change({ 'billing.enable': true });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'billing.paypal.client_secret': ['Give the secret too.'],
      'billing.paypal.webhook_id': ['Give the webhook ID too.'],
    });
    expect(await setting('billing.enable')).toBe(false);
  });

  it('whose API cannot be reached fails the check with where it was asked', async () => {
    const closed = await localServer(() => {});
    await closed.close();
    const check = CREDENTIAL_CHECKS.find((c) => c.group === 'paypal');
    const values = { 'billing.paypal.client_id': CLIENT, 'billing.paypal.client_secret': SECRET };
    const outcome = await check?.run(values, { baseUrl: 'http://kosh.test', to: null, paypalApiUrl: closed.url });
    expect(outcome).toMatch(/^Could not reach PayPal at 127\.0\.0\.1:\d+/);
  });
});

describe('PayPal keys held by the environment', () => {
  let env: PayPalBillingTestApp;
  beforeAll(async () => {
    env = await createPayPalBillingApp();
  });
  afterAll(() => env.close());

  it('are named with their variable and cannot be changed here', async () => {
    const body = (await env.admin.get(SETTINGS)).json() as AdminSettings;
    expect(body.environment).toMatchObject({
      'billing.paypal.client_id': 'PAYPAL_CLIENT_ID',
      'billing.paypal.client_secret': 'PAYPAL_CLIENT_SECRET',
      'billing.paypal.webhook_id': 'PAYPAL_WEBHOOK_ID',
      'billing.paypal.mode': 'PAYPAL_MODE',
    });
    expect(body.settings['billing.paypal.client_id']).toBe(PAYPAL_CLIENT_ID);
    expect(JSON.stringify(body)).not.toContain(PAYPAL_CLIENT_SECRET);
    const res = await put(env.admin, SETTINGS, { settings: { 'billing.paypal.mode': 'live' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['billing.paypal.mode']).toEqual([
      'Set by the environment variable PAYPAL_MODE; change it there.',
    ]);
  });
});
