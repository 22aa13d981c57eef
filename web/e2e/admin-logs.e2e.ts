import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectToast, pathOf, registerViaApi, uniqueEmail } from './account-steps.ts';
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
import { grant } from './admin-steps.ts';

// The Logs tabs Schedule, Error and Outgoing email on real data: a job run from its card, an error
// the server logged while a real request failed, and a password reset mail with its preview.

let server: RunningServer;
let browser: Browser | undefined;
/** Waits as long as a page's data may take on a busy machine. */
const POLL = { timeout: 15_000 };
const PASSWORD = 'admin-logs-7';
const RESET_FAILED = 'could not send a password reset link';
let readerEmail: string;
let outsiderEmail: string;
let resetEmail: string;

type Api = Awaited<ReturnType<typeof adminClient>>;
let api: Api;

/** "Forgot password" as a visitor sends it (the XSRF cookie first, then the form's call). */
async function requestReset(email: string) {
  const first = await fetch(`${server.url}/api/v1/bootstrap-data`);
  const xsrf = first.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('XSRF-TOKEN='))!
    .slice('XSRF-TOKEN='.length);
  const response = await fetch(`${server.url}/auth/forgot-password`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      'x-xsrf-token': xsrf,
      cookie: `XSRF-TOKEN=${xsrf}`,
    },
    body: JSON.stringify({ email }),
  });
  expect(response.status, await response.text()).toBeLessThan(300);
}

