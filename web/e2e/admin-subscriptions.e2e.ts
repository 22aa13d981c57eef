import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { dismissToasts, expectToast, registerViaApi, uniqueEmail } from './account-steps.ts';
import {
  DESKTOP,
  MOBILE,
  openBrowser,
  screenshot,
  seriousA11yViolations,
  signInAs,
  startServer,
  unexpectedConsoleErrors,
  waitForApp,
  type Browser,
  type RunningServer,
} from './harness.ts';

// The admin Subscriptions screen (spec part 2, 2 "subscriptions; expired-subscriptions"): staff grant a
// plan without payment, open it, cancel it at the end of its term, renew it, end it now, and find it
// among the ended (expired) ones.

let server: RunningServer;
let browser: Browser | undefined;
const PASSWORD = 'admin-subs-7';
let email: string;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});
afterEach(async () => {
  if (browser) expect(unexpectedConsoleErrors(browser.consoleErrors)).toEqual([]);
  await browser?.close();
  browser = undefined;
});

const row = (page: Page) =>
  page.getByRole('grid', { name: 'Subscriptions' }).locator('tbody [role="row"]').filter({ hasText: email });
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('admin subscriptions', () => {
  it('grants a plan, cancels, renews and ends it, and lists it among the ended ones', async () => {
    // A user of its own, so a retry starts afresh.
    email = uniqueEmail('granted');
    await registerViaApi(server, email, PASSWORD);
    browser = await openBrowser(DESKTOP);
    const { page } = browser;
    await signInAs(server, browser.context);
    await page.goto(`${server.url}/admin/subscriptions`);
    await waitForApp(page);
    await page.getByRole('heading', { level: 1, name: 'Subscriptions' }).waitFor();
    await page.getByRole('grid', { name: 'Subscriptions' }).waitFor();

    await page.getByRole('button', { name: 'Grant a plan' }).click();
    const grant = page.getByRole('dialog', { name: 'Grant a plan' });
    await grant.getByRole('textbox', { name: 'Email' }).fill(email);
    await grant.getByRole('button', { name: /Plan/ }).click();
    await page.getByRole('option', { name: /^Premium/ }).click();
    await grant.getByLabel('Last day').fill(inDays(30));
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'admin-subscriptions-grant-1280');
    await grant.getByRole('button', { name: 'Grant plan' }).click();
    await expectToast(page, `Granted Premium to ${email}`);
    await row(page).waitFor();
    expect(await row(page).textContent()).toContain('Granted');
    expect(await row(page).getByTestId('subscription-status').textContent()).toBe('Active');
    await dismissToasts(page);
    await screenshot(page, 'admin-subscriptions-1280');

    await row(page).getByRole('rowheader').click();
    const dialog = page.getByRole('dialog', { name: 'Subscription' });
    await dialog.getByText(email).waitFor();
    await dialog.getByRole('button', { name: 'Cancel at period end' }).click();
    await expectToast(page, 'The plan will end.');
    await expect.poll(() => dialog.getByTestId('subscription-status').textContent()).toBe('Cancelled');
    await dialog.getByRole('button', { name: 'Renew plan' }).click();
    await expectToast(page, 'The plan will renew.');
    await expect.poll(() => dialog.getByTestId('subscription-status').textContent()).toBe('Active');
    await dismissToasts(page);
    // The pointer rests where Renew was: off the buttons, so no hover colour is judged.
    await page.mouse.move(0, 0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'admin-subscription-dialog-1280');
    await dialog.getByRole('button', { name: 'End now' }).click();
    await expectToast(page, 'The plan has ended.');
    await expect.poll(() => dialog.getByTestId('subscription-status').textContent()).toBe('Ended');
    await page.keyboard.press('Escape');

    // The ended (expired) subscriptions.
    await page.goto(`${server.url}/admin/subscriptions?state=ended`);
    await waitForApp(page);
    await row(page).waitFor();
    expect(await row(page).getByTestId('subscription-status').textContent()).toBe('Ended');
    await page.goto(`${server.url}/admin/subscriptions?state=active`);
    await waitForApp(page);
    await page.getByRole('grid', { name: 'Subscriptions' }).waitFor();
    await expect.poll(() => row(page).count()).toBe(0);

    await page.setViewportSize(MOBILE);
    await page.goto(`${server.url}/admin/subscriptions`);
    await waitForApp(page);
    await row(page).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'admin-subscriptions-375');
  });
});
