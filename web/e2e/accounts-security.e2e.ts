import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import type { Locator, Page } from 'playwright-core';
import {
  centre,
  expectToast,
  dismissToasts,
  fillLogin,
  logOut,
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
  signInAs,
  startServer,
  unexpectedConsoleErrors,
  waitForApp,
  type Browser,
  type RunningServer,
} from './harness.ts';

// Password change, two-factor with its three states, and other sessions (spec part 1, 2.7, 4, 6).

let server: RunningServer;
const browsers: Browser[] = [];
const PASSWORD = 'correct-horse-9';

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});
afterEach(async () => {
  while (browsers.length) await browsers.pop()!.close();
});

async function browserFor(email: string, password = PASSWORD, viewport = DESKTOP): Promise<Page> {
  const browser = await openBrowser(viewport);
  browsers.push(browser);
  await signInAs(server, browser.context, email, password);
  await browser.page.goto(`${server.url}/account-settings`);
  await waitForApp(browser.page);
  await browser.page.getByRole('heading', { name: 'Account settings' }).waitFor();
  return browser.page;
}

/** The authenticator app's code, `steps` periods of 30 s from now. */
function totp(secret: string, steps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
}

/**
 * Confirms the password when the dialog comes up; `then` is what shows when no confirmation
 * was needed (this session confirmed within 9000 s).
 */
async function confirmPasswordIfAsked(page: Page, then: Locator, password = PASSWORD) {
  const dialog = page.getByRole('dialog', { name: 'Confirm password' });
  await dialog.or(then).first().waitFor();
  if (await dialog.isVisible()) {
    await dialog.locator('input[name="password"]').fill(password);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }
}

describe('update password', () => {
  it('checks the current password, changes it, and the new one signs in', async () => {
    const email = uniqueEmail('pw');
    await registerViaApi(server, email, PASSWORD, { first_name: 'Lata', last_name: 'Menon' });
    const page = await browserFor(email);
    const panel = page.locator('#password');
    const save = panel.getByRole('button', { name: 'Update password' });
    expect(await save.isDisabled()).toBe(true);
    await panel.locator('input[name="current_password"]').fill('not-my-password');
    await panel.locator('input[name="password"]').fill('brand-new-pass-1');
    await panel.locator('input[name="password_confirmation"]').fill('brand-new-pass-1');
    expect(await save.isDisabled()).toBe(false);
    await save.click();
    await panel.getByText('The provided password does not match your current password.').waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('current_password');
    await panel.locator('input[name="current_password"]').fill(PASSWORD);
    await save.click();
    await expectToast(page, 'Password changed');
    expect(await panel.locator('input[name="password"]').inputValue()).toBe('');

    await logOut(page);
    await fillLogin(page, email, 'brand-new-pass-1');
    await waitForPath(page, '/drive');
  });
});

