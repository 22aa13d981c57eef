import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectToast } from './account-steps.ts';
import { makePng } from './drive-steps.ts';
import {
  adminClient,
  DESKTOP,
  MOBILE,
  openBrowser,
  screenshot,
  seriousA11yViolations,
  setSettings,
  signInAs,
  startServer,
  unexpectedConsoleErrors,
  waitForApp,
  type Browser,
  type RunningServer,
} from './harness.ts';

// The admin users screen on a server holding 40 people besides the admin: search, sort, filters
// as chips, paging kept in the URL, adding a user, and the CSV export of what the table shows.

let server: RunningServer;
/** Waits as long as a page's data may take on a busy machine (vitest's default is 1 s). */
const POLL = { timeout: 15_000 };
let browser: Browser | undefined;
const FIRST = ['Asha', 'Ravi', 'Meera', 'Kiran', 'Vikram', 'Priya', 'Arjun', 'Divya'];
const LAST = ['Kumar', 'Iyer', 'Das', 'Rao', 'Singh', 'Nair', 'Mehta', 'Menon'];
const SEEDED = 40;
/** The seeded users plus the admin the server starts with. */
const TOTAL = SEEDED + 1;

/** Every third has not confirmed the address yet. */
const isVerified = (i: number) => i % 3 !== 0;
/** The seeded users called Meera (first names cycle through the list). */
const MEERAS = Array.from({ length: SEEDED }, (_, i) => i).filter((i) => FIRST[i % FIRST.length] === 'Meera');

type Api = Awaited<ReturnType<typeof adminClient>>;

/** How many users the server holds now. */
async function total(): Promise<number> {
  const answer = await (await adminClient(server)).call('GET', 'api/v1/admin/users?perPage=1');
  return (answer.body as { pagination: { total: number } }).pagination.total;
}

async function createUser(api: Api, i: number) {
  const first = FIRST[i % FIRST.length];
  const last = LAST[Math.floor(i / FIRST.length) % LAST.length];
  const answer = await api.call('POST', 'api/v1/admin/users', {
    email: `${first}.${last}.${i}@example.in`.toLowerCase(),
    first_name: first,
    last_name: last,
    password: 'seeded-password-1',
    email_verified: isVerified(i),
  });
  if (answer.status !== 201) throw new Error(`create user ${i}: ${answer.status} ${JSON.stringify(answer.body)}`);
}

beforeAll(async () => {
  server = await startServer();
  const api = await adminClient(server);
  for (let i = 0; i < SEEDED; i++) await createUser(api, i);
});
afterAll(async () => {
  await server?.stop();
});
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

async function openUsers(search = '', viewport = DESKTOP): Promise<Page> {
  browser = await openBrowser(viewport);
  await signInAs(server, browser.context);
  await browser.page.goto(`${server.url}/admin/users${search}`);
  await waitForApp(browser.page);
  await browser.page.getByRole('heading', { name: 'Users' }).waitFor();
  return browser.page;
}

const table = (page: Page) => page.getByRole('grid', { name: 'Users' });
const bodyRows = (page: Page) => table(page).locator('tbody [role="row"]');
const range = (page: Page) => page.getByTestId('table-range');
const params = (page: Page) => new URL(page.url()).searchParams;
/** Clicks a checkbox's visible box (its label), as a person does. */
const press = (box: ReturnType<Page['locator']>) => box.locator('xpath=ancestor::label[1]').click();

/** The emails the table shows, top to bottom. */
async function shownEmails(page: Page): Promise<string[]> {
  return bodyRows(page).evaluateAll((rows) =>
    rows.map((row) => row.querySelector('[role="rowheader"] .text-xs')?.textContent ?? ''),
  );
}

async function waitForRange(page: Page, text: string) {
  await range(page).filter({ hasText: text }).waitFor();
}

