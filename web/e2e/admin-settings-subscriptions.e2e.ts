import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Cookie, Page } from 'playwright-core';
import { type PayPalStandIn, startPayPalStandIn } from '../../server/test/helpers/paypal/stand-in.ts';
import { type StripeStandIn, startStripeStandIn } from '../../server/test/helpers/stripe/stand-in.ts';
import { expectToast } from './account-steps.ts';
import { startDriveServer } from './drive-steps.ts';
import {
  DESKTOP,
  MOBILE,
  openBrowser,
  screenshot,
  seriousA11yViolations,
  signInAs,
  unexpectedConsoleErrors,
  waitForApp,
  type Browser,
  type RunningServer,
} from './harness.ts';

// The subscriptions tab of the admin settings at 1280 and 375 px: billing turned on warns while no
// gateway is configured; Stripe's keys, checked live against a local stand-in of Stripe's API, are
// saved and then show only as set with the test mode the server reads from the key; a key Stripe
// refuses is told above the Stripe section; the webhook address to register; axe on each.

const SECRET_KEY = 'sk_test_kosh_settings_journey';
const WEBHOOK_SECRET = 'whsec_kosh_settings_journey';
const PAYPAL_CLIENT = 'kosh-settings-paypal-client';
const PAYPAL_SECRET = 'kosh-settings-paypal-secret';
const COMPANY = 'Kosh Cloud Pvt Ltd\n12 MG Road, Bengaluru 560001\nGSTIN 29ABCDE1234F1Z5';
let server: RunningServer;
let stripe: StripeStandIn;
let paypal: PayPalStandIn;
let adminCookies: Cookie[] | undefined;
const browsers: Browser[] = [];

