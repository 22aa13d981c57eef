import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { registerViaApi, uniqueEmail } from './account-steps.ts';
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
import { grant } from './admin-steps.ts';

// The admin area's frame: the sidebar lists only the sections a person may open, phones get a
// drawer, and the guard sends everyone else away.

let server: RunningServer;
let browser: Browser | undefined;
const PASSWORD = 'admin-shell-7';
let staffEmail: string;
let userEmail: string;

beforeAll(async () => {
  server = await startServer();
  staffEmail = uniqueEmail('staff');
  userEmail = uniqueEmail('member');
  await registerViaApi(server, staffEmail, PASSWORD, { first_name: 'Ravi', last_name: 'Iyer' });
  await registerViaApi(server, userEmail, PASSWORD, { first_name: 'Meera', last_name: 'Das' });
  grant(server, staffEmail, ['admin.access', 'logs.view']);
});
afterAll(async () => {
  await server?.stop();
});
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

type Who = 'admin' | 'staff' | 'user' | 'visitor';

async function openAs(who: Who, pathname: string, viewport = DESKTOP, dark = false): Promise<Page> {
  browser = await openBrowser(viewport);
  if (dark) await browser.context.addCookies([{ name: 'be-active-theme', value: 'dark', url: server.url }]);
  if (who === 'admin') await signInAs(server, browser.context);
  if (who === 'staff') await signInAs(server, browser.context, staffEmail, PASSWORD);
  if (who === 'user') await signInAs(server, browser.context, userEmail, PASSWORD);
  await browser.page.goto(server.url + pathname);
  await waitForApp(browser.page);
  return browser.page;
}

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Admin area' });
const sidebarLinks = (page: Page) => sidebar(page).getByRole('link').allTextContents();
const pathOf = (page: Page) => new URL(page.url()).pathname;

describe('admin shell', () => {
  for (const dark of [false, true]) {
    const theme = dark ? 'dark' : 'light';
    it(`shows an admin every section with a page, the account menu and Back to drive (${theme})`, async () => {
      const page = await openAs('admin', '/admin', DESKTOP, dark);
      await page.getByRole('heading', { name: 'Report' }).waitFor();
      const links = await sidebarLinks(page);
      expect(links).toEqual([
        'Report',
        'Users',
        'Roles',
        'Plans',
        'Discount',
        'Subscriptions',
        'Files',
        'Pages',
        'Tags',
        'Localizations',
        'User space',
        'Enquiries',
        'Ads',
        'Mail templates',
        'Appearance',
        'Settings',
        'Logs',
      ]);
      expect(await sidebar(page).getByRole('link', { name: 'Report' }).getAttribute('aria-current')).toBe('page');
      expect(await page.title()).toMatch(/^Report - /);
      expect(await page.getByRole('link', { name: 'Back to drive' }).getAttribute('href')).toBe('/drive');
      expect(await page.getByRole('button', { name: 'Account menu' }).isVisible()).toBe(true);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `admin-shell-admin-${theme}-1280`);

      await sidebar(page).getByRole('link', { name: 'Logs' }).click();
      await page.getByRole('heading', { name: 'Logs', exact: true }).waitFor();
      // Logs opens its first tab, Schedule.
      expect(pathOf(page)).toBe('/admin/logs/schedule');
      expect(await page.title()).toMatch(/^Schedule log - /);
      expect(await sidebar(page).getByRole('link', { name: 'Logs' }).getAttribute('aria-current')).toBe('page');
      expect(unexpectedConsoleErrors(browser!.consoleErrors)).toEqual([]);
    });
  }

  it('lists only the admin.access sections and Logs to a staff member holding admin.access and logs.view', async () => {
    const page = await openAs('staff', '/admin');
    await page.getByRole('heading', { name: 'Report' }).waitFor();
    // User space and Enquiries need only admin.access (spec part 2, 6: guarded by the admin layout).
    expect(await sidebarLinks(page)).toEqual(['Report', 'User space', 'Enquiries', 'Logs']);
    await screenshot(page, 'admin-shell-staff-1280');
    // A section whose permission they lack follows the permission guard, as any page does.
    await page.goto(`${server.url}/admin/users`);
    await page.waitForURL(`${server.url}/404`);
  });

  for (const dark of [false, true]) {
    const theme = dark ? 'dark' : 'light';
    it(`opens the sections from a drawer on a phone (${theme})`, async () => {
      const page = await openAs('admin', '/admin', MOBILE, dark);
      await page.getByRole('heading', { name: 'Report' }).waitFor();
      expect(await sidebar(page).count()).toBe(0);
      await screenshot(page, `admin-shell-admin-${theme}-375`);
      await page.getByRole('button', { name: 'Open menu' }).click();
      const drawer = page.getByRole('dialog', { name: 'Admin area' });
      await drawer.waitFor();
      expect(await sidebarLinks(page)).toEqual(expect.arrayContaining(['Report', 'Users', 'Logs']));
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `admin-shell-drawer-${theme}-375`);
      await sidebar(page).getByRole('link', { name: 'Logs' }).click();
      await page.getByRole('heading', { name: 'Logs', exact: true }).waitFor();
      await drawer.waitFor({ state: 'detached' });
      expect(pathOf(page)).toBe('/admin/logs/schedule');
      // Back to drive is an icon on a phone, named for screen readers.
      expect(await page.getByRole('link', { name: 'Back to drive' }).getAttribute('href')).toBe('/drive');
    });
  }

  it('sends a user without admin.access to the not-found page, and a visitor to login', async () => {
    const page = await openAs('user', '/admin/logs');
    await page.waitForURL(`${server.url}/404`);
    await page.getByRole('heading', { name: "Looks like you've found the doorway to the great nothing" }).waitFor();
    await browser!.close();
    browser = undefined;
    const visitor = await openAs('visitor', '/admin/users');
    await visitor.waitForURL(`${server.url}/login`);
  });
});
