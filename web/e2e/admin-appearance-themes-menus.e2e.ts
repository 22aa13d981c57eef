import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Frame, Locator, Page } from 'playwright-core';
import { expectToast, registerViaApi, uniqueEmail } from './account-steps.ts';
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

// The appearance editor's Themes and Menus sections: a colour and the font preview live in the frame
// before saving and reach everyone after; themes are created and deleted (never the last dark one);
// a drive sidebar item that needs admin.access is added, moved by keyboard and shown only to staff.

let server: RunningServer;
const browsers: Browser[] = [];
const PASSWORD = 'themes-menus-7';
let userEmail: string;

beforeAll(async () => {
  server = await startServer();
  userEmail = uniqueEmail('plain');
  await registerViaApi(server, userEmail, PASSWORD);
});
afterAll(async () => {
  await server?.stop();
});
afterEach(async () => {
  for (const b of browsers.splice(0)) await b.close();
});

async function open(path: string, viewport = DESKTOP, email?: string): Promise<Browser> {
  const browser = await openBrowser(viewport);
  browsers.push(browser);
  if (email) await signInAs(server, browser.context, email, PASSWORD);
  else await signInAs(server, browser.context);
  await browser.page.goto(`${server.url}${path}`);
  await waitForApp(browser.page);
  return browser;
}

/** The editor's preview frame once it shows the drive. */
async function driveFrame(page: Page): Promise<Frame> {
  await expect
    .poll(() => page.frames().some((f) => new URL(f.url(), server.url).pathname.startsWith('/drive')))
    .toBe(true);
  const frame = page.frames().find((f) => new URL(f.url(), server.url).pathname.startsWith('/drive'))!;
  await frame.waitForFunction(() => !!document.querySelector('[data-menu-position], nav'));
  return frame;
}

const rootVar = (frame: Frame | Page, name: string) =>
  frame.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name);

const labelOf = (box: Locator) => box.locator('xpath=ancestor::label[1]');

async function expectNoSeriousViolations(page: Page) {
  await page.mouse.move(0, 0);
  expect(await seriousA11yViolations(page)).toEqual([]);
}