beforeAll(async () => {
  stripe = await startStripeStandIn({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
  paypal = await startPayPalStandIn({ clientId: PAYPAL_CLIENT, clientSecret: PAYPAL_SECRET, webhookId: 'WH-TAB' });
  server = await startDriveServer({ STRIPE_API_URL: stripe.url, PAYPAL_API_URL: paypal.url });
});
afterAll(async () => {
  await server?.stop();
  await stripe?.close();
  await paypal?.close();
});
afterEach(async () => {
  for (const b of browsers.splice(0)) {
    expect(unexpectedConsoleErrors(b.consoleErrors)).toEqual([]);
    await b.close();
  }
});

/** The tab in a browser signed in as the admin; the file signs in once (sign-ins are limited). */
async function openTab(viewport = DESKTOP): Promise<Page> {
  const b = await openBrowser(viewport);
  browsers.push(b);
  if (adminCookies) await b.context.addCookies(adminCookies);
  else {
    await signInAs(server, b.context);
    adminCookies = await b.context.cookies(server.url);
  }
  await b.page.goto(`${server.url}/admin/settings/subscriptions`);
  await waitForApp(b.page);
  await b.page.getByRole('heading', { name: 'Billing', exact: true }).waitFor();
  return b.page;
}

const stripeSection = (page: Page) => page.getByRole('region', { name: 'Stripe', exact: true });
const paypalSection = (page: Page) => page.getByRole('region', { name: 'PayPal', exact: true });
const saveBar = (page: Page) => page.getByRole('region', { name: 'Unsaved changes' });
const noGateway = (page: Page) =>
  page.getByText('No payment gateway is configured: the checkout page will offer none.');

async function expectAccessible(page: Page) {
  expect(await seriousA11yViolations(page)).toEqual([]);
}

/** Settings as the admin API lists them, through the page's own cookies. */
async function savedSettings(page: Page) {
  const response = await page.request.get(`${server.url}/api/v1/settings`, { headers: { accept: 'application/json' } });
  expect(response.status()).toBe(200);
  return (await response.json()) as {
    settings: Record<string, unknown>;
    secrets: Record<string, boolean>;
    status: { stripeMode: string | null };
  };
}

/** Replaces the saved secret key with one Stripe does not know and saves: the refusal shows above Stripe's fields. */
async function saveRefusedKey(page: Page, saveLabel: string) {
  await stripeSection(page).getByRole('group', { name: 'Secret key' }).getByRole('button', { name: 'Replace' }).click();
  await stripeSection(page).getByLabel('Secret key').fill('sk_test_unknown_to_stripe');
  await saveBar(page).getByRole('button', { name: saveLabel }).click();
  const alert = stripeSection(page).getByRole('alert').filter({ hasText: 'Stripe refused this secret key.' });
  await alert.waitFor();
  await alert.evaluate((el) => el.scrollIntoView({ block: 'center' }));
}

describe('admin settings: subscriptions', () => {
  it('turns billing on with Stripe keys checked live, shows test mode, and tells a refused key', async () => {
    const page = await openTab();
    const tabs = await page.getByRole('navigation', { name: 'Settings' }).getByRole('link').allTextContents();
    expect(tabs.slice(0, 3)).toEqual(['General', 'Subscriptions', 'Localization']);
    expect(await page.title()).toMatch(/^Subscriptions settings - /);
    const address = stripeSection(page).getByRole('textbox', { name: 'Webhook address' });
    expect(await address.inputValue()).toBe(`${server.url}/api/v1/billing/webhooks/stripe`);
    expect(await stripeSection(page).getByRole('button', { name: 'Copy webhook address' }).isVisible()).toBe(true);
    const paypalAddress = page.getByTestId('paypal-webhook-address');
    expect(await paypalAddress.inputValue()).toBe(`${server.url}/api/v1/billing/webhooks/paypal`);
    expect(await stripeSection(page).getByText('Test mode').count()).toBe(0);

    const billing = page.getByRole('switch', { name: 'Enable billing' });
    await billing.focus();
    await page.keyboard.press('Space');
    expect(await billing.isChecked()).toBe(true);
    await noGateway(page).waitFor();
    await screenshot(page, 'admin-settings-subscriptions-no-gateway-1280');
    await expectAccessible(page);

    await stripeSection(page).getByLabel('Secret key').fill(SECRET_KEY);
    await stripeSection(page).getByLabel('Webhook signing secret').fill(WEBHOOK_SECRET);
    await noGateway(page).waitFor({ state: 'detached' });
    await page.getByRole('textbox', { name: 'Company details' }).fill(COMPANY);
    await page.getByRole('textbox', { name: 'Notes' }).fill('Thank you for your business.');
    await saveBar(page).getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, 'Settings saved');
    await saveBar(page).waitFor({ state: 'detached' });
    await stripeSection(page).getByText('Test mode', { exact: true }).waitFor();
    expect(await stripeSection(page).getByText('Set', { exact: true }).count()).toBe(2);
    const saved = await savedSettings(page);
    expect(saved.settings).toMatchObject({ 'billing.enable': true, 'billing.invoice.company': COMPANY });
    expect(saved.secrets).toMatchObject({ 'billing.stripe.secret_key': true, 'billing.stripe.webhook_secret': true });
    expect(saved.status.stripeMode).toBe('test');
    expect(JSON.stringify(saved)).not.toContain(SECRET_KEY);
    expect(await page.content()).not.toContain(SECRET_KEY);
    await screenshot(page, 'admin-settings-subscriptions-saved-1280');
    await expectAccessible(page);

    await saveRefusedKey(page, 'Save changes');
    await screenshot(page, 'admin-settings-subscriptions-refused-1280');
    await expectAccessible(page);
    expect((await savedSettings(page)).secrets['billing.stripe.secret_key']).toBe(true);
  });

  it('fits a phone: the sections stacked, the refusal above the Stripe section', async () => {
    const page = await openTab(MOBILE);
    await stripeSection(page).getByText('Test mode', { exact: true }).waitFor();
    await screenshot(page, 'admin-settings-subscriptions-375');
    await expectAccessible(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await saveRefusedKey(page, 'Save');
    await screenshot(page, 'admin-settings-subscriptions-refused-375');
    await expectAccessible(page);
  });

  it('saves PayPal’s client once PayPal accepts it, and tells a secret PayPal refuses', async () => {
    const page = await openTab();
    const section = paypalSection(page);
    await section.scrollIntoViewIfNeeded();
    expect(await section.getByRole('radio', { name: /^Sandbox/ }).isChecked()).toBe(true);
    await section.getByRole('textbox', { name: 'Client ID' }).fill(PAYPAL_CLIENT);
    await section.getByLabel('Secret', { exact: true }).fill(PAYPAL_SECRET);
    await section.getByRole('textbox', { name: 'Webhook ID' }).fill('WH-TAB');
    await saveBar(page).getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, 'Settings saved');
    await saveBar(page).waitFor({ state: 'detached' });
    const saved = await savedSettings(page);
    expect(saved.settings).toMatchObject({
      'billing.paypal.client_id': PAYPAL_CLIENT,
      'billing.paypal.mode': 'sandbox',
    });
    expect(saved.secrets['billing.paypal.client_secret']).toBe(true);
    expect(await page.content()).not.toContain(PAYPAL_SECRET);
    await section.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await screenshot(page, 'admin-settings-subscriptions-paypal-1280');
    await expectAccessible(page);

    await section.getByRole('group', { name: 'Secret', exact: true }).getByRole('button', { name: 'Replace' }).click();
    await section.getByLabel('Secret', { exact: true }).fill('not-the-secret');
    await saveBar(page).getByRole('button', { name: 'Save changes' }).click();
    const alert = section
      .getByRole('alert')
      .filter({ hasText: 'PayPal refused this client ID and secret in sandbox mode.' });
    await alert.waitFor();
    await alert.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await screenshot(page, 'admin-settings-subscriptions-paypal-refused-1280');
    expect((await savedSettings(page)).secrets['billing.paypal.client_secret']).toBe(true);
  });
});
