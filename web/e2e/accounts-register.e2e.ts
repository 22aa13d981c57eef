import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { codeOf, expectToast, fillLogin, pathOf, registerViaApi, uniqueEmail, waitForPath } from './account-steps.ts';
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

// Registration, the emailed verification code and where a new user lands (spec part 1, 2.2, 2.4, 2.5).

let server: RunningServer;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let browser: Browser | undefined;
/** The providers' token endpoint for the settings' live check: it knows the client (a code it refuses). */
let tokenEndpoint: http.Server;
const PASSWORD = 'correct-horse-9';
const POLICIES = [
  { id: 'terms_of_service', label: 'Terms of service', action: '/pages/terms-of-service', type: 'route' },
  { id: 'privacy_policy', label: 'Privacy policy', action: '/pages/privacy-policy', type: 'route' },
];

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startServer({ env: { SMTP_URL: mail.url } });
  tokenEndpoint = http.createServer((_request, response) => {
    response.writeHead(400, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ error: 'invalid_grant' }));
  });
  await new Promise<void>((resolve) => tokenEndpoint.listen(0, '127.0.0.1', resolve));
  const tokenUrl = `http://127.0.0.1:${(tokenEndpoint.address() as { port: number }).port}/token`;
  const provider = (service: string) => ({
    [`social.${service}.enable`]: true,
    [`social.${service}.client_id`]: `kosh-${service}`,
    [`social.${service}.client_secret`]: `${service}-secret`,
    [`social.${service}.token_url`]: tokenUrl,
  });
  await setSettings(server, {
    require_email_confirmation: true,
    'registration.policies': POLICIES,
    ...provider('google'),
    ...provider('envato'),
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await mail?.stop();
  await new Promise((resolve) => tokenEndpoint?.close(resolve));
});

async function open(path: string, viewport = DESKTOP): Promise<Page> {
  await browser?.close();
  browser = await openBrowser(viewport);
  await browser.page.goto(server.url + path);
  await waitForApp(browser.page);
  return browser.page;
}

async function fillRegistration(page: Page, email: string) {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('input[name="password_confirmation"]').fill(PASSWORD);
  for (const name of ['Terms of service', 'Privacy policy'])
    await page.getByRole('checkbox', { name: `I accept the ${name}` }).check({ force: true });
}