/** Polls an admin list until its page holds what `has` looks for (mail goes out after the answer). */
async function waitForListed(url: string, has: (body: string) => boolean) {
  for (let i = 0; i < 60; i++) {
    const { status, body } = await api.call('GET', url);
    if (status === 200 && has(JSON.stringify(body))) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} never listed what was expected`);
}

async function open(url: string, viewport = DESKTOP, email?: string, dark = false): Promise<Page> {
  browser = await openBrowser(viewport);
  if (dark) await browser.context.addCookies([{ name: 'be-active-theme', value: 'dark', url: server.url }]);
  await signInAs(server, browser.context, ...(email ? [email, PASSWORD] : []));
  await browser.page.goto(`${server.url}${url}`);
  await waitForApp(browser.page);
  return browser.page;
}

/** No serious axe violation; a failure names each, with its nodes. */
async function expectAccessible(page: Page) {
  const violations = await seriousA11yViolations(page);
  expect(violations, JSON.stringify(violations, null, 1)).toEqual([]);
}

const logTabs = (page: Page) => page.getByRole('navigation', { name: 'Logs' }).getByRole('link');
const rows = (page: Page, name: string) => page.getByRole('grid', { name }).locator('tbody [role="row"]');

beforeAll(async () => {
  server = await startServer();
  api = await adminClient(server);
  readerEmail = uniqueEmail('log-reader');
  await registerViaApi(server, readerEmail, PASSWORD, { first_name: 'Ravi', last_name: 'Iyer' });
  grant(server, readerEmail, ['admin.access', 'logs.view']);
  outsiderEmail = uniqueEmail('no-logs');
  await registerViaApi(server, outsiderEmail, PASSWORD, { first_name: 'Uma', last_name: 'Nair' });
  grant(server, outsiderEmail, ['admin.access']);

  // A reset mail that goes out (without SMTP the server writes it to DATA_DIR/mail).
  resetEmail = uniqueEmail('forgetful');
  await registerViaApi(server, resetEmail, PASSWORD, { first_name: 'Kavya', last_name: 'Menon' });
  await requestReset(resetEmail);
  await waitForListed('api/v1/admin/mail-log?template=password_reset', (body) => body.includes(resetEmail));

  // Then one that cannot: a file where the mail folder was makes writing the mail fail, and the
  // server logs the failure to its error log as it would a full disk.
  const mailDir = path.join(server.dataDir, 'mail');
  renameSync(mailDir, `${mailDir}-moved`);
  writeFileSync(mailDir, 'not a folder');
  await requestReset(readerEmail);
  await waitForListed('api/v1/admin/logs/error', (body) => body.includes(RESET_FAILED));
});
afterAll(async () => {
  await server?.stop();
});
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

describe('logs: schedule', () => {
  for (const dark of [false, true]) {
    const theme = dark ? 'dark' : 'light';
    it(`opens on Schedule; Run now waits for the run, tells its result and lists it (${theme})`, async () => {
      const page = await open('/admin/logs', DESKTOP, undefined, dark);
      await page.waitForURL(`${server.url}/admin/logs/schedule`);
      await expect.poll(() => page.title(), POLL).toMatch(/^Schedule log - /);
      expect(await logTabs(page).allTextContents()).toEqual(['Schedule', 'Error', 'Outgoing email', 'Audit']);
      const jobs = page.getByRole('list', { name: 'Jobs' });
      await jobs.getByRole('heading', { name: 'Drive maintenance' }).waitFor(POLL);
      const before = await api.call('GET', 'api/v1/admin/job-runs?job=drive-maintenance');
      const countBefore = (before.body as { pagination: { total: number } }).pagination.total;

      await page.getByRole('button', { name: /^Run now\W+Drive maintenance$/ }).click();
      await expectToast(page, 'Drive maintenance finished in');
      // The new run heads the list, with its result and output.
      const after = await api.call('GET', 'api/v1/admin/job-runs?job=drive-maintenance');
      expect((after.body as { pagination: { total: number } }).pagination.total).toBe(countBefore + 1);
      // The table was read again: the new run heads it.
      const newest = rows(page, 'Job runs').first();
      await expect.poll(() => newest.textContent(), POLL).toMatch(/Drive maintenance.*Run now by admin.*Succeeded/);
      expect(await rows(page, 'Job runs').filter({ hasText: 'Run now' }).count()).toBe(dark ? 2 : 1);
      await expectAccessible(page);
      await screenshot(page, `admin-logs-schedule-${theme}-1280`);

      await newest.click();
      const dialog = page.getByRole('dialog', { name: 'Drive maintenance' });
      await dialog.getByRole('region', { name: 'Output' }).waitFor();
      expect(await dialog.locator('pre').textContent()).toContain('"purged"');
      // The seeded admin has no name: the part of the address before the @ stands for it.
      await dialog.getByText('admin (Run now)', { exact: true }).waitFor();
      await expectAccessible(page);
      await screenshot(page, `admin-logs-run-${theme}-1280`);
      await dialog.getByRole('button', { name: 'Close' }).first().click();

      // The runs filter by job (the one just run) and by result; every job succeeds here, so none failed.
      await page.goto(`${server.url}/admin/logs/schedule?job=drive-maintenance`);
      await page
        .getByRole('button', { name: /Job: Drive maintenance/ })
        .first()
        .waitFor(POLL);
      await expect.poll(() => rows(page, 'Job runs').first().textContent(), POLL).toContain('Drive maintenance');
      for (const text of await rows(page, 'Job runs').allTextContents()) expect(text).toContain('Drive maintenance');
      await page.goto(`${server.url}/admin/logs/schedule?status=failed`);
      await page.getByText('Nothing matches').waitFor(POLL);
      expect(unexpectedConsoleErrors(browser!.consoleErrors)).toEqual([]);
    });
  }
});

describe('logs: error', () => {
  it('lists the error a failed request logged, opens it with its stack, and downloads the file', async () => {
    const page = await open('/admin/logs/error');
    const entry = rows(page, 'Error log').filter({ hasText: RESET_FAILED });
    await entry.first().waitFor(POLL);
    expect(await entry.first().textContent()).toContain('Error');
    // The level filter keeps only fatal entries: none here.
    await page.goto(`${server.url}/admin/logs/error?level=fatal`);
    await page.getByText('Level: Fatal').waitFor(POLL);
    await expect.poll(() => rows(page, 'Error log').filter({ hasText: RESET_FAILED }).count(), POLL).toBe(0);
    await page.goto(`${server.url}/admin/logs/error?query=reset`);
    await entry.first().waitFor(POLL);
    await expectAccessible(page);
    await screenshot(page, 'admin-logs-error-light-1280');

    await entry.first().click();
    const dialog = page.getByRole('dialog', { name: 'Error log entry' });
    const stack = dialog.getByRole('region', { name: 'Stack' });
    await stack.waitFor(POLL);
    expect(await stack.locator('pre').textContent()).toMatch(/Error: .*(ENOTDIR|EEXIST)/);
    await expectAccessible(page);
    await screenshot(page, 'admin-logs-error-entry-light-1280');
    await dialog.getByRole('button', { name: 'Close' }).first().click();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download log' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^error.*\.log$/);
    expect(readFileSync((await download.path())!, 'utf8')).toContain(RESET_FAILED);
    expect(unexpectedConsoleErrors(browser!.consoleErrors)).toEqual([]);
  });
});

describe('logs: outgoing email', () => {
  for (const dark of [false, true]) {
    const theme = dark ? 'dark' : 'light';
    it(`lists the reset mails sent and refused, and previews one in a sandboxed frame (${theme})`, async () => {
      const page = await open('/admin/logs/outgoing-email', DESKTOP, undefined, dark);
      await page.getByText('Kept 30 days.', { exact: false }).waitFor();
      const sent = rows(page, 'Outgoing email').filter({ hasText: resetEmail });
      await sent.first().waitFor(POLL);
      expect(await sent.first().textContent()).toMatch(/Password reset.*Sent/);
      const refused = rows(page, 'Outgoing email').filter({ hasText: readerEmail });
      expect(await refused.first().textContent()).toMatch(/Failed/);
      await expectAccessible(page);
      await screenshot(page, `admin-logs-mail-${theme}-1280`);

      await sent.first().click();
      const dialog = page.getByRole('dialog');
      const frame = dialog.locator('iframe[title="Mail preview"]');
      await frame.waitFor(POLL);
      // Every sandbox restriction, and the mail is in the frame, not in the page.
      expect(await frame.getAttribute('sandbox')).toBe('');
      await expect
        .poll(() => page.frameLocator('iframe[title="Mail preview"]').locator('body').textContent(), POLL)
        .toMatch(/password/i);
      expect(await dialog.locator('a[href*="/password/reset/"]').count()).toBe(0);
      await expectAccessible(page);
      await screenshot(page, `admin-logs-mail-preview-${theme}-1280`);
      await dialog.getByRole('tab', { name: 'Text' }).click();
      expect(await dialog.getByRole('tabpanel').textContent()).toContain('/password/reset/');
      expect(unexpectedConsoleErrors(browser!.consoleErrors)).toEqual([]);
    });
  }
});

describe('logs on a phone', () => {
  for (const dark of [false, true]) {
    const theme = dark ? 'dark' : 'light';
    it(`shows each tab as cards at 375 px (${theme})`, async () => {
      const page = await open('/admin/logs/schedule', MOBILE, undefined, dark);
      await page.getByRole('heading', { name: 'Drive maintenance' }).waitFor(POLL);
      await expectAccessible(page);
      await screenshot(page, `admin-logs-schedule-${theme}-375`);
      await logTabs(page).filter({ hasText: 'Error' }).click();
      await page.getByText(RESET_FAILED).first().waitFor(POLL);
      await expectAccessible(page);
      await screenshot(page, `admin-logs-error-${theme}-375`);
      await page.getByText(RESET_FAILED).first().click();
      await page.getByRole('dialog', { name: 'Error log entry' }).getByRole('region', { name: 'Stack' }).waitFor(POLL);
      await screenshot(page, `admin-logs-error-entry-${theme}-375`);
      await page.keyboard.press('Escape');
      await logTabs(page).filter({ hasText: 'Outgoing email' }).click();
      await page.getByText(resetEmail).first().waitFor(POLL);
      await expectAccessible(page);
      await screenshot(page, `admin-logs-mail-${theme}-375`);
      expect(unexpectedConsoleErrors(browser!.consoleErrors)).toEqual([]);
    });
  }
});

describe('logs permission', () => {
  it('gives a staff member holding logs.view every tab, Run now included', async () => {
    const page = await open('/admin/logs', DESKTOP, readerEmail);
    await page.waitForURL(`${server.url}/admin/logs/schedule`);
    await page.getByRole('heading', { name: 'Logs cleanup' }).waitFor(POLL);
    expect(await logTabs(page).allTextContents()).toEqual(['Schedule', 'Error', 'Outgoing email', 'Audit']);
    await page.getByRole('button', { name: /^Run now\W+Logs cleanup$/ }).click();
    await expectToast(page, 'Logs cleanup finished in');
    await logTabs(page).filter({ hasText: 'Outgoing email' }).click();
    await page.getByText(resetEmail).first().waitFor(POLL);
  });

  it('sends a staff member without logs.view to the not-found page', async () => {
    const page = await open('/admin/logs/schedule', DESKTOP, outsiderEmail);
    await page.waitForURL(`${server.url}/404`, POLL);
    for (const tab of ['error', 'outgoing-email']) {
      await page.goto(`${server.url}/admin/logs/${tab}`);
      await page.waitForURL(`${server.url}/404`, POLL);
    }
    expect(pathOf(page)).toBe('/404');
    // The calls answer 403 too: the guard is the server's, the screen only follows it.
    const answer = await page.request.get(`${server.url}/api/v1/admin/job-runs`);
    expect(answer.status()).toBe(403);
  });
});
