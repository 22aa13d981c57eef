import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Cookie, Page } from 'playwright-core';
import { dismissToasts, expectToast } from './account-steps.ts';
import { ok } from './admin-steps.ts';
import { startDriveServer } from './drive-steps.ts';
import { startMailCatcher } from './mail-catcher.ts';
import {
  ADMIN,
  adminClient,
  DESKTOP,
  MOBILE,
  openBrowser,
  screenshot,
  seriousA11yViolations,
  setSettings,
  signInAs,
  unexpectedConsoleErrors,
  waitForApp,
  type Browser,
  type RunningServer,
} from './harness.ts';

// Settings in the admin area at 1280 and 375 px: opened from the sidebar at General; the site name
// saved and seen on a fresh page; the server's refusal under its field; the question before leaving
// unsaved changes; Google sign-in whose secret shows only as set (a refused one first, above the
// group); a key set by the environment read-only; a policy added on GDPR ticked on /register; the
// tabs as a select box on a phone; axe on each.

let server: RunningServer;
let tokenEndpoint: Server;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let adminCookies: Cookie[] | undefined;
let admin: Awaited<ReturnType<typeof adminClient>> | undefined;
const browsers: Browser[] = [];
const run = promisify(execFile);
const GOOGLE_SECRET = 'e2e-google-secret-4f1c9b';
const REFUSED_SECRET = 'refused-secret';

beforeAll(async () => {
  // A key the environment holds is shown read-only, naming the variable.
  server = await startDriveServer({ RECAPTCHA_SITE_KEY: 'e2e-site-key' });
  mail = await startMailCatcher();
  // Google's token endpoint stand-in for the live check: a refused secret is an unknown client.
  tokenEndpoint = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const refused = new URLSearchParams(body).get('client_secret') === REFUSED_SECRET;
      response.writeHead(refused ? 401 : 400, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: refused ? 'invalid_client' : 'invalid_grant' }));
    });
  });
  await new Promise<void>((resolve) => tokenEndpoint.listen(0, '127.0.0.1', resolve));
  const { port } = tokenEndpoint.address() as AddressInfo;
  await setSettings(server, { 'social.google.token_url': `http://127.0.0.1:${port}/token` });
});
afterAll(async () => {
  await server?.stop();
  await mail?.stop();
  await new Promise((resolve) => tokenEndpoint?.close(resolve));
});
afterEach(async () => {
  for (const b of browsers.splice(0)) {
    expect(unexpectedConsoleErrors(b.consoleErrors)).toEqual([]);
    await b.close();
  }
});

async function adminPage(viewport = DESKTOP, theme?: 'dark') {
  const b = await openBrowser(viewport);
  browsers.push(b);
  if (theme) await b.context.addCookies([{ name: 'be-active-theme', value: theme, url: server.url }]);
  // One sign-in for the file: its cookies open every later page (sign-ins are limited per address).
  if (adminCookies) await b.context.addCookies(adminCookies);
  else {
    await signInAs(server, b.context, ADMIN.email, ADMIN.password);
    adminCookies = (await b.context.cookies(server.url)).filter((c) => c.name !== 'be-active-theme');
  }
  return b.page;
}

/** `npm run kosh -- ...` against the journey server's data folder (its SQLite database). */
async function koshCommand(...args: string[]) {
  const cli = path.resolve(import.meta.dirname, '../../server/src/cli/kosh.ts');
  await run(process.execPath, [cli, ...args], { env: { ...process.env, DATA_DIR: server.dataDir, LOG_LEVEL: 'warn' } });
}

async function go(page: Page, to: string) {
  await page.goto(server.url + to);
  await waitForApp(page);
}

async function expectAccessible(page: Page) {
  expect(await seriousA11yViolations(page)).toEqual([]);
}

const pathOf = (page: Page) => new URL(page.url()).pathname;
const saveBar = (page: Page) => page.getByRole('region', { name: 'Unsaved changes' });
const tabLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name, exact: true });
const siteName = (page: Page) => page.getByRole('textbox', { name: 'Site name' });

