import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { registerViaApi, uniqueEmail } from './account-steps.ts';
import { driveApi, startDriveServer } from './drive-steps.ts';
import {
  ADMIN,
  cookieValue,
  DESKTOP,
  MOBILE,
  openBrowser,
  screenshot,
  setSettings,
  signInAs,
  unexpectedConsoleErrors,
  waitForApp,
  type Browser,
  type RunningServer,
} from './harness.ts';

// Every link the navbar and its menus offer leads to a real page, at 1280 and 375 px, for a
// visitor, a user and an admin; on a phone a page has one menu button: a visitor's menu, the
// drive's drawer, and never a second menu beside a signed-in user's account menu.

let server: RunningServer;
const browsers: Browser[] = [];
const PASSWORD = 'navbar-menus-7';
const NOT_FOUND = "Looks like you've found the doorway to the great nothing";
let link: { hash: string };
let userEmail: string;
let workspaceId: number;

async function post(context: BrowserContext, path: string, data: unknown) {
  const response = await context.request.post(`${server.url}/${path}`, {
    data,
    headers: {
      accept: 'application/json',
      'x-xsrf-token': cookieValue(await context.cookies(server.url), 'XSRF-TOKEN') ?? '',
    },
  });
  if (!response.ok()) throw new Error(`POST ${path}: ${response.status()} ${await response.text()}`);
  return response.json();
}

beforeAll(async () => {
  server = await startDriveServer();
  // Billing on: the navbar's Upgrade is offered too (its settings condition holds).
  await setSettings(server, { 'billing.enable': true });
  userEmail = uniqueEmail('navbar');
  await registerViaApi(server, userEmail, PASSWORD, { first_name: 'Kavya', last_name: 'Menon' });
  const b = await openBrowser();
  await signInAs(server, b.context, userEmail, PASSWORD);
  const folder = await driveApi(server, b.context).folder('Plans');
  link = (await post(b.context, `api/v1/file-entries/${folder.id}/shareable-link`, {})).link;
  workspaceId = (await post(b.context, 'api/v1/workspace', { name: 'Crew' })).workspace.id;
  await b.close();
});
afterAll(async () => {
  await server?.stop();
});
afterEach(async () => {
  for (const b of browsers.splice(0)) await b.close();
});

type Who = 'visitor' | 'user' | 'admin';

async function browserFor(who: Who, viewport: typeof DESKTOP): Promise<Browser> {
  const b = await openBrowser(viewport);
  browsers.push(b);
  if (who === 'user') await signInAs(server, b.context, userEmail, PASSWORD);
  if (who === 'admin') await signInAs(server, b.context, ADMIN.email, ADMIN.password);
  return b;
}

const header = (page: Page) => page.locator('header').first();
const menuButtons = (page: Page) => header(page).getByRole('button', { name: 'Open menu' });

