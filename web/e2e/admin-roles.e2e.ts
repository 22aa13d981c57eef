import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { registerViaApi, uniqueEmail } from './account-steps.ts';
import { startDriveServer } from './drive-steps.ts';
import {
  ADMIN,
  adminClient,
  DESKTOP,
  MOBILE,
  openBrowser,
  screenshot,
  seriousA11yViolations,
  signInAs,
  unexpectedConsoleErrors,
  waitForApp,
  type Browser,
  type RunningServer,
} from './harness.ts';

// Roles in the admin area at 1280 and 375 px: a new role with 2 GB of storage and the admin area,
// assigned to a user, whose drive meter then reads 2 GB and whose account menu offers the admin
// area; taking the permission away takes the action away on their next page; system roles offer no
// delete; leaving unsaved changes asks first; axe on every screen.

let server: RunningServer;
const browsers: Browser[] = [];
const PASSWORD = 'admin-roles-7';
let memberEmail: string;

beforeAll(async () => {
  server = await startDriveServer();
  memberEmail = uniqueEmail('meera');
  await registerViaApi(server, memberEmail, PASSWORD, { first_name: 'Meera', last_name: 'Nair' });
});
afterAll(async () => {
  await server?.stop();
});
afterEach(async () => {
  for (const b of browsers.splice(0)) {
    expect(unexpectedConsoleErrors(b.consoleErrors)).toEqual([]);
    await b.close();
  }
});

async function browserAs(email: string, password: string, viewport = DESKTOP, theme?: 'dark') {
  const b = await openBrowser(viewport);
  browsers.push(b);
  if (theme) await b.context.addCookies([{ name: 'be-active-theme', value: theme, url: server.url }]);
  await signInAs(server, b.context, email, password);
  return b.page;
}

async function go(page: Page, to: string) {
  await page.goto(server.url + to);
  await waitForApp(page);
}

async function expectAccessible(page: Page) {
  expect(await seriousA11yViolations(page)).toEqual([]);
}

const permissionRow = (page: Page, name: string) => page.locator(`[data-permission="${name}"]`);

/** Flips a switch from the keyboard (focus, Space), as a keyboard user would. */
async function flip(page: Page, name: string | RegExp, within?: string) {
  const scope = within ? permissionRow(page, within) : page;
  const control = scope.getByRole('switch', typeof name === 'string' ? { name } : { name });
  const before = await control.isChecked();
  await control.focus();
  await page.keyboard.press('Space');
  expect(await control.isChecked()).toBe(!before);
}
const saveBar = (page: Page) => page.getByRole('region', { name: 'Unsaved changes' });

/** The member's account menu entries, as the drive's navbar offers them. */
async function accountMenuItems(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: 'Account menu' }).first().click();
  const menu = page.getByRole('menu');
  await menu.waitFor();
  const items = await menu.getByRole('menuitem').allInnerTexts();
  await page.keyboard.press('Escape');
  return items.map((t) => t.trim());
}