describe('registration', () => {
  it('shows the form with policies and social buttons, and checks it before calling the server', async () => {
    const page = await open('/register');
    await page.getByRole('heading', { name: 'Create a new account' }).waitFor();
    expect(await page.getByRole('checkbox', { name: 'I accept the Terms of service' }).count()).toBe(1);
    expect(
      await page.locator('#main-content').getByRole('link', { name: 'Terms of service' }).getAttribute('href'),
    ).toBe('/pages/terms-of-service');
    expect(await page.getByRole('separator', { name: 'OR' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Continue with Google' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Continue with Envato' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: "Don't have an account? Sign in." }).getAttribute('href')).toBe(
      '/login',
    );
    expect(await page.getByRole('link', { name: 'Got a query? Contact us.' }).getAttribute('href')).toBe('/contact');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'register-1280');

    let calls = 0;
    page.on('request', (r) => r.url().includes('/auth/register') && calls++);
    await page.getByRole('button', { name: 'Create an account' }).click();
    // The checks load with the first use of the form: wait for them, then count.
    await page.getByText('This field is required.').nth(4).waitFor();
    expect(await page.getByText('This field is required.').count()).toBe(5);
    await page.getByRole('textbox', { name: 'Email' }).fill('not-an-address');
    await page.locator('input[name="password"]').fill('short');
    await page.locator('input[name="password_confirmation"]').fill('other');
    await page.getByRole('button', { name: 'Create an account' }).click();
    await page.getByText('The email must be a valid email address.').waitFor();
    await page.getByText('The password must be at least 8 characters.').waitFor();
    expect(calls).toBe(0);
    await screenshot(page, 'register-errors-1280');
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'register-errors-375');
  });

  it('registers, verifies the emailed code and lands on account settings (no name yet)', async () => {
    const email = uniqueEmail('asha');
    const page = await open('/register');
    await fillRegistration(page, email);
    await page.getByRole('button', { name: 'Create an account' }).click();
    // needs_email_verification goes to '/', where the verification screen replaces the app.
    await page.getByRole('heading', { name: 'Verify your email' }).waitFor();
    await waitForPath(page, '/');
    const masked = `${email.slice(0, 2)}${'*'.repeat(email.indexOf('@') - 2)}@kosh.test`;
    expect(await page.getByText(`Enter the verification code we sent to ${masked}`).isVisible()).toBe(true);
    const code = page.getByRole('textbox', { name: 'Code' });
    expect(await code.getAttribute('placeholder')).toBe('Enter your verification code');
    expect(await code.getAttribute('maxlength')).toBe('6');
    expect(await code.getAttribute('inputmode')).toBe('numeric');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('code');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'verify-email-1280');

    const first = codeOf(await mail.waitFor((m) => m.to.includes(email)));
    // A resend makes a new code; the first stops working.
    await page.getByRole('button', { name: 'request a resend' }).click();
    await expectToast(page, 'Email sent');
    await mail.waitFor((m) => m.to.includes(email) && codeOf(m) !== first).catch(() => undefined);
    const latest = codeOf(mail.to(email).at(-1)!);

    await code.fill('12ab');
    expect(await code.inputValue()).toBe('12');
    await code.fill(latest === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('The verification code is invalid or has expired.').waitFor();
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'verify-email-error-375');
    await page.setViewportSize(DESKTOP);

    await code.fill(latest);
    await page.getByRole('button', { name: 'Next' }).click();
    await waitForPath(page, '/account-settings');
    await page.getByRole('heading', { name: 'Account settings' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Email' }).inputValue()).toBe(email);
    expect(unexpectedConsoleErrors(browser!.consoleErrors)).toEqual([]);
  });

  it('treats Back on the verification screen as logout', async () => {
    const email = uniqueEmail('back');
    const page = await open('/register', MOBILE);
    await fillRegistration(page, email);
    await page.getByRole('button', { name: 'Create an account' }).click();
    await page.getByRole('heading', { name: 'Verify your email' }).waitFor();
    await screenshot(page, 'verify-email-375');
    await page.getByRole('button', { name: 'Back' }).click();
    await waitForPath(page, '/login');
    await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
    // Signing in again shows the screen again: the address is still unverified.
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByRole('heading', { name: 'Verify your email' }).waitFor();
  });

  it('mails a code when the screen first shows to a user who has none waiting', async () => {
    // Signed up while confirmation was off: no code was ever sent.
    await setSettings(server, { require_email_confirmation: false });
    const email = uniqueEmail('late');
    try {
      await registerViaApi(server, email, PASSWORD, {
        first_name: 'Ravi',
        last_name: 'Kumar',
        terms_of_service: true,
        privacy_policy: true,
      });
    } finally {
      await setSettings(server, { require_email_confirmation: true });
    }
    const codeMails = () => mail.to(email).filter((m) => /verification code/i.test(m.subject));
    expect(codeMails()).toHaveLength(0);
    const page = await open('/login');
    await fillLogin(page, email, PASSWORD);
    await page.getByRole('heading', { name: 'Verify your email' }).waitFor();
    const sent = await mail.waitFor((m) => m.to.includes(email) && /verification code/i.test(m.subject));
    await page.getByRole('textbox', { name: 'Code' }).fill(codeOf(sent));
    await page.getByRole('button', { name: 'Next' }).click();
    await waitForPath(page, '/drive');
    // Once per browser session and only when none is waiting: one code in all.
    expect(codeMails()).toHaveLength(1);
  });

  it('shows the invite and pricing headings, compact social buttons, and closes when registration is off', async () => {
    const page = await open('/register?redirectFrom=pricing');
    await page.getByRole('heading', { name: "First, let's create your account" }).waitFor();
    await page.goto(`${server.url}/workspace/join/register?email=invitee%40kosh.test`);
    await waitForApp(page);
    await page.getByRole('heading', { name: 'To join your team on Kosh, create an account' }).waitFor();
    const email = page.getByRole('textbox', { name: 'Email' });
    expect(await email.inputValue()).toBe('invitee@kosh.test');
    expect(await email.getAttribute('readonly')).not.toBeNull();

    await setSettings(server, { 'social.compact_buttons': true });
    await page.goto(`${server.url}/register`);
    await waitForApp(page);
    expect(await page.getByRole('separator', { name: 'Or sign up with' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Continue with Google' }).isVisible()).toBe(true);
    await screenshot(page, 'register-compact-1280');
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'register-compact-375');

    await setSettings(server, { 'registration.disable': true, 'social.compact_buttons': false });
    await page.goto(`${server.url}/register`);
    await waitForApp(page);
    await waitForPath(page, '/login');
    expect(await page.getByRole('link', { name: 'Sign up' }).count()).toBe(0);
    await page.goto(`${server.url}/workspace/join/register`);
    await waitForApp(page);
    await page.getByRole('heading', { name: 'To join your team on Kosh, create an account' }).waitFor();
    await setSettings(server, { 'registration.disable': false });
  });
});

describe('human check', () => {
  let verifier: http.Server;
  let verifierUrl = '';
  let answer = { success: true };
  const tokens: string[] = [];

  beforeAll(async () => {
    // A local stand-in for the siteverify endpoint; the server posts the browser's token to it.
    verifier = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        tokens.push(new URLSearchParams(body).get('response') ?? '');
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((r) => verifier.listen(0, '127.0.0.1', () => r()));
    const address = verifier.address();
    verifierUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/siteverify`;
    await setSettings(server, {
      'recaptcha.site_key': 'test-site-key',
      'recaptcha.secret_key': 'test-secret',
      'recaptcha.verify_url': verifierUrl,
      'recaptcha.enable': { register: true, contact: false },
      require_email_confirmation: false,
    });
  });
  afterAll(async () => {
    await setSettings(server, { 'recaptcha.site_key': '', 'recaptcha.enable': { register: false, contact: false } });
    await new Promise<void>((r) => verifier.close(() => r()));
  });

  it("refuses with 'Could not verify you are human.' when no token can be had", async () => {
    // Offline and under the app's CSP Google's script cannot load: the check fails closed.
    const page = await open('/register');
    await fillRegistration(page, uniqueEmail('bot'));
    await page.getByRole('button', { name: 'Create an account' }).click();
    await expectToast(page, 'Could not verify you are human.');
    expect(pathOf(page)).toBe('/register');
    await screenshot(page, 'register-human-check-failed-1280');
  });

  it('verifies the token with the server, then registers and lands per 2.2', async () => {
    await browser?.close();
    browser = await openBrowser(DESKTOP);
    const page = browser.page;
    // A provider already on the page (as custom code would load it) hands out the token.
    await page.addInitScript(() => {
      (window as unknown as { grecaptcha: unknown }).grecaptcha = {
        ready: (fn: () => void) => fn(),
        execute: async (_key: string, { action }: { action: string }) => `human-token-for-${action}`,
      };
    });
    await page.goto(`${server.url}/register`);
    await waitForApp(page);
    answer = { success: false };
    await fillRegistration(page, uniqueEmail('human'));
    await page.getByRole('button', { name: 'Create an account' }).click();
    await expectToast(page, 'Could not verify you are human.');
    answer = { success: true };
    await page.getByRole('button', { name: 'Create an account' }).click();
    await waitForPath(page, '/account-settings');
    expect(tokens.at(-1)).toBe('human-token-for-register');
  });
});
