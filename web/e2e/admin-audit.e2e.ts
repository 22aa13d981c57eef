import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { registerViaApi, uniqueEmail } from './account-steps.ts';
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
import { grant, ok } from './admin-steps.ts';

// The audit log screen: staff changes made through the admin API are listed newest first, filtered
// by action, target type and date, and a row opens the change's values before and after.

let server: RunningServer;
/** Waits as long as a page's data may take on a busy machine (vitest's default is 1 s). */
const POLL = { timeout: 15_000 };
let browser: Browser | undefined;
const PASSWORD = 'admin-audit-7';
let staffEmail: string;
let userId: number;

type Api = Awaited<ReturnType<typeof adminClient>>;

/** Moves every audit row back by a number of days, so date filters have something to leave out. */
function backdateAudit(days: number) {
  const db = new Database(path.join(server.dataDir, 'kosh.sqlite'));
  try {
    const rows = db.prepare('SELECT id, created_at FROM admin_audit_log').all() as Array<{
      id: number;
      created_at: string;
    }>;
    const update = db.prepare('UPDATE admin_audit_log SET created_at = ? WHERE id = ?');
    for (const row of rows) update.run(new Date(Date.parse(row.created_at) - days * 86_400_000).toISOString(), row.id);
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  server = await startServer();
  const api: Api = await adminClient(server);
  // Older changes: a user created and one deleted, then moved ten days back.
  await ok(api.call('POST', 'api/v1/admin/users', { email: 'old.one@example.in', password: 'seeded-password-1' }), 201);
  const gone = await ok<{ user: { id: number } }>(
    api.call('POST', 'api/v1/admin/users', { email: 'gone@example.in', password: 'seeded-password-1' }),
    201,
  );
  await ok(api.call('DELETE', `api/v1/admin/users/${gone.user.id}`), 204);
  backdateAudit(10);
  // Today's: a user created, then renamed.
  const created = await ok<{ user: { id: number } }>(
    api.call('POST', 'api/v1/admin/users', {
      email: 'lakshmi.rao@example.in',
      first_name: 'Lakshmi',
      last_name: 'Rao',
      password: 'seeded-password-1',
    }),
    201,
  );
  userId = created.user.id;
  await ok(api.call('PUT', `api/v1/admin/users/${userId}`, { first_name: 'Lakshmi Devi', last_name: 'Rao' }));
  staffEmail = uniqueEmail('auditor');
  await registerViaApi(server, staffEmail, PASSWORD, { first_name: 'Anil', last_name: 'Bose' });
  grant(server, staffEmail, ['admin.access', 'logs.view']);
});
afterAll(async () => {
  await server?.stop();
});
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

async function openLog(search = '', viewport = DESKTOP, who: 'admin' | 'staff' = 'admin', dark = false) {
  browser = await openBrowser(viewport);
  if (dark) await browser.context.addCookies([{ name: 'be-active-theme', value: 'dark', url: server.url }]);
  if (who === 'admin') await signInAs(server, browser.context);
  else await signInAs(server, browser.context, staffEmail, PASSWORD);
  await browser.page.goto(`${server.url}/admin/logs${search}`);
  await waitForApp(browser.page);
  await browser.page.getByRole('heading', { name: 'Logs' }).waitFor();
  return browser.page;
}

const rows = (page: Page) => page.getByRole('grid', { name: 'Audit log' }).locator('tbody [role="row"]');
const range = (page: Page) => page.getByTestId('table-range');
/** The actions the log shows, top to bottom (their codes). */
const shownActions = (page: Page) => rows(page).locator('code').allTextContents();

describe('audit log', () => {
  for (const dark of [false, true]) {
    const theme = dark ? 'dark' : 'light';
    it(`lists staff changes newest first and opens one with its values before and after (${theme})`, async () => {
      const page = await openLog('/audit', DESKTOP, 'admin', dark);
      expect(await page.title()).toMatch(/^Audit log - /);
      await range(page).filter({ hasText: '1–5 of 5' }).waitFor();
      expect(await shownActions(page)).toEqual([
        'user.update',
        'user.create',
        'user.delete',
        'user.create',
        'user.create',
      ]);
      expect(await rows(page).first().textContent()).toContain('admin@kosh.test');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `admin-audit-${dark ? 'dark' : 'light'}-1280`);

      await rows(page).first().click();
      const dialog = page.getByRole('dialog', { name: 'User updated' });
      await dialog.waitFor();
      const changed = dialog.locator('tr[data-changed]');
      expect(await changed.count()).toBe(1);
      expect(await changed.locator('th').textContent()).toContain('first_name');
      expect(await changed.locator('td').allTextContents()).toEqual(['Lakshmi', 'Lakshmi Devi']);
      expect(await dialog.getByText('lakshmi.rao@example.in').count()).toBe(1);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `admin-audit-detail-${dark ? 'dark' : 'light'}-1280`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      // Keyboard: Enter on a focused row opens it too.
      await rows(page).nth(1).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('dialog', { name: 'User created' }).waitFor();
      expect(unexpectedConsoleErrors(browser!.consoleErrors)).toEqual([]);
    });
  }

  it('filters by action, target type and date, oldest first when asked', async () => {
    const page = await openLog('/audit');
    await range(page).filter({ hasText: 'of 5' }).waitFor();
    await page.getByRole('button', { name: 'Filters' }).click();
    const filters = page.getByRole('dialog', { name: 'Filters' });
    await filters.getByRole('button', { name: /Action/ }).click();
    await page.getByRole('option', { name: 'User created' }).click();
    await page.waitForURL(/action=user\.create/);
    await range(page).filter({ hasText: '1–3 of 3' }).waitFor();
    // Today only: the backdated creations drop out.
    const today = new Date().toISOString().slice(0, 10);
    await filters.getByLabel('Date: From').fill(today);
    await page.waitForURL(new RegExp(`from=${today}`));
    await range(page).filter({ hasText: '1–1 of 1' }).waitFor();
    await page.keyboard.press('Escape');
    expect(await page.getByRole('button', { name: /^Remove filter Action: User created/ }).count()).toBe(1);
    expect(await page.getByRole('button', { name: /^Remove filter Date: from/ }).count()).toBe(1);
    await screenshot(page, 'admin-audit-filtered-1280');
    await page.getByRole('button', { name: /^Remove filter Date/ }).click();
    await range(page).filter({ hasText: '1–3 of 3' }).waitFor();
    // Oldest first.
    await page.getByRole('columnheader', { name: 'Time' }).click();
    await page.waitForURL(/orderDir=asc/);
    await expect.poll(async () => (await rows(page).first().textContent()) ?? '', POLL).toContain('old.one@example.in');
    // The target type filter: no role changes yet.
    await page.goto(`${server.url}/admin/logs/audit?targetType=role`);
    await page.getByText('Nothing matches').waitFor();
  });

  it('is open to a staff member with logs.view, and reads as cards on a phone', async () => {
    const page = await openLog('/audit', MOBILE, 'staff');
    await range(page).filter({ hasText: 'of 5' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'admin-audit-staff-375');
    await rows(page).first().click();
    const dialog = page.getByRole('dialog', { name: 'User updated' });
    await dialog.waitFor();
    expect(await dialog.locator('li[data-changed]').count()).toBe(1);
    await screenshot(page, 'admin-audit-detail-375');
  });
});