describe('roles', () => {
  let roleId: number;

  it('lists the system roles without a delete', async () => {
    const page = await browserAs(ADMIN.email, ADMIN.password);
    await go(page, '/admin/roles');
    const table = page.getByRole('grid', { name: 'Roles' });
    for (const name of ['admin', 'users', 'guests'])
      await table.getByRole('rowheader').getByRole('link', { name, exact: true }).waitFor();
    expect(await page.getByRole('button', { name: /^Delete / }).count()).toBe(0);
    await screenshot(page, 'admin-roles-list-1280');
    await expectAccessible(page);
  });

  it('creates a role with 2 GB of storage and the admin area, asking before leaving it unsaved', async () => {
    const page = await browserAs(ADMIN.email, ADMIN.password);
    await go(page, '/admin/roles');
    await page.getByRole('link', { name: 'Add new role' }).click();
    await page.getByRole('heading', { name: 'New role' }).waitFor();
    await page.getByRole('textbox', { name: 'Name' }).fill('Reviewers');
    await page.getByRole('textbox', { name: 'Description' }).fill('Read and review what the team uploads.');
    await flip(page, 'View files', 'files.view');
    await flip(page, 'Upload files', 'files.create');
    await permissionRow(page, 'files.create').getByRole('textbox', { name: 'Storage space' }).fill('2');
    await permissionRow(page, 'files.create').evaluate((row) => row.scrollIntoView({ block: 'center' }));
    await screenshot(page, 'admin-roles-space-1280');
    await flip(page, 'Show advanced permissions');
    await flip(page, 'Open the admin area', 'admin.access');
    await saveBar(page).waitFor();
    await screenshot(page, 'admin-roles-new-1280');
    await expectAccessible(page);

    // Leaving asks; staying keeps every change.
    await page.getByRole('link', { name: 'Roles' }).first().click();
    const leave = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await leave.waitFor();
    await screenshot(page, 'admin-roles-leave-1280');
    await leave.getByRole('button', { name: 'Stay' }).click();
    await leave.waitFor({ state: 'hidden' });
    expect(await page.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('Reviewers');

    await saveBar(page).getByRole('button', { name: 'Create role' }).click();
    await page.waitForURL(/\/admin\/roles\/\d+\/edit$/);
    roleId = Number(/roles\/(\d+)\/edit/.exec(page.url())?.[1]);
    await page.getByRole('heading', { name: 'Reviewers' }).waitFor();
    expect(await saveBar(page).count()).toBe(0);
    const role = (await (await adminClient(server)).call('GET', `api/v1/admin/roles/${roleId}`)).body as {
      role: { permissions: Array<{ name: string; restrictions: unknown[] }> };
    };
    expect(role.role.permissions).toEqual(
      expect.arrayContaining([
        { name: 'files.create', restrictions: [{ name: 'max_space_bytes', value: 2 * 1024 ** 3 }] },
        { name: 'admin.access', restrictions: [] },
      ]),
    );
  });

  it('assigns a user, whose drive then allows 2 GB and whose menu offers the admin area', async () => {
    const page = await browserAs(ADMIN.email, ADMIN.password);
    await go(page, `/admin/roles/${roleId}/edit`);
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByText('No users have this role').waitFor();
    await page.getByRole('button', { name: 'Assign users' }).click();
    const dialog = page.getByRole('dialog', { name: 'Assign users to Reviewers' });
    await dialog.getByRole('searchbox').fill('meera');
    await dialog.getByRole('option', { name: /Meera Nair/ }).click();
    await screenshot(page, 'admin-roles-assign-1280');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Assign 1' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('grid').getByText(memberEmail).waitFor();
    await screenshot(page, 'admin-roles-users-1280');
    await expectAccessible(page);

    const member = await browserAs(memberEmail, PASSWORD);
    await go(member, '/drive');
    await expect(member.getByTestId('storage-meter').textContent()).resolves.toMatch(/of 2 GB used/);
    expect(await accountMenuItems(member)).toContain('Admin area');
  });

  it('takes the admin area away on the member’s next page once the role loses it', async () => {
    const page = await browserAs(ADMIN.email, ADMIN.password);
    await go(page, `/admin/roles/${roleId}/edit`);
    await flip(page, 'Open the admin area', 'admin.access');
    await saveBar(page).getByRole('button', { name: 'Save' }).click();
    await saveBar(page).waitFor({ state: 'detached' });

    const member = await browserAs(memberEmail, PASSWORD);
    await go(member, '/drive');
    expect(await accountMenuItems(member)).not.toContain('Admin area');
    await go(member, '/admin');
    expect(new URL(member.url()).pathname).toBe('/404');
  });

  it('shows a system role with its name fixed and no delete, in dark too', async () => {
    const users = (
      (await (await adminClient(server)).call('GET', 'api/v1/admin/roles?default=true')).body as {
        pagination: { data: Array<{ id: number }> };
      }
    ).pagination.data[0];
    const page = await browserAs(ADMIN.email, ADMIN.password, DESKTOP, 'dark');
    await go(page, `/admin/roles/${users?.id}/edit`);
    await page.getByRole('heading', { name: 'users' }).waitFor();
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    expect(await page.getByRole('textbox', { name: 'Name' }).getAttribute('readonly')).not.toBeNull();
    await screenshot(page, 'admin-roles-system-dark-1280');
    await expectAccessible(page);
  });

  it("shows the server's refusal under the field it names", async () => {
    const page = await browserAs(ADMIN.email, ADMIN.password);
    await go(page, '/admin/roles/new');
    await page.getByRole('textbox', { name: 'Name' }).fill('USERS');
    await saveBar(page).getByRole('button', { name: 'Create role' }).click();
    await page.getByText('A role with this name already exists.').first().waitFor();
    expect(await page.getByRole('textbox', { name: 'Name' }).getAttribute('aria-invalid')).toBe('true');
    expect(new URL(page.url()).pathname).toBe('/admin/roles/new');
    await screenshot(page, 'admin-roles-name-taken-1280');
    await expectAccessible(page);
  });

  it('works on a phone: the list, the form and the users', async () => {
    const page = await browserAs(ADMIN.email, ADMIN.password, MOBILE);
    await go(page, '/admin/roles');
    await page.getByText('Reviewers').first().waitFor();
    await screenshot(page, 'admin-roles-list-375');
    await expectAccessible(page);
    await go(page, `/admin/roles/${roleId}/edit`);
    const space = permissionRow(page, 'files.create').getByRole('textbox', { name: 'Storage space' });
    await space.evaluate((input) => input.scrollIntoView({ block: 'center' }));
    expect(await space.inputValue()).toBe('2');
    await screenshot(page, 'admin-roles-space-375');
    await page.getByRole('textbox', { name: 'Description' }).fill('Changed on a phone.');
    await saveBar(page).waitFor();
    await screenshot(page, 'admin-roles-edit-375');
    await expectAccessible(page);
    await saveBar(page).getByRole('button', { name: 'Discard' }).click();
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByText(memberEmail).waitFor();
    await screenshot(page, 'admin-roles-users-375');
    await expectAccessible(page);
  });
});
