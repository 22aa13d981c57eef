import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Product } from '@kosh/contracts';
import type { StripeStandIn } from '../../server/test/helpers/stripe/stand-in.ts';
import { pricingPlans, startBillingServer } from './billing-steps.ts';
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

// Paying for a plan (spec part 2, 2 "Checkout and payment routes", "Billing routes"): pricing, sign-up
// with the plan held, Stripe's hosted page (a local stand-in speaking Stripe's API, whose webhooks
// reach the server's endpoint), the done route, the billing page, cancel and renew.

const SECRET_KEY = 'sk_test_kosh_journey';
const WEBHOOK_SECRET = 'whsec_kosh_journey';
const PASSWORD = 'correct-horse-9';
let server: RunningServer;
let stripe: StripeStandIn;
let browser: Browser | undefined;
let plans: Product[];

beforeAll(async () => {
  ({ server, stripe } = await startBillingServer({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET }));
  plans = await pricingPlans(server);
});
afterAll(async () => {
  await server?.stop();
  await stripe?.close();
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

const card = (page: Page, plan: Product) => page.getByRole('article', { name: plan.name, exact: true });

describe('paying for a plan', () => {
  it('goes from a plan card through Stripe to the billing page, then cancels and renews', async () => {
    browser = await openBrowser(DESKTOP);
    const { page } = browser;
    const chosen = plans.find((p) => p.recommended) ?? plans.filter((p) => !p.free)[0];
    if (!chosen) throw new Error('no paid plan is seeded');
    const monthly = chosen.prices.find((p) => p.interval === 'month');
    await go(page, '/pricing');
    await card(page, chosen).getByRole('link', { name: 'Choose Plan' }).click();
    await page.getByRole('heading', { name: "First, let's create your account" }).waitFor();
    await page.getByRole('textbox', { name: 'Email' }).fill(uniqueEmail('payer'));
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.locator('input[name="password_confirmation"]').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create an account' }).click();
    await waitForPath(page, `/checkout/${chosen.id}/${monthly?.id}`);

    // The checkout offers the configured gateway.
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    await page.getByText('You will be taken to Stripe to pay securely.').waitFor();
    expect(await page.getByText('Online payment is not available on this site yet.').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Pay with PayPal' }).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'billing-checkout-1280');
    await page.getByRole('button', { name: 'Pay with card' }).click();

    // Stripe's hosted page (the stand-in): a declined card first, then a good one.
    await page.waitForURL((url) => url.href.startsWith(`${stripe.url}/pay/`));
    await page.locator('input[name="card"]').fill('4000 0000 0000 0341');
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.getByText('Your card was declined.').waitFor();
    await page.locator('input[name="card"]').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay' }).click();

    // Back on the done route, which confirms the payment with the server.
    await page.getByRole('heading', { name: 'Payment successful' }).waitFor();
    expect(pathOf(page)).toBe(`/checkout/${chosen.id}/${monthly?.id}/stripe/done`);
    expect(await page.getByTestId('success-plan').textContent()).toContain(chosen.name);
    expect(stripe.events.map((e) => e.status)).toEqual(stripe.events.map(() => 200));
    await screenshot(page, 'billing-done-1280');

    // The billing page: the plan, its renewal, the card and the first invoice.
    await page.getByRole('link', { name: 'View billing' }).click();
    await waitForPath(page, '/billing');
    await page.getByRole('heading', { level: 1, name: 'Billing' }).waitFor();
    expect(await page.getByTestId('current-plan-name').textContent()).toBe(chosen.name);
    expect(await page.getByTestId('subscription-status').textContent()).toBe('Active');
    expect(await page.getByTestId('subscription-line').textContent()).toMatch(/^Renews on /);
    expect(await page.getByTestId('payment-method').textContent()).toContain('Visa ending in 4242');
    await expect.poll(() => page.getByTestId('invoice-row').count()).toBe(1);
    expect(await page.getByTestId('invoice-row').first().textContent()).toContain('Paid');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'billing-active-1280');

    // Cancel at the end of the period: the plan stays, now ending.
    await page.getByRole('button', { name: 'Cancel plan' }).click();
    const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await dialog.getByRole('heading', { name: 'Cancel your plan?' }).waitFor();
    await screenshot(page, 'billing-cancel-dialog-1280');
    await dialog.getByRole('button', { name: 'Cancel plan' }).click();
    await expectToast(page, 'Your plan will end on');
    await expect.poll(() => page.getByTestId('subscription-status').textContent()).toBe('Cancelled');
    expect(await page.getByTestId('subscription-line').textContent()).toMatch(/^Ends on /);
    await dismissToasts(page);
    await screenshot(page, 'billing-cancelled-1280');

    // Renew while the paid period lasts.
    await page.getByRole('button', { name: 'Renew plan' }).click();
    await expectToast(page, 'Your plan will renew.');
    await expect.poll(() => page.getByTestId('subscription-status').textContent()).toBe('Active');

    // A bigger plan: only plans with more space are offered; the confirmation shows Stripe's proration.
    await page.getByRole('link', { name: 'Change plan' }).click();
    await waitForPath(page, '/billing/change-plan');
    const bigger = plans
      .filter((p) => !p.free && p.available_space > chosen.available_space)
      .sort((a, b) => b.available_space - a.available_space)[0];
    if (!bigger) throw new Error('no bigger plan is seeded');
    await card(page, bigger).waitFor();
    expect(await card(page, chosen).count()).toBe(0);
    await screenshot(page, 'billing-change-plan-1280');
    await card(page, bigger).getByRole('link', { name: 'Choose Plan' }).click();
    await page.getByRole('heading', { name: 'Confirm plan change' }).waitFor();
    await page.getByTestId('change-due').waitFor();
    expect(await page.getByTestId('change-due').textContent()).toMatch(/^₹[\d,.]+$/);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'billing-change-confirm-1280');
    await page.getByRole('button', { name: 'Confirm change' }).click();
    await expectToast(page, `Your plan is now ${bigger.name}.`);
    await waitForPath(page, '/billing');
    await expect.poll(() => page.getByTestId('current-plan-name').textContent()).toBe(bigger.name);
    await dismissToasts(page);

    // A new card, saved on Stripe's page, becomes the plan's.
    await page.getByRole('link', { name: 'Update card' }).click();
    await page.getByRole('heading', { level: 1, name: 'Update card' }).waitFor();
    await page.getByRole('button', { name: 'Add a new card' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${stripe.url}/pay/`));
    await page.locator('input[name="card"]').fill('5555 5555 5555 4444');
    await page.getByRole('button', { name: 'Save card' }).click();
    await expectToast(page, 'Your card was updated.');
    await waitForPath(page, '/billing');
    await expect.poll(() => page.getByTestId('payment-method').textContent()).toContain('ending in 4444');
    await dismissToasts(page);

    // The drive's storage meter counts the bigger plan's space.
    await go(page, '/drive');
    const meter = page.getByText(/ of .* used$/);
    await meter.first().waitFor();
    expect(await meter.first().textContent()).toMatch(/of \d+ TB used/);
    await page.setViewportSize(MOBILE);
    await go(page, '/billing');
    await page.getByTestId('current-plan-name').waitFor();
    await page.waitForTimeout(200);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'billing-active-375');
  });

  it('sends a signed-in user without a subscription from /billing to /pricing', async () => {
    browser = await openBrowser(DESKTOP);
    const { page } = browser;
    await go(page, '/register');
    await page.getByRole('textbox', { name: 'Email' }).fill(uniqueEmail('nosub'));
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.locator('input[name="password_confirmation"]').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create an account' }).click();
    await page.waitForURL((url) => url.pathname !== '/register');
    await go(page, '/billing');
    await waitForPath(page, '/pricing');
  });
});
