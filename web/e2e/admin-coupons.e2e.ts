import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { StripeStandIn } from '../../server/test/helpers/stripe/stand-in.ts';
import { startBillingServer } from './billing-steps.ts';
import { expectToast } from './account-steps.ts';
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

// The admin Discount screen: staff create a coupon (made at Stripe, here a local stand-in of its
// API, as a coupon and a promotion code), see it listed, rename it and delete it.

let server: RunningServer;
let stripe: StripeStandIn;
let browser: Browser | undefined;

beforeAll(async () => {
  ({ server, stripe } = await startBillingServer({
    secretKey: 'sk_test_kosh_coupons',
    webhookSecret: 'whsec_kosh_coupons',
  }));
});
afterAll(async () => {
  await server?.stop();
  await stripe?.close();
});
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

async function openDiscount(viewport = DESKTOP) {
  browser = await openBrowser(viewport);
  await signInAs(server, browser.context);
  await browser.page.goto(`${server.url}/admin/discount`);
  await waitForApp(browser.page);
  await browser.page.getByRole('heading', { name: 'Discount', level: 1 }).waitFor();
  return browser.page;
}

const table = (page: Page) => page.getByRole('grid', { name: 'Coupons' });
const row = (page: Page, code: string) =>
  table(page)
    .locator('tbody [role="row"]')
    .filter({ has: page.getByRole('rowheader', { name: code, exact: true }) });

describe('admin discount', () => {
  it('creates a coupon, lists it, renames it and deletes it', { timeout: 240_000 }, async () => {
    const page = await openDiscount();
    await page.getByText('No coupons yet').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'admin-coupons-empty-1280');

    // The sidebar leads here.
    await page.getByRole('link', { name: 'Discount' }).first().waitFor();

    // Create: 20% off for 3 months, 100 uses.
    await page.getByRole('button', { name: 'New coupon' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New coupon' });
    await dialog.getByRole('textbox', { name: 'Code' }).fill('spring-20');
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Spring sale');
    await dialog.getByRole('textbox', { name: 'Percentage off' }).fill('20');
    await dialog.getByRole('button', { name: /Applies/ }).click();
    await page.getByRole('option', { name: 'For a number of months' }).click();
    // A missing number of months is caught before anything is sent.
    await dialog.getByRole('button', { name: 'Create coupon' }).click();
    await dialog.getByText('A repeating discount needs a number of months.').waitFor();
    await dialog.getByRole('textbox', { name: 'Months' }).fill('3');
    await dialog.getByRole('textbox', { name: 'Redemption limit' }).fill('100');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'admin-coupons-new-1280');
    await dialog.getByRole('button', { name: 'Create coupon' }).click();
    await expectToast(page, 'Created SPRING-20');
    await row(page, 'SPRING-20').waitFor();
    const text = (await row(page, 'SPRING-20').textContent()) ?? '';
    expect(text).toContain('Spring sale');
    expect(text).toContain('20% off, 3 months');
    expect(text).toContain('0 of 100');
    expect(text).toContain('Never');
    expect(text).toContain('Active');
    const codes = [...stripe.discounts.promotionCodes.values()];
    expect(codes.map((c) => c.code)).toEqual(['SPRING-20']);
    expect(stripe.discounts.coupons.get(codes[0]?.promotion.coupon ?? '')).toMatchObject({
      percent_off: 20,
      duration_in_months: 3,
      max_redemptions: 100,
    });
    await screenshot(page, 'admin-coupons-list-1280');

    // Rename it.
    await row(page, 'SPRING-20').getByRole('button', { name: 'Actions for SPRING-20' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit coupon' });
    await edit.getByRole('textbox', { name: 'Name' }).fill('Spring sale 2026');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'admin-coupons-edit-1280');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Saved SPRING-20');
    await row(page, 'SPRING-20').filter({ hasText: 'Spring sale 2026' }).waitFor();
    expect(stripe.discounts.coupons.get(codes[0]?.promotion.coupon ?? '')?.name).toBe('Spring sale 2026');

    // Delete it.
    await row(page, 'SPRING-20').getByRole('button', { name: 'Actions for SPRING-20' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete coupon?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Deleted SPRING-20');
    await row(page, 'SPRING-20').waitFor({ state: 'detached' });
    expect(stripe.discounts.promotionCodes.get(codes[0]?.id ?? '')?.active).toBe(false);
    expect(unexpectedConsoleErrors(browser?.consoleErrors ?? [])).toEqual([]);
  });

  it('reads on a phone', async () => {
    const page = await openDiscount(MOBILE);
    await page.getByText('No coupons yet').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'admin-coupons-375');
    await page.getByRole('button', { name: 'New coupon' }).first().click();
    await page.getByRole('dialog', { name: 'New coupon' }).getByRole('textbox', { name: 'Code' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'admin-coupons-new-375');
  });
});
