import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OAuth2Server } from 'oauth2-mock-server';
import type { Page } from 'playwright-core';
import {
  centre,
  dismissToasts,
  expectToast,
  fillLogin,
  registerViaApi,
  uniqueEmail,
  waitForPath,
} from './account-steps.ts';
import {
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
import { makePng } from './drive-steps.ts';

// The account settings page of spec part 1, 2.7: profile and image, date/time/language, API
// tokens used against the API, social login links, and deleting the account.

let server: RunningServer;
let provider: OAuth2Server;
let profile: Record<string, unknown> = {};
let browser: Browser | undefined;
const PASSWORD = 'correct-horse-9';

beforeAll(async () => {
  server = await startServer();
  // A local OAuth 2 provider stands in for Google (spec part 1, 2.8).
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  provider.service.on('beforeUserinfo', (response: { body: unknown }) => {
    response.body = profile;
  });
  const issuer = provider.issuer.url!;
  await setSettings(server, {
    'social.google.enable': true,
    // Letters only: the mock does not URL-decode HTTP Basic credentials.
    'social.google.client_id': 'koshgoogle',
    'social.google.client_secret': 'notsosecret',
    'social.google.authorize_url': `${issuer}/authorize`,
    'social.google.token_url': `${issuer}/token`,
    'social.google.userinfo_url': `${issuer}/userinfo`,
    'social.google.issuer': issuer,
  });
});
afterAll(async () => {
  await server?.stop();
  await provider?.stop();
});
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

async function settingsAs(email: string, viewport = DESKTOP, password = PASSWORD): Promise<Page> {
  browser = await openBrowser(viewport);
  await signInAs(server, browser.context, email, password);
  await browser.page.goto(`${server.url}/account-settings`);
  await waitForApp(browser.page);
  await browser.page.getByRole('heading', { name: 'Account settings' }).waitFor();
  await browser.page.locator('#account-details').waitFor();
  return browser.page;
}

describe('account settings', () => {
  it('shows the side list and panels in order, and scrolls to a panel from the list', async () => {
    const email = uniqueEmail('layout');
    await registerViaApi(server, email, PASSWORD, { first_name: 'Priya', last_name: 'Sharma' });
    const page = await settingsAs(email);
    const nav = page.getByRole('navigation', { name: 'Account settings' });
    expect(await nav.getByRole('link').allTextContents()).toEqual([
      'Account details',
      'Social login',
      'Password',
      'Two-factor',
      'Location and language',
      'Developers',
      'Delete account',
      'Sessions',
    ]);
    const order = await page.locator('main section[id]').evaluateAll((els) => els.map((e) => e.id));
    expect(order).toEqual([
      'account-details',
      'social-login',
      'password',
      'two-factor',
      'sessions',
      'location-and-language',
      'developers',
      'delete-account',
    ]);
    expect(await page.getByRole('textbox', { name: 'Email' }).getAttribute('readonly')).not.toBeNull();
    await page.locator('#sessions').getByTestId('session').first().waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'account-settings-1280');
    await page.screenshot({
      path: `${import.meta.dirname}/screenshots/account-settings-full-1280.png`,
      fullPage: true,
    });

    await nav.getByRole('link', { name: 'Two-factor' }).click();
    await expect
      .poll(() => page.evaluate(() => Math.round(document.getElementById('two-factor')!.getBoundingClientRect().top)))
      .toBeLessThan(120);
    expect(page.url()).toMatch(/#two-factor$/);
    await expect
      .poll(() => nav.getByRole('link', { name: 'Two-factor' }).getAttribute('aria-current'))
      .toBe('location');
    await nav.getByRole('link', { name: 'Delete account' }).click();
    await expect
      .poll(() => nav.getByRole('link', { name: 'Delete account' }).getAttribute('aria-current'))
      .toBe('location');

    await page.setViewportSize(MOBILE);
    expect(await nav.isVisible()).toBe(false);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'account-settings-375');
    await page.screenshot({ path: `${import.meta.dirname}/screenshots/account-settings-full-375.png`, fullPage: true });
    expect(unexpectedConsoleErrors(browser!.consoleErrors)).toEqual([]);
  });

  it('looks right in the dark theme', async () => {
    const email = uniqueEmail('dark');
    await registerViaApi(server, email, PASSWORD, { first_name: 'Neel', last_name: 'Bose' });
    browser = await openBrowser(DESKTOP);
    await browser.context.addCookies([{ name: 'be-active-theme', value: 'dark', url: server.url }]);
    await signInAs(server, browser.context, email, PASSWORD);
    const page = browser.page;
    await page.goto(`${server.url}/account-settings`);
    await waitForApp(page);
    await page.locator('#account-details').waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'account-settings-dark-1280');
  });

  it('saves the profile and goes to the drive; Skip goes there too', async () => {
    const email = uniqueEmail('profile');
    await registerViaApi(server, email, PASSWORD);
    const page = await settingsAs(email);
    const panel = page.locator('#account-details');
    await panel.getByRole('textbox', { name: 'First name' }).fill('Aarav');
    await panel.getByRole('textbox', { name: 'Last name' }).fill('Gupta');
    await panel.getByRole('button', { name: /Country/ }).click();
    await page.getByRole('option', { name: 'India', exact: true }).click();
    await panel.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Updated account details');
    await waitForPath(page, '/drive');
    await page.goto(`${server.url}/account-settings`);
    await waitForApp(page);
    expect(await page.getByRole('textbox', { name: 'First name' }).inputValue()).toBe('Aarav');
    expect(
      await page
        .locator('#account-details')
        .getByRole('button', { name: /Country/ })
        .textContent(),
    ).toContain('India');
    expect(await page.getByRole('button', { name: /Aarav Gupta/ }).count()).toBe(1);
    await page.locator('#account-details').getByRole('button', { name: 'Skip' }).click();
    await waitForPath(page, '/drive');
  });

  it('uploads and removes the profile image, refusing what is not an image', async () => {
    const email = uniqueEmail('avatar');
    await registerViaApi(server, email, PASSWORD, { first_name: 'Isha', last_name: 'Nair' });
    const page = await settingsAs(email);
    const input = page.locator('#account-details input[type="file"]');
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await expectToast(page, 'Please select an image.');
    await dismissToasts(page);
    await input.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(2 * 1024 * 1024 + 1) });
    await expectToast(page, 'The image may not be greater than 2 MB.');
    await dismissToasts(page);

    await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: makePng(96, 96, [26, 115, 232]) });
    await expectToast(page, 'Uploaded avatar');
    const navbarImage = page.getByRole('banner').locator('img[src*="avatars"]');
    await navbarImage.waitFor();
    const src = await navbarImage.getAttribute('src');
    const served = await fetch(new URL(src!, server.url));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    await centre(page, '#account-details');
    await screenshot(page, 'account-avatar-1280');

    await page.getByRole('button', { name: 'Remove image' }).click();
    await expectToast(page, 'Removed avatar');
    await navbarImage.waitFor({ state: 'detached' });
  });

  it('saves time zone, date format and language', async () => {
    const email = uniqueEmail('locale');
    await registerViaApi(server, email, PASSWORD, { first_name: 'Ved', last_name: 'Rao' });
    const page = await settingsAs(email);
    const panel = page.locator('#location-and-language');
    await panel.getByRole('button', { name: /Timezone/ }).click();
    const listbox = page.getByRole('listbox');
    await listbox.getByText('Asia', { exact: true }).waitFor();
    await page.getByRole('option', { name: '(UTC+05:30) Asia/Kolkata' }).click();
    await panel.getByRole('button', { name: /Date format/ }).click();
    await page.getByRole('option', { name: /^\w+day, / }).click();
    await panel.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Updated account details');
    await page.reload();
    await waitForApp(page);
    expect(
      await page
        .locator('#location-and-language')
        .getByRole('button', { name: /Timezone/ })
        .textContent(),
    ).toContain('Asia/Kolkata');
    expect(
      await page
        .locator('#location-and-language')
        .getByRole('button', { name: /Date format/ })
        .textContent(),
    ).toMatch(/day, /);

    await panel.getByRole('button', { name: /Language/ }).click();
    await page.getByRole('option', { name: 'हिन्दी' }).click();
    await panel.getByRole('button', { name: 'Save' }).click();
    await page
      .getByRole('heading', { level: 1, name: 'खाता सेटिंग' })
      .or(page.locator('html[lang="hi"]'))
      .first()
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('hi');
    await screenshot(page, 'account-settings-hindi-1280');
  });

  it('creates an API token shown once, calls the API with it, and deletes it', async () => {
    const email = uniqueEmail('tokens');
    await registerViaApi(server, email, PASSWORD, { first_name: 'Tara', last_name: 'Joshi' });
    const page = await settingsAs(email);
    const panel = page.locator('#developers');
    await panel.getByText('There are no API tokens yet').waitFor();
    await panel.getByRole('button', { name: 'Create token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create token' });
    expect(await dialog.getByRole('button', { name: 'Create' }).isDisabled()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Token name' }).fill('Backup script');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expectToast(page, 'Token create');
    const shown = page.getByRole('dialog', { name: 'Token created' });
    const token = (await shown.getByTestId('plain-token').textContent())!.trim();
    expect(token.length).toBeGreaterThan(20);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await shown.getByRole('button', { name: 'Copy' }).click();
    await shown.getByRole('button', { name: 'Copied!' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    await page.mouse.move(0, 0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'token-created-1280');
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'token-created-375');
    await page.setViewportSize(DESKTOP);
    await shown.getByRole('button', { name: 'Done' }).click();
    await panel.getByText('Backup script').waitFor();
    await panel.getByText('Never used').waitFor();

    // The token authenticates API calls on its own: no cookie, no XSRF header.
    const me = await fetch(`${server.url}/api/v1/me`, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe(email);
    await page.reload();
    await waitForApp(page);
    await panel.getByText(/^Last used /).waitFor();
    // Reopening the dialog never shows the old token again.
    await panel.getByRole('button', { name: 'Create token' }).click();
    expect(
      await page
        .getByRole('dialog', { name: 'Create token' })
        .getByRole('textbox', { name: 'Token name' })
        .inputValue(),
    ).toBe('');
    await page.getByRole('dialog', { name: 'Create token' }).getByRole('button', { name: 'Cancel' }).click();

    await panel.getByRole('button', { name: 'Delete token: Backup script' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete token' });
    await confirm.getByText('Are you sure you want to delete this token?').waitFor();
    await screenshot(page, 'token-delete-1280');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Token deleted');
    await panel.getByText('There are no API tokens yet').waitFor();
    const after = await fetch(`${server.url}/api/v1/me`, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    });
    expect(after.status).toBe(401);
  });

  it('deletes the account after confirming, and the address no longer signs in', async () => {
    const email = uniqueEmail('leaving');
    await registerViaApi(server, email, PASSWORD, { first_name: 'Om', last_name: 'Prakash' });
    const page = await settingsAs(email, MOBILE);
    const panel = page.locator('#delete-account');
    await panel.getByRole('button', { name: 'Delete account' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete account?' });
    await confirm
      .getByText('Your account will be deleted immediately and permanently. Once deleted, accounts cannot be restored.')
      .waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'delete-account-375');
    await confirm.getByRole('button', { name: 'Delete account' }).click();
    const password = page.getByRole('dialog', { name: 'Confirm password' });
    await password.locator('input[name="password"]').fill(PASSWORD);
    await password.getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, 'Account deleted');
    await waitForPath(page, '/login');
    await fillLogin(page, email, PASSWORD);
    await page.getByText('These credentials do not match our records.').waitFor();
  });
});

describe('social login', () => {
  it('links and unlinks Google in settings', async () => {
    const email = uniqueEmail('linker');
    await registerViaApi(server, email, PASSWORD, { first_name: 'Sara', last_name: 'Ali' });
    const page = await settingsAs(email);
    const panel = page.locator('#social-login');
    await panel.getByText('Sign in with your Google account').waitFor();
    profile = {
      sub: `g-${Date.now()}`,
      email: `elsewhere-${Date.now()}@example.test`,
      email_verified: true,
      name: 'Sara A.',
    };
    const popup = page.waitForEvent('popup');
    await panel.getByRole('button', { name: 'Enable Google' }).click();
    const opened = await popup;
    expect(opened.url()).toContain('/secure/auth/social/google/');
    await expectToast(page, 'Enabled Google account');
    await panel.getByText('Sara A.').waitFor();
    await centre(page, '#social-login');
    await screenshot(page, 'social-login-panel-1280');
    await dismissToasts(page);
    await panel.getByRole('button', { name: 'Disable Google' }).click();
    await expectToast(page, 'Disabled Google account');
    await panel.getByRole('button', { name: 'Enable Google' }).waitFor();
  });

  it('signs up a new person with Google from the login page', async () => {
    browser = await openBrowser(DESKTOP);
    const page = browser.page;
    await page.goto(`${server.url}/login`);
    await waitForApp(page);
    await page.getByRole('separator', { name: 'OR' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'login-social-1280');
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'login-social-375');
    await page.setViewportSize(DESKTOP);
    const email = uniqueEmail('google');
    profile = { sub: `g-${Date.now()}-new`, email, email_verified: true, name: 'Asha Rao' };
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    // The new account has no first or last name yet, so it lands on account settings (2.2).
    await waitForPath(page, '/account-settings');
    expect(await page.getByRole('textbox', { name: 'Email' }).inputValue()).toBe(email);
    await page.locator('#social-login').getByText('Asha Rao').waitFor();
  });

  it('asks for the password when the Google address already has an account, then connects', async () => {
    const email = uniqueEmail('existing');
    await registerViaApi(server, email, PASSWORD, { first_name: 'Kavya', last_name: 'Reddy' });
    browser = await openBrowser(MOBILE);
    const page = browser.page;
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const dialogCode = () => scripts.filter((path) => /\/assets\/(SocialPasswordDialog|Dialog)-/.test(path));
    await page.goto(`${server.url}/login`);
    await waitForApp(page);
    // The dialog's code loads when the password is asked for, not with the sign-in page.
    expect(dialogCode()).toEqual([]);
    profile = { sub: `g-${Date.now()}-existing`, email, email_verified: true, name: 'Kavya Reddy' };
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    const dialog = page.getByRole('dialog', { name: 'Password required' });
    await dialog
      .getByText(
        'An account with this email address already exists. If you want to connect the two accounts, enter ' +
          'existing account password.',
      )
      .waitFor();
    expect(await dialog.getByRole('button', { name: 'Connect' }).isDisabled()).toBe(true);
    expect(dialogCode().some((path) => path.includes('SocialPasswordDialog-'))).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'social-password-375');
    await dialog.locator('input[name="password"]').fill('wrong-password-0');
    await dialog.getByRole('button', { name: 'Connect' }).click();
    await dialog.getByText('The provided password was incorrect.').waitFor();
    await dialog.locator('input[name="password"]').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Connect' }).click();
    await waitForPath(page, '/drive');
    expect(unexpectedConsoleErrors(browser.consoleErrors)).toEqual([]);
  });
});
