import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { expectToast } from './account-steps.ts';
import { makePng } from './drive-steps.ts';
import {
  adminClient,
  apiClient,
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
import { startMailCatcher } from './mail-catcher.ts';

// The user edit page (spec part 2, 2: users/:userId/{details,permissions,security,date,api}): an admin
// opens a user from the list and changes every tab; the user's own browser, sign-in and API token feel it.

let server: RunningServer;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
const browsers: Browser[] = [];
const POLL = { timeout: 15_000 };
/** Each journey walks several tabs; the shared machine is slow. */
const LONG = 240_000;
const PASSWORD = 'lena-password-1';
const LENA = 'lena.iyer@example.in';
/** A token name of this run: a retry makes another token. */
const TOKEN = `Backup ${Date.now().toString(36)}`;
const STAFF = { email: 'staff.member@example.in', password: 'staff-password-1' };
let lenaId = 0;

type Api = Awaited<ReturnType<typeof apiClient>>;

async function ok(api: Api, method: string, path: string, body?: unknown) {
  const answer = await api.call(method, path, body);
  if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as Record<string, unknown>;
}

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startServer({ env: { SMTP_URL: mail.url } });
  const admin = await adminClient(server);
  await ok(admin, 'POST', 'api/v1/admin/roles', {
    name: 'Editors',
    description: null,
    default: false,
    guests: false,
    permissions: [],
  });
  const created = await ok(admin, 'POST', 'api/v1/admin/users', {
    email: LENA,
    first_name: 'Lena',
    last_name: 'Iyer',
    password: PASSWORD,
    email_verified: false,
  });
  lenaId = (created.user as { id: number }).id;
  // She may make API tokens (the API tab's subject).
  await ok(admin, 'PUT', `api/v1/admin/users/${lenaId}`, { permissions: [{ name: 'api.access', restrictions: [] }] });
  const staff = await ok(admin, 'POST', 'api/v1/admin/users', { ...STAFF, first_name: 'Sam' });
  await ok(admin, 'PUT', `api/v1/admin/users/${(staff.user as { id: number }).id}`, {
    permissions: [
      { name: 'admin.access', restrictions: [] },
      { name: 'users.update', restrictions: [] },
    ],
  });
});
afterAll(async () => {
  await server?.stop();
  await mail?.stop();
});
afterEach(async () => {
  while (browsers.length) await browsers.pop()!.close();
});

async function browserAs(email?: string, password?: string, viewport = DESKTOP): Promise<Page> {
  const browser = await openBrowser(viewport);
  browsers.push(browser);
  await signInAs(server, browser.context, email, password);
  return browser.page;
}

async function openTab(page: Page, tab: string) {
  await page.goto(`${server.url}/admin/users/${lenaId}/${tab}`);
  await waitForApp(page);
  await page.getByRole('heading', { name: 'Edit user' }).waitFor();
}

const saveBar = (page: Page) => page.getByRole('region', { name: 'Unsaved changes' });
const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

async function save(page: Page) {
  await saveBar(page).getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'User saved');
  await saveBar(page).waitFor({ state: 'detached' });
}

