import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ListInvoicesResponse, Product } from '@kosh/contracts';
import type { StripeStandIn } from '../../server/test/helpers/stripe/stand-in.ts';
import { pricingPlans, startBillingServer } from './billing-steps.ts';
import { pathOf, registerViaApi, uniqueEmail, waitForPath } from './account-steps.ts';
import {
  apiClient,
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

// The payment history (/drive/payment-history) and one invoice to print or save as a PDF, for a user
// who paid through the Stripe stand-in; the invoice carries the company details staff set.

const SECRET_KEY = 'sk_test_kosh_history';
const WEBHOOK_SECRET = 'whsec_kosh_history';
const PASSWORD = 'correct-horse-9';
const COMPANY = 'Acme Storage Pvt Ltd\n12 MG Road, Bengaluru 560001\nGSTIN 29ABCDE1234F1Z5';
const NOTES = 'Thank you for your business.';
let server: RunningServer;
let stripe: StripeStandIn;
let browser: Browser | undefined;
let plan: Product;

beforeAll(async () => {
  ({ server, stripe } = await startBillingServer(
    { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET },
    { 'billing.invoice.company': COMPANY, 'billing.invoice.notes': NOTES },
  ));
  const plans = await pricingPlans(server);
  const paid = plans.find((p) => !p.free && p.prices.some((price) => price.currency.toUpperCase() === 'INR'));
  if (!paid) throw new Error('no paid plan in rupees is seeded');
  plan = paid;
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

/** A new user who paid for `plan` through the API and the stand-in's hosted page. */
async function subscriber(): Promise<string> {
  const email = uniqueEmail('history');
  await registerViaApi(server, email, PASSWORD);
  const api = await apiClient(server, email, PASSWORD);
  const price = plan.prices.find((p) => p.currency.toUpperCase() === 'INR');
  const checkout = await api.call('POST', 'api/v1/billing/checkout', {
    product_id: plan.id,
    price_id: price?.id,
    gateway: 'stripe',
  });
  if (checkout.status !== 200) throw new Error(`checkout refused: ${JSON.stringify(checkout.body)}`);
  const sessionId = new URL((checkout.body as { redirect_url: string }).redirect_url).pathname.split('/').pop() ?? '';
  await stripe.completeCheckout(sessionId);
  await api.call('POST', 'api/v1/billing/checkout/stripe/confirm', { session_id: sessionId });
  await expect
    .poll(
      async () => ((await api.call('GET', 'api/v1/billing/invoices')).body as ListInvoicesResponse).pagination.total,
    )
    .toBe(1);
  return email;
}

async function go(page: Page, path: string) {
  await page.goto(server.url + path);
  await waitForApp(page);
}

describe('payment history', () => {
  it('lists the paid invoice, opens it with the company details and downloads its PDF', async () => {
    const email = await subscriber();
    browser = await openBrowser(DESKTOP);
    const { page, context } = browser;
    await signInAs(server, context, email, PASSWORD);

    // From the billing page's recent invoices to the full history.
    await go(page, '/billing');
    await page.getByRole('link', { name: 'View all' }).click();
    await waitForPath(page, '/drive/payment-history');
    await page.getByRole('heading', { level: 1, name: 'Payment history' }).waitFor();
    // The table on wide screens, a list on phones: the one shown.
    const rows = page.locator('[data-testid="payment-row"]:visible');
    await expect.poll(() => rows.count()).toBe(1);
    const row = rows.first();
    expect(await row.textContent()).toContain(plan.name);
    expect(await row.textContent()).toMatch(/₹[\d,.]+/);
    expect(await row.getByTestId('invoice-status').textContent()).toBe('Paid');
    expect(await page.getByRole('navigation', { name: 'Pagination' }).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'billing-history-1280');

    // The printable invoice: seller, number, buyer, plan, total, status and notes.
    await row.getByRole('link', { name: 'View' }).click();
    await page.getByRole('heading', { level: 1, name: 'Invoice' }).waitFor();
    expect(pathOf(page)).toMatch(/^\/drive\/payment-history\/\d+$/);
    const seller = await page.getByTestId('invoice-seller').textContent();
    for (const line of COMPANY.split('\n')) expect(seller).toContain(line);
    expect(await page.getByTestId('invoice-number').textContent()).toMatch(/^INV-\d{6}$/);
    expect(await page.getByTestId('invoice-plan').textContent()).toBe(plan.name);
    expect(await page.getByTestId('invoice-total').textContent()).toMatch(/^₹[\d,.]+$/);
    expect(await page.getByTestId('invoice-notes-text').textContent()).toBe(NOTES);
    await page.getByText(email).waitFor();
    await page.getByRole('button', { name: 'Print' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'billing-invoice-1280');

    // Printing leaves the navbar and the buttons off the page.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    expect(await page.locator('header').first().isVisible()).toBe(false);
    await screenshot(page, 'billing-invoice-print-1280');
    await page.emulateMedia({ media: 'screen' });

    // The Download PDF link saves the server's PDF.
    const link = page.getByRole('link', { name: 'Download PDF' });
    expect(await link.getAttribute('download')).not.toBeNull();
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const number = await page.getByTestId('invoice-number').textContent();
    expect(download.suggestedFilename()).toBe(`invoice-${number}.pdf`);
    const pdf = await page.evaluate(
      async (href) => {
        const response = await fetch(href);
        const bytes = new Uint8Array(await response.arrayBuffer());
        return { type: response.headers.get('content-type'), head: String.fromCharCode(...bytes.slice(0, 5)) };
      },
      (await link.getAttribute('href')) ?? '',
    );
    expect(pdf).toEqual({ type: 'application/pdf', head: '%PDF-' });

    // On a phone: the history as a list, the invoice stacked.
    await page.setViewportSize(MOBILE);
    await go(page, '/drive/payment-history');
    await expect.poll(() => page.locator('[data-testid="payment-row"]:visible').count()).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'billing-history-375');
    await page.getByRole('link', { name: 'View' }).click();
    await page.getByRole('heading', { level: 1, name: 'Invoice' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'billing-invoice-375');
  });

  it('shows an empty history to a user who never paid', async () => {
    const email = uniqueEmail('unpaid');
    await registerViaApi(server, email, PASSWORD);
    browser = await openBrowser(MOBILE);
    await signInAs(server, browser.context, email, PASSWORD);
    await go(browser.page, '/drive/payment-history');
    await browser.page.getByText('No invoices yet.').waitFor();
    expect(await seriousA11yViolations(browser.page)).toEqual([]);
    await screenshot(browser.page, 'billing-history-empty-375');
  });
});