describe('appearance editor: themes', () => {
  it('previews a colour and the font live, saves them, and another user sees the new colour', async () => {
    const { page, consoleErrors } = await open('/admin/appearance/themes');
    await page.getByRole('heading', { name: 'Themes' }).waitFor();
    await expect.poll(() => page.getByText('Default light').count()).toBeGreaterThan(0);
    await screenshot(page, 'admin-appearance-themes-list-1280');
    await page.getByRole('link', { name: /^Light\b/ }).click();
    await page.getByRole('textbox', { name: 'Name' }).waitFor();
    const frame = await driveFrame(page);
    await expect.poll(() => rootVar(frame, '--kosh-primary')).toBe('#1a73e8');

    const primary = page.getByRole('textbox', { name: 'Primary buttons, links, focus and progress', exact: true });
    await primary.fill('#b00020');
    await expect.poll(() => rootVar(frame, '--kosh-primary')).toBe('#b00020');
    // A pale text colour warns about its contrast, in words, not by colour alone.
    const text = page.getByRole('textbox', { name: 'Text', exact: true });
    await text.fill('#dddddd');
    await page
      .getByText(/Low contrast with Page background/)
      .first()
      .waitFor();
    await text.fill('#1f2328');
    await expect.poll(() => page.getByText(/Low contrast with Page background/).count()).toBe(0);
    await screenshot(page, 'admin-appearance-theme-1280');
    await expectNoSeriousViolations(page);

    await page.getByRole('link', { name: /^Font/ }).click();
    await page.getByRole('radiogroup', { name: 'Font' }).waitFor();
    await labelOf(page.getByRole('radio', { name: /^Lora/ })).click();
    await expect.poll(() => frame.evaluate(() => getComputedStyle(document.body).fontFamily)).toContain('Lora');
    // The face comes from Kosh itself (no CDN) and has loaded in the frame.
    const loraLoaded = () =>
      frame.evaluate(() => [...document.fonts].some((f) => f.family.includes('Lora') && f.status === 'loaded'));
    await expect.poll(loraLoaded).toBe(true);
    await screenshot(page, 'admin-appearance-theme-font-1280');
    await expectNoSeriousViolations(page);

    await page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link').click();
    await page.getByRole('link', { name: /^Rounding/ }).click();
    await page.getByRole('radiogroup', { name: 'Buttons, inputs and cards' }).waitFor();
    await labelOf(
      page
        .getByRole('radiogroup', { name: 'Buttons, inputs and cards' })
        .getByRole('radio', { name: 'Large', exact: true }),
    ).click();
    await expect.poll(() => rootVar(frame, '--kosh-radius')).toBe('12px');

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Theme saved');
    expect(unexpectedConsoleErrors(consoleErrors)).toEqual([]);

    const other = await open('/drive', DESKTOP, userEmail);
    await expect.poll(() => rootVar(other.page, '--kosh-primary')).toBe('#b00020');
    expect(await other.page.evaluate(() => getComputedStyle(document.body).fontFamily)).toContain('Lora');
  });

  it('creates a theme and deletes it, and refuses to delete the last dark theme', async () => {
    const { page } = await open('/admin/appearance/themes');
    await page.getByRole('button', { name: 'New theme' }).click();
    await page.waitForURL(/\/admin\/appearance\/themes\/\d+$/);
    await expect.poll(() => page.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('New theme');
    // Ticking Dark theme previews the theme as a dark one before it is saved.
    const frame = await driveFrame(page);
    const isDark = () => frame.evaluate(() => document.documentElement.classList.contains('dark'));
    await expect.poll(isDark).toBe(false);
    const dark = labelOf(page.getByRole('checkbox', { name: 'Dark theme' }));
    await dark.click();
    await expect.poll(isDark).toBe(true);
    await dark.click();
    await expect.poll(isDark).toBe(false);
    await page.goto(`${server.url}/admin/appearance/themes`);
    await page.getByRole('link', { name: /^New theme/ }).waitFor();

    await page.getByRole('button', { name: 'Delete New theme' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete theme?' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Theme deleted');
    await expect.poll(() => page.getByRole('link', { name: /^New theme/ }).count()).toBe(0);

    await page.getByRole('button', { name: 'Delete Dark' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('alert').waitFor();
    await screenshot(page, 'admin-appearance-theme-delete-refused-1280');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('link', { name: /^Dark/ }).waitFor();
  });
});

describe('appearance editor: menus', () => {
  const sidebarLink = (page: Page | Frame, name: string) =>
    page.locator('[data-menu-position="drive-sidebar"]').getByRole('link', { name });

  it('adds an item for admins, moves it by keyboard, and shows it only to users with the permission', async () => {
    const { page, consoleErrors } = await open('/admin/appearance/menus');
    await page.getByRole('link', { name: /^Drive sidebar/ }).click();
    await page.getByRole('textbox', { name: 'Menu name' }).waitFor();
    const items = page.getByRole('grid', { name: 'Menu items' });
    await items.getByRole('row', { name: /Payment history/ }).waitFor();
    const menuPath = new URL(page.url()).pathname;

    await page.getByRole('button', { name: 'Add item' }).click();
    const label = page.getByRole('textbox', { name: 'Label' });
    await label.fill('Staff area');
    await page.getByRole('button', { name: /\sPage$/ }).click();
    await page.getByRole('option', { name: '/admin', exact: true }).click();
    await labelOf(page.getByRole('radio', { name: 'shield' })).click();
    // The long list of permissions narrows as one is searched for.
    const permissions = page.getByRole('group', { name: 'Only show if user has permissions' });
    const everyPermission = await permissions.getByRole('checkbox').count();
    await page.getByRole('searchbox', { name: 'Find a permission' }).fill('admin.acc');
    await expect.poll(() => permissions.getByRole('checkbox').count()).toBe(1);
    expect(everyPermission).toBeGreaterThan(10);
    await labelOf(page.getByRole('checkbox', { name: /admin\.access/ })).click();
    await screenshot(page, 'admin-appearance-menu-item-1280');
    await expectNoSeriousViolations(page);

    // The live preview shows the new item in the frame's drive sidebar before saving.
    const frame = await driveFrame(page);
    await sidebarLink(frame, 'Staff area').waitFor();

    await page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link').click();
    await page.waitForURL((url) => url.pathname === menuPath);
    const order = () => items.getByRole('row').evaluateAll((rows) => rows.map((r) => r.textContent ?? ''));
    await expect
      .poll(async () => (await order()).map((t) => t.split('/')[0]))
      .toEqual(['Payment history', 'Staff area']);
    // Keyboard only: focus the row, Tab through its controls to Move up, press Enter.
    await items.getByRole('row', { name: /Staff area/ }).focus();
    const focusedLabel = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
    for (let i = 0; i < 6 && (await focusedLabel()) !== 'Move Staff area up'; i++) await page.keyboard.press('Tab');
    expect(await focusedLabel()).toBe('Move Staff area up');
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await order()).map((t) => t.split('/')[0]))
      .toEqual(['Staff area', 'Payment history']);
    await screenshot(page, 'admin-appearance-menu-1280');
    await expectNoSeriousViolations(page);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Menu saved');
    expect(unexpectedConsoleErrors(consoleErrors)).toEqual([]);

    const admin = await open('/drive');
    const link = sidebarLink(admin.page, 'Staff area');
    await link.waitFor();
    expect(await link.locator('svg').count()).toBe(1);
    await screenshot(admin.page, 'admin-appearance-menu-drive-admin-1280');

    const plain = await open('/drive', DESKTOP, userEmail);
    await plain.page.getByRole('navigation', { name: 'Drive' }).waitFor();
    expect(await sidebarLink(plain.page, 'Staff area').count()).toBe(0);
  });

  it('fits a phone: the menu editor and the item editor at 375 px', async () => {
    const { page } = await open('/admin/appearance/menus', MOBILE);
    await page.getByRole('link', { name: /^Drive sidebar/ }).click();
    await page
      .getByRole('grid', { name: 'Menu items' })
      .getByRole('row', { name: /Staff area/ })
      .waitFor();
    await screenshot(page, 'admin-appearance-menu-375');
    await page
      .getByRole('grid', { name: 'Menu items' })
      .getByRole('link', { name: /^Staff area/ })
      .click();
    await page.getByRole('textbox', { name: 'Label' }).waitFor();
    await screenshot(page, 'admin-appearance-menu-item-375');
    await expectNoSeriousViolations(page);
    await page.goto(`${server.url}/admin/appearance/themes/0`);
    await page.getByRole('textbox', { name: 'Name' }).waitFor();
    await screenshot(page, 'admin-appearance-theme-375');
  });
});