/** Flips a switch from the keyboard (focus, Space), as the roles journey does: its input is visually hidden. */
async function flip(page: Page, name: string) {
  const control = page.getByRole('switch', { name });
  const before = await control.isChecked();
  await control.focus();
  await page.keyboard.press('Space');
  expect(await control.isChecked()).toBe(!before);
}

async function save(page: Page) {
  await saveBar(page).getByRole('button', { name: 'Save changes' }).click();
}

async function savedSettings() {
  admin ??= await adminClient(server);
  return ok<{ settings: Record<string, unknown>; secrets: Record<string, boolean> }>(
    admin.call('GET', 'api/v1/settings'),
  );
}

describe('admin settings', () => {
  it('opens from the sidebar at General and saves the site name, which a fresh page shows', async () => {
    const page = await adminPage();
    await go(page, '/admin');
    await page.getByRole('navigation', { name: 'Admin area' }).getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL(`${server.url}/admin/settings/general`);
    await page.getByRole('heading', { name: 'Settings', exact: true }).waitFor();
    expect(await tabLink(page, 'General').getAttribute('aria-current')).toBe('page');
    const tabs = await page.getByRole('navigation', { name: 'Settings' }).getByRole('link').allTextContents();
    expect(tabs).toEqual([
      'General',
      'Subscriptions',
      'Localization',
      'Authentication',
      'Uploading',
      'Outgoing email',
      'Cache',
      'Analytics',
      'Logging',
      'Queue',
      'Websockets',
      'reCAPTCHA',
      'GDPR',
      'Drive',
    ]);
    expect(await siteName(page).inputValue()).toBe('Kosh');
    expect(await saveBar(page).count()).toBe(0);
    await screenshot(page, 'admin-settings-general-1280');
    await expectAccessible(page);

    await siteName(page).fill('Kosh Cloud');
    await saveBar(page).getByText('You have unsaved changes').waitFor();
    await screenshot(page, 'admin-settings-general-dirty-1280');
    await save(page);
    await expectToast(page, 'Settings saved');
    await saveBar(page).waitFor({ state: 'detached' });
    expect((await savedSettings()).settings['branding.site_name']).toBe('Kosh Cloud');

    await go(page, '/admin/settings/general');
    expect(await siteName(page).inputValue()).toBe('Kosh Cloud');
    expect(await page.title()).toBe('General settings - Kosh Cloud');
  });

  it('sends an unknown tab to General', async () => {
    const page = await adminPage();
    await go(page, '/admin/settings/jobs');
    await page.waitForURL(`${server.url}/admin/settings/general`);
    await go(page, '/admin/settings');
    await page.waitForURL(`${server.url}/admin/settings/general`);
  });

  it('shows what the browser and the server refuse under the field, and discards', async () => {
    const page = await adminPage();
    await go(page, '/admin/settings/drive');
    const days = page.getByRole('textbox', { name: 'Days in trash' });
    expect(await days.inputValue()).toBe('30');
    await days.fill('soon');
    await save(page);
    await page.getByText('Enter a number.').waitFor();
    await days.fill('-1');
    await save(page);
    await page.getByText('Give 0 or more.').waitFor();
    expect(await days.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => days.evaluate((el) => el === document.activeElement)).toBe(true);
    await screenshot(page, 'admin-settings-drive-refused-1280');
    await expectAccessible(page);
    expect((await savedSettings()).settings['drive.trash_purge_days']).toBe(30);

    await saveBar(page).getByRole('button', { name: 'Discard' }).click();
    await saveBar(page).waitFor({ state: 'detached' });
    expect(await days.inputValue()).toBe('30');
    expect(await page.getByText('Give 0 or more.').count()).toBe(0);
  });

  it('asks before leaving a tab with unsaved changes', async () => {
    const page = await adminPage();
    await go(page, '/admin/settings/general');
    await siteName(page).fill('Not kept');
    await tabLink(page, 'Localization').click();
    const question = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
    await question.waitFor();
    await screenshot(page, 'admin-settings-leave-1280');
    await expectAccessible(page);
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'hidden' });
    expect(pathOf(page)).toBe('/admin/settings/general');
    expect(await siteName(page).inputValue()).toBe('Not kept');

    await tabLink(page, 'Localization').click();
    await question.getByRole('button', { name: 'Discard' }).click();
    await page.waitForURL(`${server.url}/admin/settings/localization`);
    await page.getByRole('radiogroup', { name: 'Date format' }).waitFor();
    await screenshot(page, 'admin-settings-localization-1280');
    await expectAccessible(page);
    await tabLink(page, 'General').click();
    await page.waitForURL(`${server.url}/admin/settings/general`);
    expect(await siteName(page).inputValue()).toBe('Kosh Cloud');
  });

  it('turns on Google sign-in; a refused secret is told above the group, a saved one shows only as set', async () => {
    const page = await adminPage();
    await go(page, '/admin/settings/authentication');
    const google = page.getByRole('group', { name: 'Google' });
    await flip(page, 'Sign in with Google');
    await google.getByRole('textbox', { name: 'Client ID' }).fill('kosh-e2e.apps.example.com');
    const secret = google.getByLabel('Client secret');
    await secret.fill(REFUSED_SECRET);
    await save(page);
    await google.getByRole('alert').filter({ hasText: 'Google refused the client ID or secret.' }).waitFor();
    await screenshot(page, 'admin-settings-google-refused-1280');
    await expectAccessible(page);
    expect((await savedSettings()).settings['social.google.enable']).toBe(false);

    await secret.fill(GOOGLE_SECRET);
    await save(page);
    await expectToast(page, 'Settings saved');
    await google.getByText('Set', { exact: true }).waitFor();
    expect(await google.getByRole('alert').count()).toBe(0);
    expect(await google.getByRole('button', { name: 'Replace' }).isVisible()).toBe(true);
    const saved = await savedSettings();
    expect(saved.secrets['social.google.client_secret']).toBe(true);
    expect(JSON.stringify(saved)).not.toContain(GOOGLE_SECRET);

    await go(page, '/admin/settings/authentication');
    await google.getByText('Set', { exact: true }).waitFor();
    expect(await page.content()).not.toContain(GOOGLE_SECRET);
    const values = await page
      .locator('input')
      .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
    expect(values).not.toContain(GOOGLE_SECRET);
    await google.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await screenshot(page, 'admin-settings-google-set-1280');
    await expectAccessible(page);
  });

  it('shows a key the environment holds read-only, naming the variable', async () => {
    const page = await adminPage();
    await go(page, '/admin/settings/recaptcha');
    const siteKey = page.getByRole('textbox', { name: 'Site key' });
    expect(await siteKey.isDisabled()).toBe(true);
    await page.getByText('Set by the environment variable RECAPTCHA_SITE_KEY; change it there.').waitFor();
    await page.getByRole('switch', { name: 'Registration page' }).waitFor({ state: 'attached' });
    await screenshot(page, 'admin-settings-recaptcha-1280');
    await expectAccessible(page);
  });

  it('adds a policy on GDPR that people tick on /register', async () => {
    const page = await adminPage();
    await go(page, '/admin/settings/gdpr');
    await page.getByText('No policies: people register without ticking anything.').waitFor();
    await page.getByRole('button', { name: 'Add policy' }).click();
    const row = page.getByRole('listitem', { name: 'Policy 1' });
    await row.getByRole('textbox', { name: 'Label' }).fill('Terms of service');
    await page
      .getByRole('listitem', { name: 'Terms of service' })
      .getByRole('textbox', { name: 'Address' })
      .fill('/pages/terms');
    await page.getByText('A page of this site.').waitFor();
    await screenshot(page, 'admin-settings-gdpr-1280');
    await expectAccessible(page);
    await save(page);
    await expectToast(page, 'Settings saved');
    const policies = (await savedSettings()).settings['registration.policies'] as Array<Record<string, string>>;
    expect(policies).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        label: 'Terms of service',
        action: '/pages/terms',
        type: 'route',
      },
    ]);

    const visitor = await openBrowser(DESKTOP);
    browsers.push(visitor);
    await go(visitor.page, '/register');
    await visitor.page.getByRole('checkbox', { name: 'I accept the Terms of service' }).waitFor({ state: 'attached' });
    await screenshot(visitor.page, 'admin-settings-register-policy-1280');
  });

  it('sends mail through an SMTP server once its test mail went out, and on demand', async () => {
    await setSettings(server, { 'mail.driver': 'file' });
    const page = await adminPage();
    await go(page, '/admin/settings/outgoing-email');
    await page.getByText('Mail is written as .eml files under the data folder', { exact: false }).waitFor();
    await page.getByText('Through an SMTP server', { exact: true }).click();
    await page.getByRole('textbox', { name: 'Host' }).fill('127.0.0.1');
    // A port nothing listens on: the check fails above the group and nothing is saved.
    await page.getByRole('textbox', { name: 'Port' }).fill('9');
    await page.getByRole('button', { name: /Encryption/ }).click();
    await page.getByRole('option', { name: 'None' }).click();
    await page.getByRole('textbox', { name: 'From address' }).fill('drive@e2e.example.test');
    await save(page);
    await page.getByRole('alert').filter({ hasText: 'Mail could not be sent through 127.0.0.1:9' }).waitFor();
    expect((await savedSettings()).settings['mail.driver']).toBe('file');

    await page.getByRole('textbox', { name: 'Port' }).fill(new URL(mail.url).port);
    await save(page);
    await expectToast(page, 'Settings saved');
    await mail.waitFor((m) => m.to.includes(ADMIN.email.toLowerCase()) && m.subject === 'Test mail from Kosh');
    const sent = mail.to(ADMIN.email).length;
    await page.getByRole('button', { name: 'Send a test mail' }).click();
    await page.getByText(`A test mail was sent to ${ADMIN.email}.`).waitFor();
    await expect.poll(() => mail.to(ADMIN.email).length).toBe(sent + 1);
    // The saved toast would sit over the test button for axe's contrast check.
    await dismissToasts(page);
    await screenshot(page, 'admin-settings-outgoing-email-1280');
    await expectAccessible(page);
  });

  it('checks the storage live on Uploading, and puts a measurement ID on the public pages', async () => {
    const page = await adminPage();
    await go(page, '/admin/settings/uploading');
    await page.getByTestId('storage-status').getByText('Storage works.').waitFor();
    await page.getByText('A test object was written, read back and deleted.', { exact: false }).waitFor();
    await screenshot(page, 'admin-settings-storage-1280');
    await expectAccessible(page);

    await tabLink(page, 'Analytics').click();
    await page.getByRole('textbox', { name: 'Measurement ID' }).fill('G-E2E12345');
    await save(page);
    await expectToast(page, 'Settings saved');
    await dismissToasts(page);
    await screenshot(page, 'admin-settings-analytics-1280');
    await expectAccessible(page);
    const visitor = await openBrowser(DESKTOP);
    browsers.push(visitor);
    await go(visitor.page, '/');
    expect(await visitor.page.content()).toContain(`gtag('config',"G-E2E12345")`);
    await go(visitor.page, '/login');
    expect(await visitor.page.content()).not.toContain('G-E2E12345');
  });

  it('shows the realtime channel and this server process on Websockets', async () => {
    const page = await adminPage();
    await go(page, '/admin/settings/websockets');
    const processes = page.getByRole('table', { name: 'Server processes' });
    await processes.getByText('(this one)').waitFor();
    expect(await processes.getByRole('row').count()).toBe(2);
    await page.getByText('One process (SQLite): events stay inside it.').waitFor();
    await screenshot(page, 'admin-settings-websockets-1280');
    await expectAccessible(page);
  });

  it('lists the caches and clears them on Cache', async () => {
    const page = await adminPage();
    await go(page, '/admin/settings/cache');
    await page.getByText('Report figures').waitFor();
    await page.getByRole('button', { name: 'Clear caches' }).click();
    await page.getByText('every server process follows within 15 seconds', { exact: false }).waitFor();
    // The pointer leaves the button: its hover shade is not what axe should judge.
    await page.mouse.move(0, 0);
    await screenshot(page, 'admin-settings-cache-1280');
    await expectAccessible(page);
  });

  it('sets the drive’s default view and share notifications on Drive', async () => {
    await setSettings(server, { 'drive.default_view': 'list', 'drive.share_notifications': true });
    const page = await adminPage();
    await go(page, '/admin/settings/drive');
    await page.getByText('Grid', { exact: true }).click();
    await flip(page, 'Share notifications');
    await save(page);
    await expectToast(page, 'Settings saved');
    const saved = (await savedSettings()).settings;
    expect(saved['drive.default_view']).toBe('grid');
    expect(saved['drive.share_notifications']).toBe(false);
    await dismissToasts(page);
    await screenshot(page, 'admin-settings-drive-1280');
    await expectAccessible(page);
  });

  it('keeps log files the days set on Logging; the level the environment holds is read-only', async () => {
    const page = await adminPage();
    await go(page, '/admin/settings/logging');
    await page.getByRole('heading', { name: 'Server logs' }).waitFor();
    await page.getByText('Set by the environment variable LOG_LEVEL; change it there.').waitFor();
    const days = page
      .getByRole('textbox', { name: 'Days to keep' })
      .or(page.getByRole('spinbutton', { name: 'Days to keep' }));
    await days.fill('30');
    await save(page);
    await expectToast(page, 'Settings saved');
    expect((await savedSettings()).settings['logging.retention_days']).toBe(30);
    await dismissToasts(page);
    await page.mouse.move(0, 0);
    await screenshot(page, 'admin-settings-logging-1280');
    await expectAccessible(page);
  });

  it('keeps staff without two-factor sign-in out while the site asks it of them', async () => {
    // Through the operator command: the admin area refuses to turn it on for an admin it would shut out.
    await koshCommand('settings:set', 'auth.admin_two_factor', 'true');
    try {
      const page = await adminPage();
      await go(page, '/admin/settings/general');
      await page.getByRole('heading', { name: 'Two-factor authentication required' }).waitFor();
      expect(await siteName(page).count()).toBe(0);
      await screenshot(page, 'admin-two-factor-required-1280');
      await expectAccessible(page);
      await page.getByRole('link', { name: 'Open account settings' }).click();
      await page.waitForURL(/\/account-settings/);
    } finally {
      await koshCommand('settings:set', 'auth.admin_two_factor', 'false');
    }
  });

  it('works on a phone: the tabs are a select box', async () => {
    const page = await adminPage(MOBILE);
    await go(page, '/admin/settings');
    await page.waitForURL(`${server.url}/admin/settings/general`);
    const section = page.getByRole('button', { name: /Section/ });
    expect(await section.textContent()).toContain('General');
    expect(await page.getByRole('navigation', { name: 'Settings' }).count()).toBe(0);
    await screenshot(page, 'admin-settings-general-375');
    await expectAccessible(page);

    await section.click();
    await page.getByRole('option', { name: 'Authentication', exact: true }).click();
    await page.waitForURL(`${server.url}/admin/settings/authentication`);
    const google = page.getByRole('group', { name: 'Google' });
    await google.getByText('Set', { exact: true }).waitFor();
    await screenshot(page, 'admin-settings-authentication-375');
    await expectAccessible(page);
    await google.getByRole('button', { name: 'Replace' }).click();
    await google.getByLabel('Client secret').waitFor();
    await google.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await screenshot(page, 'admin-settings-google-replace-375');
    await google.getByRole('button', { name: 'Cancel' }).click();
    await google.getByText('Set', { exact: true }).waitFor();

    await flip(page, 'Compact buttons');
    await saveBar(page).waitFor();
    await screenshot(page, 'admin-settings-dirty-375');
    await section.click();
    await page.getByRole('option', { name: 'Uploading', exact: true }).click();
    const question = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
    await question.getByRole('button', { name: 'Discard' }).click();
    await page.waitForURL(`${server.url}/admin/settings/uploading`);
    await page.getByRole('textbox', { name: 'Storage driver' }).waitFor();
    await screenshot(page, 'admin-settings-uploading-375');
    await expectAccessible(page);
  });

  it('reads well in dark', async () => {
    const page = await adminPage(DESKTOP, 'dark');
    await go(page, '/admin/settings/uploading');
    await page.getByRole('textbox', { name: 'Largest file' }).waitFor();
    await screenshot(page, 'admin-settings-uploading-dark-1280');
    await expectAccessible(page);
  });
});
