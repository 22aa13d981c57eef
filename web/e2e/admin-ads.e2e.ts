import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Cookie, Page } from 'playwright-core';
import { expectToast, registerViaApi, uniqueEmail } from './account-steps.ts';
import { ok } from './admin-steps.ts';
import { driveApi, startDriveServer } from './drive-steps.ts';
import {
  adminClient,
  ADMIN,
  cookieValue,
  DESKTOP,
  MOBILE,
  openBrowser,
  screenshot,
  seriousA11yViolations,
  setSettings,
  signInAs,
  unexpectedConsoleErrors,
  waitForApp,
  type Browser,
  type RunningServer,
} from './harness.ts';

// Ads in the admin area at 1280 and 375 px: the landing slot's code typed with its preview following,
// ads turned on and saved; a visitor sees the ad at the top of the landing page, run in a sandboxed
// frame that cannot read the page or its cookies; the admin (staff) sees none; axe on each.

const SNIPPET =
  "<p id=\"ad\">Ad text</p><script>document.getElementById('ad').textContent += ' ran'; " +
  "try { document.cookie; parent.document.title } catch (e) { document.body.append(' sandboxed') }</script>";

let server: RunningServer;
let adminCookies: Cookie[] | undefined;
const browsers: Browser[] = [];

beforeAll(async () => {
  server = await startDriveServer();
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

async function browserAt(viewport: typeof DESKTOP) {
  const b = await openBrowser(viewport);
  browsers.push(b);
  // The cookie notice chosen, so it covers nothing.
  await b.context.addCookies([{ name: 'cookie_notice', value: 'true', url: server.url }]);
  return b;
}

async function adminPage(viewport = DESKTOP) {
  const b = await browserAt(viewport);
  // One sign-in for the file: its cookies open every later page (sign-ins are limited per address).
  if (adminCookies) await b.context.addCookies(adminCookies);
  else {
    await signInAs(server, b.context, ADMIN.email, ADMIN.password);
    adminCookies = (await b.context.cookies(server.url)).filter((c) => c.name !== 'cookie_notice');
  }
  return b.page;
}

async function go(page: Page, to: string) {
  await page.goto(server.url + to);
  await waitForApp(page);
}

async function expectAccessible(page: Page) {
  expect(await seriousA11yViolations(page)).toEqual([]);
}

const slotCard = (page: Page, name: string) => page.getByRole('region', { name });
const saveBar = (page: Page) => page.getByRole('region', { name: 'Unsaved changes' });
const previewText = (page: Page) =>
  page.frameLocator('iframe[data-ad-preview="landing_top"]').locator('body').textContent({ timeout: 5000 });
const adFrameText = (page: Page) =>
  page.frameLocator('iframe[data-ad-slot="landing_top"]').locator('body').textContent({ timeout: 5000 });

async function goHome(page: Page) {
  await go(page, '/');
  await page.getByRole('heading', { level: 1 }).first().waitFor();
}

describe('admin ads', () => {
  it('saves the landing slot with a live preview; a visitor sees the sandboxed ad, staff see none', async () => {
    const page = await adminPage();
    await go(page, '/admin');
    await page.getByRole('navigation', { name: 'Admin area' }).getByRole('link', { name: 'Ads' }).click();
    await page.waitForURL(`${server.url}/admin/ads`);
    await page.getByRole('heading', { name: 'Ads', exact: true, level: 1 }).waitFor();
    const off = page.getByRole('switch', { name: 'Disable all ads' });
    expect(await off.isChecked()).toBe(true);
    for (const name of ['Top of the landing page', 'Drive page', 'Shared file preview page'])
      await slotCard(page, name).getByRole('textbox', { name: 'Ad code' }).waitFor();
    await screenshot(page, 'admin-ads-1280');
    await expectAccessible(page);

    // The preview follows the code while it is typed, before anything is saved.
    const code = slotCard(page, 'Top of the landing page').getByRole('textbox', { name: 'Ad code' });
    await code.fill('<p>First draft</p>');
    await expect.poll(() => previewText(page), { timeout: 10_000 }).toContain('First draft');
    await code.press('End');
    await code.pressSequentially('<p>Second line</p>', { delay: 10 });
    await expect.poll(() => previewText(page), { timeout: 10_000 }).toContain('Second line');
    expect(await previewText(page)).toContain('First draft');
    await code.fill(SNIPPET);
    // The preview runs the code as the slot will: its script ran, and could reach nothing of this page.
    await expect.poll(() => previewText(page), { timeout: 10_000 }).toContain('Ad text ran');
    expect(await previewText(page)).toContain('sandboxed');

    await off.focus();
    await page.keyboard.press('Space');
    expect(await off.isChecked()).toBe(false);
    await saveBar(page).getByText('You have unsaved changes').waitFor();
    await screenshot(page, 'admin-ads-dirty-1280');
    await expectAccessible(page);
    await saveBar(page).getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, 'Settings saved');
    await saveBar(page).waitFor({ state: 'detached' });
    const admin = await adminClient(server);
    const saved = await ok<{ settings: Record<string, unknown> }>(admin.call('GET', 'api/v1/settings'));
    expect(saved.settings['ads.disable']).toBe(false);
    expect(saved.settings['ads.slots']).toEqual({ landing_top: SNIPPET, drive: '', link_page: '' });

    // Staff see the site without ads.
    await goHome(page);
    expect(await page.locator('iframe[data-ad-slot]').count()).toBe(0);

    for (const [viewport, width] of [
      [DESKTOP, 1280],
      [MOBILE, 375],
    ] as const) {
      const visitor = (await browserAt(viewport)).page;
      await goHome(visitor);
      const frame = visitor.locator('iframe[data-ad-slot="landing_top"]');
      await frame.waitFor();
      expect(await frame.getAttribute('sandbox')).toBe('allow-scripts allow-popups allow-popups-to-escape-sandbox');
      expect(await frame.getAttribute('title')).toBe('Advertisement');
      await expect.poll(() => adFrameText(visitor), { timeout: 10_000 }).toContain('Ad text ran');
      expect(await adFrameText(visitor)).toContain('sandboxed');
      // The ad sits above the hero.
      const adBox = await frame.boundingBox();
      const heroBox = await visitor.getByRole('heading', { level: 1 }).first().boundingBox();
      expect(adBox && heroBox && adBox.y < heroBox.y).toBe(true);
      await screenshot(visitor, `landing-ad-${width}`);
      await expectAccessible(visitor);
    }
  });

  it("shows a visitor of a shareable link the link page's ad under its header", async () => {
    const owner = await browserAt(DESKTOP);
    await owner.context.addCookies(adminCookies ?? []);
    const api = driveApi(server, owner.context);
    const file = await api.upload('price list.txt', 'Prices\n', 'text/plain');
    const response = await owner.context.request.post(`${server.url}/api/v1/file-entries/${file.id}/shareable-link`, {
      data: {},
      headers: {
        accept: 'application/json',
        'x-xsrf-token': cookieValue(await owner.context.cookies(server.url), 'XSRF-TOKEN') ?? '',
      },
    });
    expect(response.ok()).toBe(true);
    const link = (await response.json()).link as { url: string };
    const code = '<p id="l">Link ad</p><script>document.getElementById("l").textContent += " ran"</script>';
    await setSettings(server, { 'ads.disable': false, 'ads.slots': { landing_top: '', drive: '', link_page: code } });

    const visitor = (await browserAt(DESKTOP)).page;
    await go(visitor, link.url);
    await visitor.getByText('price list.txt').first().waitFor();
    const frame = visitor.locator('iframe[data-ad-slot="link_page"]');
    await frame.waitFor();
    const text = () =>
      visitor.frameLocator('iframe[data-ad-slot="link_page"]').locator('body').textContent({ timeout: 5000 });
    await expect.poll(text, { timeout: 10_000 }).toContain('Link ad ran');
    await screenshot(visitor, 'link-page-ad-1280');
    await expectAccessible(visitor);
    // The landing slot, emptied, shows nothing.
    await goHome(visitor);
    expect(await visitor.locator('iframe[data-ad-slot]').count()).toBe(0);
  });

  it("shows a signed-in user the drive page's ad, and staff none", async () => {
    const code = '<p id="d">Drive ad</p><script>document.getElementById("d").textContent += " ran"</script>';
    await setSettings(server, { 'ads.disable': false, 'ads.slots': { landing_top: '', drive: code, link_page: '' } });
    const email = uniqueEmail('adreader');
    await registerViaApi(server, email, 'ads-reader-42');
    const reader = await browserAt(DESKTOP);
    await signInAs(server, reader.context, email, 'ads-reader-42');
    await go(reader.page, '/drive');
    const frame = reader.page.locator('iframe[data-ad-slot="drive"]');
    await frame.waitFor();
    expect(await frame.getAttribute('sandbox')).not.toContain('allow-same-origin');
    const text = () =>
      reader.page.frameLocator('iframe[data-ad-slot="drive"]').locator('body').textContent({ timeout: 5000 });
    await expect.poll(text, { timeout: 10_000 }).toContain('Drive ad ran');
    await reader.page.mouse.move(0, 0);
    await screenshot(reader.page, 'drive-ad-1280');
    await expectAccessible(reader.page);
    // Staff see no ads on their drive.
    const staff = await adminPage();
    await go(staff, '/drive');
    await staff.getByRole('button', { name: 'New', exact: true }).first().waitFor();
    expect(await staff.locator('iframe[data-ad-slot]').count()).toBe(0);
    await setSettings(server, { 'ads.slots': { landing_top: '', drive: '', link_page: '' } });
  });

  it('fits a phone', async () => {
    const page = await adminPage(MOBILE);
    await go(page, '/admin/ads');
    await slotCard(page, 'Drive page').getByRole('textbox', { name: 'Ad code' }).waitFor();
    await slotCard(page, 'Top of the landing page').scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-ads-375');
    await expectAccessible(page);
  });
});
