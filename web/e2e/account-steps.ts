import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { CaughtMail } from './mail-catcher.ts';
import { cookieValue, type RunningServer } from './harness.ts';

let counter = 0;
/** A fresh address per call, so journeys sharing a server never collide. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${Date.now().toString(36)}-${counter++}@kosh.test`;
}

/**
 * Creates an account through POST auth/register (no browser); answers its registration status.
 * Registrations are rate limited per address (10 a minute): a journey that makes many accounts
 * waits out a 429 as its Retry-After says, like a person would.
 */
export async function registerViaApi(
  server: RunningServer,
  email: string,
  password: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const answer = await registerOnce(server, email, password, extra);
    if (answer.status !== 429 || attempt === 2) {
      if (!answer.ok) throw new Error(`register ${email}: ${answer.status} ${answer.text}`);
      return (JSON.parse(answer.text) as { status: string }).status;
    }
    await new Promise((r) => setTimeout(r, (Number(answer.retryAfter ?? 30) + 1) * 1000));
  }
}

async function registerOnce(server: RunningServer, email: string, password: string, extra: Record<string, unknown>) {
  const first = await fetch(`${server.url}/api/v1/bootstrap-data`);
  const xsrf = first.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('XSRF-TOKEN='))!
    .slice('XSRF-TOKEN='.length);
  const response = await fetch(`${server.url}/auth/register`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      'x-xsrf-token': xsrf,
      cookie: `XSRF-TOKEN=${xsrf}`,
    },
    body: JSON.stringify({ email, password, password_confirmation: password, ...extra }),
  });
  return {
    ok: response.ok,
    status: response.status,
    text: await response.text(),
    retryAfter: response.headers.get('retry-after'),
  };
}

/** The six-digit code in a verification mail. */
export function codeOf(mail: CaughtMail): string {
  const code = /\b(\d{6})\b/.exec(`${mail.subject}\n${mail.text}`)?.[1];
  if (!code) throw new Error(`no code in mail "${mail.subject}"`);
  return code;
}

export async function expectToast(page: Page, text: string): Promise<void> {
  await page.getByTestId('toast').filter({ hasText: text }).first().waitFor({ timeout: 10_000 });
}

export async function dismissToasts(page: Page): Promise<void> {
  for (const close of await page.getByTestId('toast').getByRole('button', { name: 'Close' }).all())
    await close.click().catch(() => {});
}

export async function fillLogin(page: Page, email: string, password: string, remember = true): Promise<void> {
  const emailField = page.getByRole('textbox', { name: 'Email' });
  if (!(await emailField.getAttribute('readonly'))) await emailField.fill(email);
  await page.locator('input[name="password"]').fill(password);
  const stay = page.getByRole('checkbox', { name: 'Stay signed in for a month' });
  if ((await stay.isChecked()) !== remember) await page.getByText('Stay signed in for a month').click();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

export async function waitForPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname, { timeout: 15_000 });
}

/** The session cookie of the browser: its expiry tells "stay signed in" (30 days) from a browser session (-1). */
export async function sessionCookie(page: Page, server: RunningServer) {
  const cookies = await page.context().cookies(server.url);
  const session = cookies.find((c) => c.name === 'kosh_session');
  expect(cookieValue(cookies, 'kosh_session')).toBeTruthy();
  return session!;
}

export async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await waitForPath(page, '/login');
  await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
}

/** Opens /login and signs in through the form. */
export async function logInThroughForm(
  page: Page,
  server: RunningServer,
  email: string,
  password: string,
  remember = true,
): Promise<void> {
  await page.goto(`${server.url}/login`);
  await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
  await fillLogin(page, email, password, remember);
}

/** Scrolls a settings panel to the middle of the viewport, for its screenshot. */
export async function centre(page: Page, selector: string): Promise<void> {
  await page.locator(selector).evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await page.waitForTimeout(100);
}