/** The hrefs of the open menu's entries (react-aria renders linked entries as <a role="menuitem">). */
async function openMenuLinks(page: Page): Promise<string[]> {
  const menu = page.getByRole('menu');
  await menu.waitFor();
  const hrefs = await menu
    .locator('[role="menuitem"][href]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('href') ?? ''));
  return hrefs;
}

/** Every href the navbar offers on this page: its links, and the entries of its menus opened one by one. */
async function navbarLinks(page: Page, who: Who, isPhone: boolean, shot?: string): Promise<string[]> {
  const hrefs = await header(page)
    .locator('a[href]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('href') ?? ''));
  const triggers =
    who === 'visitor'
      ? isPhone
        ? [menuButtons(page)]
        : []
      : [header(page).getByRole('button', { name: 'Account menu' })];
  for (const trigger of triggers) {
    await trigger.click();
    hrefs.push(...(await openMenuLinks(page)));
    if (shot) await screenshot(page, shot);
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
  }
  return hrefs;
}

/**
 * Opens a same-origin href and fails unless it shows a real page: no error status, no not-found
 * page, and the section a #hash names.
 */
async function expectRealPage(page: Page, href: string) {
  const url = new URL(href, server.url);
  const response = await page.goto(`${url.origin}${url.pathname}${url.search}`);
  expect(response?.status(), href).toBeLessThan(400);
  if (url.pathname.startsWith('/api-docs')) {
    await page.locator('.swagger-ui .info .title').waitFor();
    return;
  }
  await waitForApp(page);
  expect(await page.getByRole('heading', { name: NOT_FOUND }).count(), `${href} shows the not-found page`).toBe(0);
  expect(new URL(page.url()).pathname, `${href} ends on /404`).not.toBe('/404');
  if (url.hash) expect(await page.locator(url.hash).count(), `${href} has its section`).toBe(1);
}

const PUBLIC_PAGES = ['/', '/pricing', '/contact', '/pages/about-us'];
const linkPage = () => `/drive/s/${link.hash}`;
const signedInPages = () => ['/account-settings', '/notifications', linkPage(), ...PUBLIC_PAGES];
const DRIVE_PAGES = ['/drive', '/drive/shares', '/drive/recent'];

async function journey(who: Who, viewport: typeof DESKTOP) {
  const isPhone = viewport.width < 768;
  const width = viewport.width;
  const b = await browserFor(who, viewport);
  const { page } = b;
  const offered = new Set<string>();
  const pages = who === 'visitor' ? [...PUBLIC_PAGES, linkPage()] : signedInPages();
  for (const path of pages) {
    await page.goto(server.url + path);
    await waitForApp(page);
    // A page's own module may still be suspending once the network is idle.
    await header(page).waitFor();
    // A visitor on a phone has one menu button; a signed-in user none beside the account menu.
    expect(await menuButtons(page).count(), `menu buttons on ${path}`).toBe(isPhone && who === 'visitor' ? 1 : 0);
    const shotNames: Record<string, string> = { '/account-settings': 'account-settings', [linkPage()]: 'link-page' };
    if (who === 'visitor') shotNames['/'] = 'home';
    const shot = shotNames[path] && `navbar-${who}-${shotNames[path]}-${width}`;
    for (const href of await navbarLinks(page, who, isPhone, shot)) offered.add(href);
  }
  if (who !== 'visitor') {
    for (const [path, inWorkspace] of [...DRIVE_PAGES.map((p) => [p, false] as const), ['/drive', true] as const]) {
      if (inWorkspace)
        await b.context.addCookies([{ name: 'activeWorkspaceId', value: String(workspaceId), url: server.url }]);
      await page.goto(server.url + path);
      await waitForApp(page);
      await header(page).waitFor();
      // The drive's one menu button on a phone opens its drawer; no other sits in the navbar.
      expect(await menuButtons(page).count(), `menu buttons on ${path}`).toBe(isPhone ? 1 : 0);
      const shot = path === '/drive' && !inWorkspace ? `navbar-${who}-drive-${width}` : undefined;
      for (const href of await navbarLinks(page, who, isPhone, shot)) offered.add(href);
      if (isPhone) {
        await menuButtons(page).click();
        const drawer = page.getByRole('dialog', { name: 'Drive' });
        await drawer.waitFor();
        if (!inWorkspace && path === '/drive') await screenshot(page, `navbar-${who}-drawer-${width}`);
        const drawerLinks = await drawer
          .locator('a[href]')
          .evaluateAll((els) => els.map((el) => el.getAttribute('href') ?? ''));
        for (const href of drawerLinks) offered.add(href);
        await page.keyboard.press('Escape');
        await drawer.waitFor({ state: 'detached' });
      }
    }
    await b.context.clearCookies({ name: 'activeWorkspaceId' });
  }
  const inApp = [...offered].filter((href) => href.startsWith('/'));
  expect(inApp.length).toBeGreaterThan(3);
  for (const href of inApp) await expectRealPage(page, href);
  expect(unexpectedConsoleErrors(b.consoleErrors)).toEqual([]);
  return inApp;
}

describe('the navbar menus', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    it(`lead a visitor only to real pages at ${viewport.width} px`, async () => {
      const offered = await journey('visitor', viewport);
      expect(offered).toEqual(expect.arrayContaining(['/pricing', '/contact', '/login', '/register']));
    }, 180_000);

    it(`lead a signed-in user only to real pages, with one menu on a phone, at ${viewport.width} px`, async () => {
      const offered = await journey('user', viewport);
      // The navbar's Upgrade (billing on) is there on a phone too, inside the account menu.
      expect(offered).toEqual(expect.arrayContaining(['/drive', '/account-settings', '/pricing', '/contact']));
    }, 240_000);

    it(`lead an admin only to real pages, the admin area among them, at ${viewport.width} px`, async () => {
      const offered = await journey('admin', viewport);
      expect(offered).toContain('/admin');
    }, 240_000);
  }

  it('open from the keyboard before their code has loaded, and give focus back on close', async () => {
    const cases: [Who, typeof DESKTOP, string][] = [
      ['visitor', MOBILE, 'Open menu'],
      ['user', DESKTOP, 'Account menu'],
    ];
    for (const [who, viewport, name] of cases) {
      const { page } = await browserFor(who, viewport);
      await page.goto(`${server.url}/pricing`);
      await waitForApp(page);
      const trigger = header(page).getByRole('button', { name });
      // The stand-in before the first press: a plain button that says it opens a menu.
      expect(await trigger.getAttribute('aria-haspopup'), who).toBe('menu');
      await trigger.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('menu').waitFor();
      expect(await page.evaluate(() => !!document.activeElement?.closest('[role="menu"]')), who).toBe(true);
      await page.keyboard.press('Escape');
      await page.getByRole('menu').waitFor({ state: 'detached' });
      // Focus is back on the (now real) trigger, which opens the menu again by mouse.
      expect(await trigger.evaluate((el) => el === document.activeElement), who).toBe(true);
      await trigger.click();
      await page.getByRole('menu').waitFor();
      await page.keyboard.press('Escape');
    }
  });

  it("hold the drive navbar's Upgrade in a phone's account menu only while billing is on", async () => {
    const { page } = await browserFor('user', MOBILE);
    const upgradeOffered = async () => {
      await page.goto(`${server.url}/drive`);
      await waitForApp(page);
      await header(page).getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'Account settings' }).waitFor();
      const count = await page.getByRole('menuitem', { name: 'Upgrade' }).count();
      await page.keyboard.press('Escape');
      return count;
    };
    expect(await upgradeOffered()).toBe(1);
    await setSettings(server, { 'billing.enable': false });
    try {
      expect(await upgradeOffered()).toBe(0);
    } finally {
      await setSettings(server, { 'billing.enable': true });
    }
  });
});
