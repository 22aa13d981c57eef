import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  expectToast,
  fillLogin,
  logInThroughForm,
  logOut,
  pathOf,
  registerViaApi,
  sessionCookie,
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
  startServer,
  unexpectedConsoleErrors,
  waitForApp,
  type Browser,
  type RunningServer,
} from './harness.ts';
import { startMailCatcher } from './mail-catcher.ts';

// Sign-in with and without "stay signed in", the redirects of 2.2, demo prefill, forgotten passwords.

let server: RunningServer;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let browser: Browser | undefined;
const PASSWORD = 'correct-horse-9';

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startServer({ env: { SMTP_URL: mail.url } });
});
afterAll(async () => {
  await server?.stop();
  await mail?.stop();
});
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

async function open(path: string, viewport = DESKTOP): Promise<Page> {
  browser = await openBrowser(viewport);
  await browser.page.goto(server.url + path);
  await waitForApp(browser.page);
  return browser.page;
}

describe('sign-in', () => {
  it('stays signed in for a month when asked, for the browser session otherwise', async () => {
    const email = uniqueEmail('ravi');
    await registerViaApi(server, email, PASSWORD, { first_name: 'Ravi', last_name: 'Kumar' });
    const page = await open('/login');
    await fillLogin(page, email, 'wrong-password-1');
    await page.getByText('These credentials do not match our records.').waitFor();
    expect(pathOf(page)).toBe('/login');

    await fillLogin(page, email, PASSWORD, true);
    // A user with a name lands on /drive (2.2).
    await waitForPath(page, '/drive');
    const remembered = await sessionCookie(page, server);
    const days = (remembered.expires * 1000 - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(30);
    expect(remembered.httpOnly).toBe(true);

    await logOut(page);
    expect((await page.context().cookies(server.url)).some((c) => c.name === 'kosh_session')).toBe(false);
    await fillLogin(page, email, PASSWORD, false);
    await waitForPath(page, '/drive');
    expect((await sessionCookie(page, server)).expires).toBe(-1);
    expect(unexpectedConsoleErrors(browser!.consoleErrors)).toEqual([]);
  });

  it('prefills and locks the email from the address, and sends a user without a name to account settings', async () => {
    const email = uniqueEmail('noname');
    await registerViaApi(server, email, PASSWORD);
    const page = await open(`/login?email=${encodeURIComponent(email)}`);
    const field = page.getByRole('textbox', { name: 'Email' });
    expect(await field.inputValue()).toBe(email);
    expect(await field.getAttribute('readonly')).not.toBeNull();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('password');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'login-email-locked-1280');
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'login-email-locked-375');
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await waitForPath(page, '/account-settings');
    // Guest-only pages send a signed-in user to the same address.
    await page.goto(`${server.url}/register`);
    await waitForPath(page, '/account-settings');
  });

  it('goes to checkout when a plan was chosen before signing in', async () => {
    const email = uniqueEmail('buyer');
    await registerViaApi(server, email, PASSWORD, { first_name: 'Meera', last_name: 'Iyer' });
    const page = await open('/login');
    await page.evaluate(() =>
      sessionStorage.setItem('be-onboarding-selected-plan', JSON.stringify({ productId: 3, priceId: 7 })),
    );
    await fillLogin(page, email, PASSWORD);
    await waitForPath(page, '/checkout/3/7');
  });

  it('prefills the demo credentials in demo mode', async () => {
    await setSettings(server, {
      'demo.enable': true,
      'demo.email': 'admin@kosh.test',
      'demo.password': 'admin-password-1',
    });
    try {
      const page = await open('/login');
      expect(await page.getByRole('textbox', { name: 'Email' }).inputValue()).toBe('admin@kosh.test');
      expect(await page.locator('input[name="password"]').inputValue()).toBe('admin-password-1');
      await page.getByText('This is a demo site. Use the prefilled credentials to sign in.').waitFor();
      await screenshot(page, 'login-demo-1280');
    } finally {
      await setSettings(server, { 'demo.enable': false });
    }
  });

  it('keeps visitors out of account settings', async () => {
    const page = await open('/account-settings');
    await waitForPath(page, '/login');
  });
});

describe('forgotten password', () => {
  it('mails a reset link that sets a new password once', async () => {
    const email = uniqueEmail('forgetful');
    await registerViaApi(server, email, PASSWORD, { first_name: 'Anil', last_name: 'Das' });
    const page = await open('/forgot-password');
    await page.getByRole('heading', { name: 'Forgot password' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'forgot-password-1280');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('This field is required.').waitFor();
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expectToast(page, 'Email sent');
    // The form gives way to a 'check your inbox' state naming the address.
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
    await page.getByRole('status').getByText(email).waitFor();
    await screenshot(page, 'forgot-password-sent-1280');
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'forgot-password-sent-375');

    const message = await mail.waitFor((m) => m.to.includes(email) && /reset/i.test(m.subject));
    const link = /(https?:\/\/\S+\/password\/reset\/\S+)/.exec(message.text)?.[1];
    expect(link).toBeTruthy();
    await page.goto(link!.replace(/^https?:\/\/[^/]+/, server.url));
    await waitForApp(page);
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Email' }).inputValue()).toBe(email);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'reset-password-375');
    await page.setViewportSize(DESKTOP);
    await page.locator('input[name="password"]').fill('new-password-42');
    await page.locator('input[name="password_confirmation"]').fill('new-password-41');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('The password confirmation does not match.').waitFor();
    await screenshot(page, 'reset-password-1280');
    await page.locator('input[name="password_confirmation"]').fill('new-password-42');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expectToast(page, 'Your password has been reset!');
    await waitForPath(page, '/login');

    // The link works once.
    await page.goto(link!.replace(/^https?:\/\/[^/]+/, server.url));
    await waitForApp(page);
    await page.locator('input[name="password"]').fill('another-password-7');
    await page.locator('input[name="password_confirmation"]').fill('another-password-7');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('This password reset token is invalid.').waitFor();
    expect(pathOf(page)).toMatch(/^\/password\/reset\//);

    await logInThroughForm(page, server, email, 'new-password-42');
    await waitForPath(page, '/drive');
  });
});
