import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { dismissToasts, expectToast } from './account-steps.ts';
import {
  adminClient,
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

// The admin Plans screen: every plan in pricing-page order; staff create a plan with two prices,
// edit it (a feature added, a price changed), move it by keyboard, and delete it. One sign-in.

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser(DESKTOP);
  await signInAs(server, browser.context);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const list = (page: Page) => page.getByRole('grid', { name: 'Plans' });
const row = (page: Page, name: string) => list(page).getByRole('row').filter({ hasText: name });
/** The plans' names top to bottom (the first line of each row). */
const names = (page: Page) =>
  list(page)
    .getByRole('row')
    .evaluateAll((rows) => rows.map((r) => r.querySelector('.font-medium')?.textContent?.trim() ?? ''));

async function openPlans(page: Page) {
  await page.goto(`${server.url}/admin/plans`);
  await waitForApp(page);
  await page.getByRole('heading', { name: 'Plans' }).waitFor();
  await row(page, 'Ultimate').waitFor();
}

/** Deletes the plan named `name` through the API, when there is one. */
async function removePlan(name: string) {
  const admin = await adminClient(server);
  const { body } = await admin.call('GET', 'api/v1/admin/plans');
  const plan = (body as { plans: Array<{ id: number; name: string }> }).plans.find((p) => p.name === name);
  if (plan) await admin.call('DELETE', `api/v1/billing/products/${plan.id}`);
}

/** Picks `option` in the nth select labelled `label`. */
async function pick(page: Page, label: string, nth: number, option: string) {
  await page
    .getByRole('button', { name: new RegExp(`${label}`) })
    .nth(nth)
    .click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('admin plans', () => {
  it('lists, creates, edits, reorders by keyboard and deletes a plan', { timeout: 240_000 }, async () => {
    const { page } = browser;
    await removePlan('Team'); // left by a first try when this test is retried
    await openPlans(page);
    expect(await names(page)).toEqual(['Free', 'Basic', 'Standard', 'Premium', 'Ultimate']);
    expect(await row(page, 'Basic').textContent()).toMatch(/₹\d[\d,]* \/ month, ₹[\d,]+ \/ year/);
    expect(await row(page, 'Standard').textContent()).toContain('Recommended');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'admin-plans-1280');

    // Without Stripe's keys, Sync plans says so.
    await page.getByRole('button', { name: 'Sync plans' }).click();
    await expectToast(page, 'No payment gateway is configured.');
    await dismissToasts(page);

    // Create a plan with two prices.
    await page.getByRole('link', { name: 'New plan' }).click();
    await page.getByRole('heading', { name: 'New plan' }).waitFor();
    await page.getByRole('textbox', { name: 'Name' }).fill('Team');
    await page.getByRole('textbox', { name: 'Description' }).fill('For small teams.');
    await page.getByRole('textbox', { name: 'Available space' }).fill('5');
    await pick(page, 'Unit', 0, 'TB');
    await page.getByRole('button', { name: 'Add feature' }).click();
    await page.getByRole('textbox', { name: 'Feature 1' }).fill('5 TB for the team');
    await page.getByRole('textbox', { name: 'Amount' }).first().fill('499');
    await page.getByRole('button', { name: 'Add price' }).click();
    await page.getByRole('textbox', { name: 'Amount' }).nth(1).fill('4990');
    await pick(page, 'Billing period', 1, 'Year');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'admin-plan-new-1280');
    await page.getByRole('button', { name: 'Create plan' }).click();
    await expectToast(page, 'Plan created');
    await page.waitForURL(/\/admin\/plans\/\d+\/edit$/);
    await page.getByRole('heading', { name: 'Team' }).waitFor();

    // Edit: a feature added, the monthly price changed (a new price replaces it).
    await page.getByRole('button', { name: 'Add feature' }).click();
    await page.getByRole('textbox', { name: 'Feature 2' }).fill('Priority support');
    await page.getByRole('textbox', { name: 'Amount' }).first().fill('599');
    await page.getByRole('button', { name: 'Save plan' }).click();
    await expectToast(page, 'Plan saved');
    await screenshot(page, 'admin-plan-edit-1280');

    await openPlans(page);
    await row(page, 'Team').filter({ hasText: '₹599 / month, ₹4,990 / year' }).waitFor();
    expect(await row(page, 'Team').textContent()).toContain('5 TB');
    expect((await names(page)).at(-1)).toBe('Team');

    // Move Team up one place with the keyboard only.
    // As a keyboard user gets there: onto the row, then right arrows to its Actions button (a button
    // focused by script, not by a key, hands focus back to its row, react-aria's way).
    await row(page, 'Team').focus();
    const focusedLabel = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
    for (let i = 0; i < 4 && (await focusedLabel()) !== 'Actions for Team'; i++)
      await page.keyboard.press('ArrowRight');
    expect(await focusedLabel()).toBe('Actions for Team');
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expectToast(page, 'Order saved');
    expect(await names(page)).toEqual(['Free', 'Basic', 'Standard', 'Premium', 'Team', 'Ultimate']);
    await page.reload();
    await row(page, 'Team').waitFor();
    expect(await names(page)).toEqual(['Free', 'Basic', 'Standard', 'Premium', 'Team', 'Ultimate']);

    // Delete it.
    await row(page, 'Team').getByRole('button', { name: 'Actions for Team' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete plan?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Plan deleted');
    await row(page, 'Team').waitFor({ state: 'detached' });

    // The free plan cannot go: the dialog says why.
    await row(page, 'Free').getByRole('button', { name: 'Actions for Free' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('alert').filter({ hasText: 'The free plan cannot be deleted' }).waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(unexpectedConsoleErrors(browser.consoleErrors)).toEqual([]);
  });

  it('reads on a phone', async () => {
    const { page } = browser;
    await page.setViewportSize(MOBILE);
    await openPlans(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'admin-plans-375');
    await page.getByRole('link', { name: 'New plan' }).click();
    await page.getByRole('heading', { name: 'New plan' }).waitFor();
    // Off the links: a hovered text button is read mid-fade otherwise.
    await page.mouse.move(0, 700);
    await page.getByRole('textbox', { name: 'Name' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'admin-plan-new-375');
  });
});
