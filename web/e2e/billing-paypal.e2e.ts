import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Product } from '@kosh/contracts';
import type { PayPalStandIn } from '../../server/test/helpers/paypal/stand-in.ts';
import type { StripeStandIn } from '../../server/test/helpers/stripe/stand-in.ts';
import { pricingPlans, startPayPalBillingServer } from './billing-steps.ts';
import { dismissToasts, expectToast, pathOf, uniqueEmail, waitForPath } from './account-steps.ts';
import {
  DESKTOP,
  MOBILE,
  openBrowser,
  screenshot,
  seriousA11yViolations,
  unexpectedConsoleErrors,
  waitForApp,
  type Browser,
  type RunningServer,
} from './harness.ts';

// Paying with PayPal (spec part 2, 2 "Checkout and payment routes"): the checkout offers PayPal beside
// the card, PayPal's approval page (a local stand-in speaking PayPal's REST API, whose webhooks reach
// the server's endpoint), the done route, the billing page, cancel and renew.

const PASSWORD = 'correct-horse-9';
let server: RunningServer;
let stripe: StripeStandIn;
let paypal: PayPalStandIn;
let browser: Browser | undefined;
let plans: Product[];

beforeAll(async () => {
  ({ server, stripe, paypal } = await startPayPalBillingServer({
    secretKey: 'sk_test_kosh_paypal_journey',
    webhookSecret: 'whsec_kosh_paypal_journey',
  }));
  plans = await pricingPlans(server);
});
afterAll(async () => {
  await server?.stop();
  await stripe?.close();
  await paypal?.close();
});
afterEach(async () => {
  if (browser) expect(unexpectedConsoleErrors(browser.consoleErrors)).toEqual([]);
  await browser?.close();
  browser = undefined;
});

async function go(page: Page, path: string) {
  await page.goto(server.url + path);
  await waitForApp(page);
}

async function register(page: Page) {
  await go(page, '/register');
  await page.getByRole('textbox', { name: 'Email' }).fill(uniqueEmail('paypal'));
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('input[name="password_confirmation"]').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.waitForURL((url) => url.pathname !== '/register');
}

const card = (page: Page, plan: Product) => page.getByRole('article', { name: plan.name, exact: true });