/** Picks an option of a select (its button is named by the value and the label). */
async function pick(page: Page, label: string, option: string) {
  await page.getByRole('button', { name: new RegExp(label) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('admin user edit page', () => {
  it(
    'opens from the list and saves names, allowed space and roles, with errors beside their fields',
    async () => {
      const page = await browserAs();
      await page.goto(`${server.url}/admin/users?query=lena`);
      await waitForApp(page);
      await page.getByRole('link', { name: 'Lena Iyer' }).click();
      await page.waitForURL(new RegExp(`/admin/users/${lenaId}/details$`));
      await field(page, 'First name').waitFor();
      expect(await page.getByText('Email not confirmed').count()).toBe(1);
      // An admin may log in as her.
      await page.getByRole('button', { name: 'Log in as user' }).waitFor();
      // Empty space: inherited, and the page says how much that is.
      expect(await field(page, 'Allowed space').inputValue()).toBe('');
      await page.getByText(/Empty: the space of the plan or roles, else the default \(.+ now\)\./).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'admin-user-edit-details-1280');

      await field(page, 'First name').fill('Leena');
      await field(page, 'Last name').fill('Iyer-Rao');
      await field(page, 'Allowed space').fill('3');
      await pick(page, 'Unit', 'TB');
      await page.getByText('Editors', { exact: true }).click();
      await saveBar(page).waitFor();
      await screenshot(page, 'admin-user-edit-dirty-1280');
      await save(page);
      await page.reload();
      await waitForApp(page);
      await field(page, 'First name').waitFor();
      expect(await field(page, 'First name').inputValue()).toBe('Leena');
      expect(await field(page, 'Last name').inputValue()).toBe('Iyer-Rao');
      expect(await field(page, 'Allowed space').inputValue()).toBe('3');
      expect(await page.getByRole('button', { name: /Unit/ }).textContent()).toContain('TB');
      expect(await page.getByRole('checkbox', { name: 'Editors' }).isChecked()).toBe(true);
      expect(await page.getByRole('checkbox', { name: 'users' }).isChecked()).toBe(true);

      // Not a number: said under the field before any call; a too long name: the server's 422 under it.
      await field(page, 'Allowed space').fill('lots');
      await saveBar(page).getByRole('button', { name: 'Save' }).click();
      await page.getByText('Enter a number, or nothing to inherit.').waitFor();
      await field(page, 'Allowed space').fill('');
      await field(page, 'First name').fill('L'.repeat(101));
      await saveBar(page).getByRole('button', { name: 'Save' }).click();
      await page.getByText('The first name may not be greater than 100 characters.').waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'admin-user-edit-errors-1280');
      await saveBar(page).getByRole('button', { name: 'Discard' }).click();
      expect(await field(page, 'First name').inputValue()).toBe('Leena');

      // The profile image: staff set it from the Details tab, the header shows it, and they remove it again.
      const input = page.locator('section[aria-labelledby="user-profile-heading"] input[type="file"]');
      await input.setInputFiles({ name: 'lena.png', mimeType: 'image/png', buffer: makePng(96, 96, [233, 84, 32]) });
      await expectToast(page, 'Uploaded avatar');
      const images = page.locator('main img[src*="/avatars/"]');
      await expect.poll(() => images.count(), POLL).toBe(2);
      await screenshot(page, 'admin-user-edit-avatar-1280');
      await page.getByRole('button', { name: 'Remove image' }).click();
      await expectToast(page, 'Removed avatar');
      await expect.poll(() => images.count(), POLL).toBe(0);

      // Verification mail: a fresh code to her address.
      const mailsBefore = mail.to(LENA).length;
      await page.getByRole('button', { name: 'Resend verification mail' }).click();
      await expectToast(page, `Verification mail sent to ${LENA}`);
      await expect.poll(() => mail.to(LENA).length, POLL).toBe(mailsBefore + 1);
      expect(unexpectedConsoleErrors(browsers[0].consoleErrors)).toEqual([]);
    },
    LONG,
  );

  it(
    'grants a direct permission beside the roles, and edits language, country and time zone',
    async () => {
      const page = await browserAs();
      await openTab(page, 'permissions');
      await page.getByRole('link', { name: 'Editors' }).waitFor();
      const upload = page.locator('[data-permission="files.create"]').getByRole('switch', { name: 'Upload files' });
      expect(await upload.isChecked()).toBe(false);
      await upload.focus();
      await page.keyboard.press('Space');
      await save(page);
      await page.reload();
      await waitForApp(page);
      await expect.poll(() => upload.isChecked(), POLL).toBe(true);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'admin-user-edit-permissions-1280');

      await page.getByRole('link', { name: 'Date and time' }).click();
      await page.waitForURL(/\/date$/);
      await pick(page, 'Country', 'India');
      await pick(page, 'Timezone', '(UTC+05:30) Asia/Kolkata');
      await save(page);
      await page.reload();
      await waitForApp(page);
      await expect.poll(() => page.getByRole('button', { name: /Country/ }).textContent(), POLL).toContain('India');
      expect(await page.getByRole('button', { name: /Timezone/ }).textContent()).toContain('Asia/Kolkata');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'admin-user-edit-date-1280');
    },
    LONG,
  );

  it(
    'ends her sessions, turns off her two-factor sign-in, mails a reset link and revokes her token',
    async () => {
      // Her own browser, then two-factor and a token from another client of hers.
      const lenaPage = await browserAs(LENA, PASSWORD);
      await lenaPage.goto(`${server.url}/drive`);
      await waitForApp(lenaPage);
      const lena = await apiClient(server, LENA, PASSWORD);
      await ok(lena, 'POST', 'auth/user/confirm-password', { password: PASSWORD });
      await ok(lena, 'POST', 'auth/user/two-factor-authentication');
      const { secret } = (await ok(lena, 'GET', 'auth/user/two-factor/qr-code')) as { secret: string };
      await ok(lena, 'POST', 'auth/user/confirmed-two-factor-authentication', { code: await generate({ secret }) });
      const { plainTextToken } = (await ok(lena, 'POST', 'api/v1/access-tokens', { tokenName: TOKEN })) as {
        plainTextToken: string;
      };
      const withToken = () =>
        fetch(`${server.url}/api/v1/me`, {
          headers: { authorization: `Bearer ${plainTextToken}`, accept: 'application/json' },
        });
      expect((await withToken()).status).toBe(200);

      const page = await browserAs();
      await openTab(page, 'security');
      await expect.poll(() => page.getByTestId('user-session').count(), POLL).toBeGreaterThanOrEqual(2);
      await page.getByText('On: signing in asks for a code').waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'admin-user-edit-security-1280');

      await page.getByRole('button', { name: 'Send password reset mail' }).click();
      await expectToast(page, `Password reset mail sent to ${LENA}`);
      await mail.waitFor((m) => m.to.includes(LENA) && /reset/i.test(m.subject));

      await page.getByRole('button', { name: 'Turn off' }).click();
      const off = page.getByRole('alertdialog', { name: 'Turn off two-factor sign-in?' });
      await off.getByText('For support cases').waitFor();
      await screenshot(page, 'admin-user-edit-two-factor-confirm-1280');
      await off.getByRole('button', { name: 'Turn off' }).click();
      await expectToast(page, 'Two-factor sign-in turned off');
      await page.getByText('Off: the password alone signs the user in.').waitFor();

      await page.getByRole('button', { name: 'Log out everywhere' }).click();
      const everywhere = page.getByRole('alertdialog', { name: `Log ${LENA} out everywhere?` });
      await everywhere.getByRole('button', { name: 'Log out everywhere' }).click();
      await expectToast(page, 'Ended');
      await page.getByText('The user is not signed in anywhere.').waitFor();
      // Her browser is signed out: the drive sends it to the login page.
      await lenaPage.reload();
      await lenaPage.waitForURL(/\/login/, POLL);
      // Tokens outlive the sessions until revoked.
      expect((await withToken()).status).toBe(200);

      await page.getByRole('link', { name: 'API' }).click();
      await page.waitForURL(/\/api$/);
      const token = page.getByTestId('user-token').filter({ hasText: TOKEN });
      await token.waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'admin-user-edit-api-1280');
      await token.getByRole('button', { name: `Revoke ${TOKEN}` }).click();
      await page
        .getByRole('alertdialog', { name: `Revoke ${TOKEN}?` })
        .getByRole('button', { name: 'Revoke' })
        .click();
      await expectToast(page, 'Token revoked');
      await page.getByText('No API tokens').waitFor();
      await screenshot(page, 'admin-user-edit-api-empty-1280');
      expect((await withToken()).status).toBe(401);
    },
    LONG,
  );

  it(
    'fits a phone, and staff without admin get no "Log in as user"',
    async () => {
      const page = await browserAs(undefined, undefined, MOBILE);
      await openTab(page, 'details');
      await field(page, 'First name').waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'admin-user-edit-details-375');
      await field(page, 'Last name').fill('Rao');
      await saveBar(page).waitFor();
      await screenshot(page, 'admin-user-edit-dirty-375');
      await saveBar(page).getByRole('button', { name: 'Discard' }).click();
      await openTab(page, 'security');
      await page.getByRole('heading', { name: 'Sessions' }).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'admin-user-edit-security-375');

      const staff = await browserAs(STAFF.email, STAFF.password);
      await openTab(staff, 'details');
      await field(staff, 'First name').waitFor();
      await staff.getByRole('button', { name: 'Suspend' }).waitFor();
      expect(await staff.getByRole('button', { name: 'Log in as user' }).count()).toBe(0);
      // Roles are listed to holders of roles.update only: staff see hers without picking.
      await staff.getByText('Editors').waitFor();
      expect(await staff.getByRole('checkbox', { name: 'Editors' }).count()).toBe(0);
      await screenshot(staff, 'admin-user-edit-staff-1280');
    },
    LONG,
  );
});