describe('admin users list', () => {
  it('pages, searches, sorts and filters, keeping it all in the address', async () => {
    const page = await openUsers();
    await waitForRange(page, `1–15 of ${TOTAL}`);
    expect(await bodyRows(page).count()).toBe(15);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'admin-users-1280');

    // Next page, then back: the address holds the page.
    await page.getByRole('button', { name: 'Next page' }).click();
    await waitForRange(page, `16–30 of ${TOTAL}`);
    expect(params(page).get('page')).toBe('2');
    await page.goBack();
    await waitForRange(page, `1–15 of ${TOTAL}`);

    // Sort by the user column: emails A to Z, then Z to A.
    const userHeader = table(page).getByRole('columnheader', { name: 'User' });
    await userHeader.click();
    await page.waitForURL(/orderBy=email&orderDir=asc/);
    await expect.poll(() => userHeader.getAttribute('aria-sort'), POLL).toBe('ascending');
    await expect.poll(async () => (await shownEmails(page))[0], POLL).toBe('admin@kosh.test');
    const ascending = await shownEmails(page);
    expect(ascending).toEqual([...ascending].sort());
    await userHeader.click();
    await page.waitForURL(/orderDir=desc/);
    await expect.poll(() => userHeader.getAttribute('aria-sort'), POLL).toBe('descending');
    await expect.poll(async () => (await shownEmails(page))[0], POLL).toBe('vikram.singh.36@example.in');

    // Search: every Meera and nobody else, after typing pauses.
    await page.getByRole('searchbox', { name: 'Search by name or email' }).fill('meera');
    await page.waitForURL(/query=meera/);
    await waitForRange(page, `1–${MEERAS.length} of ${MEERAS.length}`);
    for (const email of await shownEmails(page)) expect(email).toMatch(/^meera\./);

    // A filter becomes a chip; the chip takes it away again.
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('dialog', { name: 'Filters' }).getByRole('button', { name: /Email/ }).click();
    await page.getByRole('option', { name: 'Not verified' }).click();
    await page.waitForURL(/emailVerified=false/);
    await page.keyboard.press('Escape');
    const chip = page.getByRole('button', { name: 'Remove filter Email: Not verified' });
    await chip.waitFor();
    const unverified = MEERAS.filter((i) => !isVerified(i)).length;
    expect(unverified).toBeGreaterThan(0);
    await waitForRange(page, `1–${unverified} of ${unverified}`);
    await screenshot(page, 'admin-users-filtered-1280');
    // Reload keeps search, filter and sort.
    await page.reload();
    await waitForApp(page);
    await waitForRange(page, `1–${unverified} of ${unverified}`);
    await chip.click();
    await waitForRange(page, `1–${MEERAS.length} of ${MEERAS.length}`);
    expect(params(page).get('emailVerified')).toBeNull();
    expect(params(page).get('query')).toBe('meera');

    // No match says so and offers the way back.
    await page.getByRole('searchbox', { name: 'Search by name or email' }).fill('nobody-here');
    await page.getByText('Nothing matches').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await waitForRange(page, `of ${TOTAL}`);
    expect(unexpectedConsoleErrors(browser!.consoleErrors)).toEqual([]);
  });

  it('shows 50 rows a page when asked, and exports what the table shows as CSV', async () => {
    const page = await openUsers('?perPage=50&query=kumar');
    // Kumar is the last name of users 0 to 7.
    await waitForRange(page, '1–8 of 8');
    const link = page.getByRole('link', { name: 'Export CSV' });
    expect(await link.getAttribute('href')).toBe('/api/v1/admin/users/export?query=kumar');
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const saved = path.join(os.tmpdir(), `kosh-users-${Date.now()}.csv`);
    await download.saveAs(saved);
    const lines = readFileSync(saved, 'utf8').trim().split(/\r?\n/);
    expect(lines[0]).toBe(
      'id,email,first_name,last_name,roles,email_verified_at,suspended,space_used,created_at,last_active_at',
    );
    expect(lines).toHaveLength(1 + 8);

    await page.goto(`${server.url}/admin/users?perPage=50`);
    await waitForRange(page, `1–${TOTAL} of ${TOTAL}`);
    expect(await bodyRows(page).count()).toBe(TOTAL);
    const [all] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    const allSaved = path.join(os.tmpdir(), `kosh-users-all-${Date.now()}.csv`);
    await all.saveAs(allSaved);
    expect(readFileSync(allSaved, 'utf8').trim().split(/\r?\n/)).toHaveLength(1 + TOTAL);
  });

  it('adds a user with a profile image, refusing a taken address on its field', async () => {
    const before = await total();
    const page = await openUsers();
    await page.getByRole('button', { name: 'Add new user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add new user' });
    await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill('asha.kumar.0@example.in');
    await dialog.getByRole('textbox', { name: 'First name' }).fill('Nisha');
    await dialog.locator('input[type="password"]').fill('a-good-password-9');
    // A text file is refused beside the picker; an image shows as a preview.
    const picker = dialog.locator('input[type="file"]');
    await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await dialog.getByRole('alert').filter({ hasText: 'Please select an image.' }).waitFor();
    await picker.setInputFiles({ name: 'nisha.png', mimeType: 'image/png', buffer: makePng(80, 80, [142, 68, 173]) });
    await dialog.getByRole('img', { name: 'Chosen profile image' }).waitFor();
    await dialog.getByRole('button', { name: 'Add user' }).click();
    await dialog.getByText(/already been taken|already/).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'admin-users-add-taken-1280');
    await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill('nisha.pillai@example.in');
    await dialog.getByRole('textbox', { name: 'Last name' }).fill('Pillai');
    await dialog.getByRole('button', { name: 'Add user' }).click();
    await expectToast(page, 'Added nisha.pillai@example.in');
    await dialog.waitFor({ state: 'detached' });
    await waitForRange(page, `1–15 of ${before + 1}`);
    // Newest first: the new user leads the list, with her image.
    expect((await shownEmails(page))[0]).toBe('nisha.pillai@example.in');
    await bodyRows(page).first().locator('img[src*="/avatars/"]').waitFor();
  });

  it('deletes the picked users after asking, and says who could not go and why', async () => {
    const api = await adminClient(server);
    for (const email of ['zoya.one@example.in', 'zoya.two@example.in', 'zoya.three@kosh.test']) {
      const answer = await api.call('POST', 'api/v1/admin/users', {
        email,
        first_name: 'Zoya',
        password: 'seeded-password-1',
      });
      expect(answer.status).toBe(201);
    }
    const before = await total();
    const page = await openUsers('?query=zoya&orderBy=email&orderDir=asc');
    await waitForRange(page, '1–3 of 3');
    const zoyaOne = bodyRows(page).filter({ hasText: 'zoya.one@example.in' });
    const zoyaTwo = bodyRows(page).filter({ hasText: 'zoya.two@example.in' });
    await press(zoyaOne.getByRole('checkbox'));
    await press(zoyaTwo.getByRole('checkbox'));
    const bar = page.getByTestId('bulk-bar');
    await bar.getByText('2 selected').waitFor();
    expect(await zoyaOne.getAttribute('aria-selected')).toBe('true');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'admin-users-selected-1280');
    await bar.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete 2 users?' });
    await confirm.waitFor();
    await screenshot(page, 'admin-users-delete-confirm-1280');
    // Cancel keeps them.
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await bar.getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Deleted 2 users');
    await waitForRange(page, '1–1 of 1');
    expect(await shownEmails(page)).toEqual(['zoya.three@kosh.test']);
    expect(await total()).toBe(before - 2);
    // The bar goes with the rows it acted on.
    expect(await bar.count()).toBe(0);

    // The select-page checkbox picks every row shown; the admin's own account stays, and the toast says why.
    await page.getByRole('searchbox', { name: 'Search by name or email' }).fill('kosh.test');
    await waitForRange(page, '1–2 of 2');
    await press(table(page).getByRole('checkbox', { name: 'Select all on this page' }));
    await bar.getByText('2 selected').waitFor();
    await bar.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog', { name: 'Delete 2 users?' }).getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, '1 deleted, 1 not:');
    await screenshot(page, 'admin-users-delete-refused-1280');
    await waitForRange(page, '1–1 of 1');
    expect(await shownEmails(page)).toEqual(['admin@kosh.test']);
  });

  it('suspends a user from the row menu until a day, then removes the suspension; the audit log has both', async () => {
    const email = 'ravi.kumar.1@example.in';
    const page = await openUsers(`?query=${email}`);
    await waitForRange(page, '1–1 of 1');
    const row = bodyRows(page).first();
    await row.getByRole('button', { name: `Actions for ${email}` }).click();
    await page.getByRole('menuitem', { name: 'Suspend' }).click();
    const dialog = page.getByRole('dialog', { name: 'Suspend Ravi Kumar' });
    await dialog.waitFor();
    // Permanent is on, the day off; turning it off asks for the day.
    const until = dialog.getByLabel('Suspend until');
    expect(await until.isDisabled()).toBe(true);
    await dialog.getByText('Permanent').click();
    expect(await until.isDisabled()).toBe(false);
    await dialog.getByRole('button', { name: 'Suspend' }).click();
    await dialog.getByText('Pick the day the suspension ends.').waitFor();
    await until.fill('2031-03-15');
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Shared malware through public links');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'admin-users-suspend-1280');
    await dialog.getByRole('button', { name: 'Suspend' }).click();
    await expectToast(page, `Suspended ${email}`);
    await dialog.waitFor({ state: 'detached' });
    const badge = row.getByRole('img', { name: /^Suspended\. Until Mar 15, 2031/ });
    await badge.waitFor();
    // The reason is in the badge's tooltip, for the keyboard too.
    await badge.focus();
    await page.getByRole('tooltip').filter({ hasText: 'Reason: Shared malware through public links' }).waitFor();
    await screenshot(page, 'admin-users-suspended-1280');

    await row.getByRole('button', { name: `Actions for ${email}` }).click();
    await page.getByRole('menuitem', { name: 'Remove suspension' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove the suspension?' });
    await confirm.getByRole('button', { name: 'Remove suspension' }).click();
    await expectToast(page, `Suspension of ${email} removed`);
    await badge.waitFor({ state: 'detached' });

    // The audit log, newest first: the removal, then the suspension with its values before and after.
    await page.goto(`${server.url}/admin/logs/audit?query=${email}`);
    const log = page.getByRole('grid', { name: 'Audit log' }).locator('tbody [role="row"]');
    await expect
      .poll(() => log.locator('code').allTextContents(), POLL)
      .toEqual(['user.unsuspend', 'user.suspend', 'user.create']);
    await log.nth(1).click();
    const detail = page.getByRole('dialog', { name: 'User suspended' });
    const changed = detail.locator('tr[data-changed]');
    await changed.first().waitFor();
    // The suspension's fields, opened one by one: there was none before.
    expect(await changed.locator('th').allTextContents()).toEqual([
      expect.stringContaining('suspension.until'),
      expect.stringContaining('suspension.reason'),
    ]);
    expect(await changed.nth(0).locator('td').allTextContents()).toEqual(['(none)', '2031-03-15T00:00:00.000Z']);
    expect(await changed.nth(1).locator('td').allTextContents()).toEqual([
      '(none)',
      'Shared malware through public links',
    ]);
    await screenshot(page, 'admin-users-audit-suspend-1280');
  });

  it('logs in as a user from the row menu, shows the banner on every page, and Stop comes back', async () => {
    // Priya (user 5) is staff: she may manage users, so what she does as herself is audited in her name.
    const api = await adminClient(server);
    const found = await api.call('GET', 'api/v1/admin/users?query=priya.kumar.5@example.in');
    const priya = (found.body as { pagination: { data: Array<{ id: number }> } }).pagination.data[0];
    const granted = await api.call('PUT', `api/v1/admin/users/${priya.id}`, {
      permissions: [{ name: 'admin.access' }, { name: 'users.update' }],
    });
    expect(granted.status).toBe(200);

    const page = await openUsers('?query=priya.kumar.5@example.in');
    await waitForRange(page, '1–1 of 1');
    await bodyRows(page).first().getByRole('button', { name: 'Actions for priya.kumar.5@example.in' }).click();
    await page.getByRole('menuitem', { name: 'Log in as user' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Log in as Priya Kumar?' });
    await confirm.waitFor();
    await screenshot(page, 'admin-users-impersonate-confirm-1280');
    await confirm.getByRole('button', { name: 'Log in as user' }).click();

    // A full load into her drive, with the banner above it and no scroll from it.
    await page.waitForURL(`${server.url}/drive`);
    await waitForApp(page);
    const banner = page.getByTestId('impersonation-banner');
    await banner.getByText('You are logged in as Priya Kumar (priya.kumar.5@example.in).').waitFor();
    expect(await page.getByRole('button', { name: /Priya Kumar/ }).count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight)).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'admin-users-impersonating-drive-1280');
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'admin-users-impersonating-drive-375');
    await page.setViewportSize(DESKTOP);

    // As Priya, in the admin area: she suspends someone; the log names her, and the admin behind her.
    await page.goto(`${server.url}/admin/users?query=kiran.kumar.3@example.in`);
    await waitForApp(page);
    await banner.waitFor();
    await waitForRange(page, '1–1 of 1');
    // Priya is no admin: she has no Log in as user.
    await bodyRows(page).first().getByRole('button', { name: 'Actions for kiran.kumar.3@example.in' }).click();
    expect(await page.getByRole('menuitem', { name: 'Log in as user' }).count()).toBe(0);
    await page.getByRole('menuitem', { name: 'Suspend' }).click();
    const suspend = page.getByRole('dialog', { name: 'Suspend Kiran Kumar' });
    await suspend.getByRole('button', { name: 'Suspend' }).click();
    await expectToast(page, 'Suspended kiran.kumar.3@example.in');
    await screenshot(page, 'admin-users-impersonating-admin-1280');

    await banner.getByRole('button', { name: 'Stop' }).click();
    await page.waitForURL(`${server.url}/admin/users`);
    await waitForApp(page);
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    expect(await banner.count()).toBe(0);
    expect(await page.getByRole('button', { name: /^admin/ }).count()).toBeGreaterThan(0);

    await page.goto(`${server.url}/admin/logs/audit`);
    const log = page.getByRole('grid', { name: 'Audit log' }).locator('tbody [role="row"]');
    await expect
      .poll(async () => (await log.locator('code').allTextContents()).slice(0, 3), POLL)
      .toEqual(['user.impersonate_stop', 'user.suspend', 'user.impersonate']);
    // The suspension is Priya's, done while the admin was logged in as her.
    expect(await log.nth(1).textContent()).toContain('priya.kumar.5@example.inas admin@kosh.test');
    await screenshot(page, 'admin-users-audit-impersonation-1280');
  });

  it('shows the Subscribed column only while billing is on', async () => {
    const page = await openUsers();
    const subscribed = table(page).getByRole('columnheader', { name: 'Subscribed' });
    await table(page).getByRole('columnheader', { name: 'User' }).waitFor();
    expect(await subscribed.count()).toBe(0);
    await setSettings(server, { 'billing.enable': true });
    try {
      await page.reload();
      await waitForApp(page);
      await subscribed.waitFor();
      // Nobody here holds a subscription; the list filters by one while billing is on.
      expect(await bodyRows(page).first().getByText('Not subscribed').count()).toBe(1);
      await page.getByRole('button', { name: 'Filters' }).click();
      const filters = page.getByRole('dialog', { name: 'Filters' });
      await filters.getByRole('button', { name: /Subscription/ }).click();
      await page.getByRole('option', { name: 'Subscribed', exact: true }).click();
      await page.waitForURL(/subscribed=true/);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Remove filter Subscription: Subscribed' }).waitFor();
      await expect.poll(() => bodyRows(page).getByText('Not subscribed').count(), POLL).toBe(0);
      await screenshot(page, 'admin-users-subscribed-filter-1280');
    } finally {
      await setSettings(server, { 'billing.enable': false });
    }
  });

  it('reads as cards on a phone', async () => {
    const page = await openUsers('', MOBILE);
    await waitForRange(page, `of ${await total()}`);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'admin-users-375');
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('dialog', { name: 'Filters' }).waitFor();
    await screenshot(page, 'admin-users-filters-375');
  });
});