describe('paying with PayPal', () => {
  it('approves on PayPal’s page, shows the plan on the billing page, then cancels and renews', async () => {
    browser = await openBrowser(DESKTOP);
    const { page } = browser;
    const chosen = plans.find((p) => p.recommended) ?? plans.filter((p) => !p.free)[0];
    if (!chosen) throw new Error('no paid plan is seeded');
    const monthly = chosen.prices.find((p) => p.interval === 'month');
    await register(page);
    await go(page, '/pricing');
    await card(page, chosen).getByRole('link', { name: 'Choose Plan' }).click();
    await waitForPath(page, `/checkout/${chosen.id}/${monthly?.id}`);

    // Both gateways are offered; PayPal says where it leads and that codes are for cards.
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    await page.getByRole('button', { name: 'Pay with card' }).waitFor();
    await page
      .getByText(
        'You will be taken to PayPal to approve the subscription. Promotion codes apply to card payments only.',
      )
      .waitFor();
    await page.mouse.move(0, 0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'billing-paypal-checkout-1280');

    // Leaving for PayPal and coming back without approving returns to the checkout.
    await page.getByRole('button', { name: 'Pay with PayPal' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${paypal.url}/checkoutnow`));
    await page.getByRole('link', { name: 'Cancel and return' }).click();
    await waitForPath(page, `/checkout/${chosen.id}/${monthly?.id}`);
    await waitForApp(page);

    // PayPal's approval page (the stand-in), then the done route confirms with the server.
    await page.getByRole('button', { name: 'Pay with PayPal' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${paypal.url}/checkoutnow`));
    await page.getByRole('heading', { name: new RegExp(`^${chosen.name}: `) }).waitFor();
    await page.getByRole('button', { name: 'Agree & Subscribe' }).click();
    await page.getByRole('heading', { name: 'Payment successful' }).waitFor();
    expect(pathOf(page)).toBe(`/checkout/${chosen.id}/${monthly?.id}/paypal/done`);
    expect(await page.getByTestId('success-plan').textContent()).toContain(chosen.name);
    await expect.poll(() => paypal.events.map((e) => e.status)).toEqual(paypal.events.map(() => 200));
    await screenshot(page, 'billing-paypal-done-1280');

    // The billing page: the plan, paid with PayPal, the first payment; no card to change here.
    await page.getByRole('link', { name: 'View billing' }).click();
    await waitForPath(page, '/billing');
    expect(await page.getByTestId('current-plan-name').textContent()).toBe(chosen.name);
    expect(await page.getByTestId('subscription-status').textContent()).toBe('Active');
    expect(await page.getByTestId('subscription-line').textContent()).toMatch(/^Renews on /);
    expect(await page.getByTestId('payment-method').textContent()).toContain('Paid with PayPal');
    await page.getByText('Change how you pay in your PayPal account.').waitFor();
    expect(await page.getByRole('link', { name: 'Update card' }).count()).toBe(0);
    await expect.poll(() => page.getByTestId('invoice-row').count()).toBe(1);
    expect(await page.getByTestId('invoice-row').first().textContent()).toContain('Paid');
    await page.mouse.move(0, 0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'billing-paypal-active-1280');

    // Cancel: PayPal stops charging, the plan lasts until its paid date; renew takes it back.
    await page.getByRole('button', { name: 'Cancel plan' }).click();
    const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await dialog.getByRole('button', { name: 'Cancel plan' }).click();
    await expectToast(page, 'Your plan will end on');
    await expect.poll(() => page.getByTestId('subscription-status').textContent()).toBe('Cancelled');
    expect([...paypal.store.subscriptions.values()].map((s) => s.status)).toContain('SUSPENDED');
    await dismissToasts(page);
    await screenshot(page, 'billing-paypal-cancelled-1280');
    await page.getByRole('button', { name: 'Renew plan' }).click();
    await expectToast(page, 'Your plan will renew.');
    await expect.poll(() => page.getByTestId('subscription-status').textContent()).toBe('Active');
    await dismissToasts(page);

    // A bigger plan: approved at PayPal, charged from the next payment.
    await page.getByRole('link', { name: 'Change plan' }).click();
    await waitForPath(page, '/billing/change-plan');
    const bigger = plans
      .filter((p) => !p.free && p.available_space > chosen.available_space)
      .sort((a, b) => b.available_space - a.available_space)[0];
    if (!bigger) throw new Error('no bigger plan is seeded');
    await card(page, bigger).getByRole('link', { name: 'Choose Plan' }).click();
    await page.getByRole('heading', { name: 'Confirm plan change' }).waitFor();
    await page.getByText('From your next payment', { exact: true }).waitFor();
    await page.getByText(/^The new plan starts once you approve it at PayPal; nothing is charged today\./).waitFor();
    await page.mouse.move(0, 0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'billing-paypal-change-confirm-1280');
    await page.getByRole('button', { name: 'Continue to PayPal' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${paypal.url}/checkoutnow`));
    await page.getByRole('heading', { name: new RegExp(`^${bigger.name}: `) }).waitFor();
    await page.getByRole('button', { name: 'Agree & Continue' }).click();
    await expectToast(page, `Your plan is now ${bigger.name}.`);
    await waitForPath(page, '/billing');
    await expect.poll(() => page.getByTestId('current-plan-name').textContent()).toBe(bigger.name);
    await dismissToasts(page);

    await page.setViewportSize(MOBILE);
    await go(page, '/billing');
    await page.getByTestId('current-plan-name').waitFor();
    await page.waitForTimeout(200);
    await page.mouse.move(0, 0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'billing-paypal-active-375');
  });
});