describe('two-factor authentication', () => {
  // One journey through the three states and three sign-ins; it needs longer than one step.
  it('enables with a code, signs in with a code and with a recovery code once, regenerates and disables', {
    timeout: 120_000,
  }, async () => {
    const email = uniqueEmail('totp');
    await registerViaApi(server, email, PASSWORD, { first_name: 'Kiran', last_name: 'Shah' });
    const page = await browserFor(email);
    const panel = page.locator('#two-factor');
    await panel.getByText('You have not enabled two factor authentication.').waitFor();
    await panel.getByRole('button', { name: 'Enable' }).click();

    // A sensitive action asks for the password first.
    const dialog = page.getByRole('dialog', { name: 'Confirm password' });
    await dialog.waitFor();
    expect(await dialog.getByRole('button', { name: 'Confirm' }).isDisabled()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'confirm-password-dialog-1280');
    await dialog.locator('input[name="password"]').fill('wrong-password-0');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByText('The provided password was incorrect.').waitFor();
    await dialog.locator('input[name="password"]').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Confirm' }).click();

    // Pending: QR code, setup key, code entry.
    await panel.getByText('Finish enabling two factor authentication.').waitFor();
    const secret = (await panel.getByTestId('two-factor-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await panel.getByRole('img', { name: 'QR code' }).waitFor();
    await centre(page, '#two-factor');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'two-factor-pending-1280');
    await panel.getByRole('textbox', { name: 'Code' }).fill('000000');
    await panel.getByRole('button', { name: 'Confirm' }).click();
    await panel.getByText('The provided two factor authentication code was invalid.').waitFor();
    await panel.getByRole('textbox', { name: 'Code' }).fill(await totp(secret));
    await panel.getByRole('button', { name: 'Confirm' }).click();

    // Enabled: the recovery codes show while the password confirmation lasts.
    await panel.getByText('You have enabled two factor authentication.').waitFor();
    const codes = (await panel.getByTestId('recovery-codes').locator('li').allTextContents()).map((c) => c.trim());
    expect(codes).toHaveLength(8);
    for (const code of codes) expect(code).toHaveLength(21);
    await centre(page, '#two-factor');
    await screenshot(page, 'two-factor-enabled-1280');
    await page.setViewportSize(MOBILE);
    await centre(page, '#two-factor');
    await screenshot(page, 'two-factor-enabled-375');
    await page.setViewportSize(DESKTOP);

    // Sign in again with a code (the next period's: the one used to confirm cannot be replayed).
    await logOut(page);
    await fillLogin(page, email, PASSWORD);
    await page.getByRole('heading', { name: 'Two factor authentication' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'login-two-factor-1280');
    await page.getByRole('textbox', { name: 'Code' }).fill(await totp(secret, 1));
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await waitForPath(page, '/drive');

    // Then with a recovery code, which works once.
    await logOut(page);
    await fillLogin(page, email, PASSWORD);
    await page.getByRole('button', { name: 'Use recovery code instead' }).click();
    const recovery = page.getByRole('textbox', { name: 'Recovery code' });
    await recovery.waitFor();
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'login-recovery-code-375');
    await page.setViewportSize(DESKTOP);
    await recovery.fill(codes[0]);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await waitForPath(page, '/drive');
    await logOut(page);
    await fillLogin(page, email, PASSWORD);
    await page.getByRole('button', { name: 'Use recovery code instead' }).click();
    await page.getByRole('textbox', { name: 'Recovery code' }).fill(codes[0]);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByText('The provided two factor recovery code was invalid.').waitFor();
    await page.getByRole('textbox', { name: 'Recovery code' }).fill(codes[1]);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await waitForPath(page, '/drive');

    // A new session has no password confirmation: the codes stay hidden until it is given.
    await page.goto(`${server.url}/account-settings#two-factor`);
    await waitForApp(page);
    await panel.getByText('You have enabled two factor authentication.').waitFor();
    expect(await panel.getByTestId('recovery-codes').count()).toBe(0);
    await panel.getByRole('button', { name: 'Show recovery codes' }).click();
    await confirmPasswordIfAsked(page, panel.getByTestId('recovery-codes'));
    await panel.getByTestId('recovery-codes').waitFor();
    const shown = await panel.getByTestId('recovery-codes').locator('li').allTextContents();
    expect(shown.map((c) => c.trim())).toEqual(codes.slice(2));
    await panel.getByRole('button', { name: 'Regenerate recovery codes' }).click();
    await page.waitForFunction(
      (old) =>
        [...document.querySelectorAll('[data-testid="recovery-codes"] li')]
          .map((li) => li.textContent?.trim())
          .join() !== old,
      shown.map((c) => c.trim()).join(),
    );
    expect(await panel.getByTestId('recovery-codes').locator('li').count()).toBe(8);

    await panel.getByRole('button', { name: 'Disable' }).click();
    await expectToast(page, 'Two factor authentication has been disabled.');
    await panel.getByText('You have not enabled two factor authentication.').waitFor();
    await logOut(page);
    await fillLogin(page, email, PASSWORD);
    await waitForPath(page, '/drive');
  });

  it('cancels a pending setup', async () => {
    const email = uniqueEmail('cancel');
    await registerViaApi(server, email, PASSWORD, { first_name: 'Uma', last_name: 'Pillai' });
    const page = await browserFor(email, PASSWORD, MOBILE);
    const panel = page.locator('#two-factor');
    await panel.getByRole('button', { name: 'Enable' }).click();
    await confirmPasswordIfAsked(page, panel.getByTestId('two-factor-secret'));
    await panel.getByText('Finish enabling two factor authentication.').waitFor();
    await panel.getByTestId('two-factor-secret').waitFor();
    await centre(page, '#two-factor');
    await screenshot(page, 'two-factor-pending-375');
    await panel.getByRole('button', { name: 'Cancel' }).click();
    await panel.getByText('You have not enabled two factor authentication.').waitFor();
    expect(unexpectedConsoleErrors(browsers[0].consoleErrors)).toEqual([]);
  });
});

describe('active sessions', () => {
  it('lists the devices and logs out the other sessions', async () => {
    const email = uniqueEmail('sessions');
    await registerViaApi(server, email, PASSWORD, { first_name: 'Dev', last_name: 'Anand' });
    const other = await browserFor(email, PASSWORD, MOBILE);
    const page = await browserFor(email);
    const panel = page.locator('#sessions');
    await centre(page, '#sessions');
    // Registration through the API signed in a third session.
    await expect.poll(() => panel.getByTestId('session').count()).toBe(3);
    expect(await panel.getByText('This device').count()).toBe(1);
    expect(await panel.getByTestId('session').first().textContent()).toContain('127.0.0.1');
    const listHeight = await panel.getByTestId('sessions-list').evaluate((el) => getComputedStyle(el).maxHeight);
    expect(listHeight).toBe('400px');
    await screenshot(page, 'sessions-1280');

    await panel.getByRole('button', { name: 'Log out other sessions' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log out other sessions' });
    await dialog.locator('input[name="password"]').fill('wrong-password-0');
    await dialog.getByRole('button', { name: 'Log out other sessions' }).click();
    await dialog.getByText(/password was incorrect|does not match our records/).waitFor();
    await screenshot(page, 'logout-other-sessions-dialog-1280');
    await dialog.locator('input[name="password"]').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Log out other sessions' }).click();
    await expectToast(page, 'Logged out other sessions.');
    await expect.poll(() => panel.getByTestId('session').count()).toBe(1);
    await dismissToasts(page);
    expect(unexpectedConsoleErrors(browsers[1].consoleErrors)).toEqual([]);

    // The other browser is signed out: account settings send it to /login.
    await other.reload();
    await waitForPath(other, '/login');
  });
});
