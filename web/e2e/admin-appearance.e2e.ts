import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Frame, Page } from 'playwright-core';
import { expectToast, registerViaApi, uniqueEmail } from './account-steps.ts';
import { grant } from './admin-steps.ts';
import { makePng } from './drive-steps.ts';
import {
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

// The appearance editor (spec part 2, 2): an admin renames the site and sees the framed site follow
// before saving, saves it for everyone, rewrites the landing page's hero and a feature, previews custom
// CSS, cannot log out inside the frame, and is asked before leaving unsaved changes. Staff without
// appearance.update are refused.

let server: RunningServer;
const browsers: Browser[] = [];
const PASSWORD = 'appearance-pass-7';
let staffEmail: string;
let visitorEmail: string;

beforeAll(async () => {
  server = await startServer();
  staffEmail = uniqueEmail('no-appearance');
  visitorEmail = uniqueEmail('appearance-visitor');
  await registerViaApi(server, staffEmail, PASSWORD);
  await registerViaApi(server, visitorEmail, PASSWORD);
  grant(server, staffEmail, ['admin.access']);
});
afterAll(async () => {
  await server?.stop();
});
afterEach(async () => {
  for (const browser of browsers.splice(0)) await browser.close();
});

async function open(viewport = DESKTOP, email?: string) {
  const browser = await openBrowser(viewport);
  browsers.push(browser);
  if (email) await signInAs(server, browser.context, email, PASSWORD);
  else await signInAs(server, browser.context);
  return browser;
}

/** The framed site, once it has loaded the given path. */
async function previewFrame(page: Page, pathname: string): Promise<Frame> {
  await page.waitForFunction(
    (p) => {
      const frame = document.querySelector<HTMLIFrameElement>('[data-testid="appearance-preview"]');
      return frame?.contentWindow?.location.pathname === p && frame.contentDocument?.readyState === 'complete';
    },
    pathname,
    { timeout: 15_000 },
  );
  const handle = await page.getByTestId('appearance-preview').elementHandle();
  const frame = await handle!.contentFrame();
  await frame!.waitForFunction(() => (document.getElementById('root')?.children.length ?? 0) > 0);
  return frame!;
}

async function choosePreviewPage(page: Page, name: string) {
  await page.getByRole('button', { name: /Preview page/ }).click();
  await page.getByRole('option', { name, exact: true }).click();
}

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Appearance editor' });
const save = (page: Page) => sidebar(page).getByRole('button', { name: 'Save', exact: true });

async function a11y(page: Page) {
  await page.mouse.move(0, 0);
  expect(await seriousA11yViolations(page)).toEqual([]);
}

describe('admin appearance editor', () => {
  it('previews and saves the site name, landing texts and custom CSS; refuses logout in the frame', {
    timeout: 300_000,
  }, async () => {
    const name = `Vault ${Date.now() % 100_000}`;
    const { page, consoleErrors } = await open();
    await page.goto(`${server.url}/admin/appearance`);
    await waitForApp(page);
    await page.getByRole('heading', { name: 'Appearance', level: 1 }).waitFor();
    const sections = sidebar(page).getByRole('navigation', { name: 'Sections' });
    expect(await sections.getByRole('link').allInnerTexts()).toEqual([
      expect.stringContaining('General'),
      expect.stringContaining('Themes'),
      expect.stringContaining('Menus'),
      expect.stringContaining('Custom code'),
      expect.stringContaining('SEO settings'),
      expect.stringContaining('Landing page'),
    ]);
    await previewFrame(page, '/');
    expect(await save(page).isDisabled()).toBe(true);
    await a11y(page);
    await screenshot(page, 'admin-appearance-sections-1280');

    // General: the name previews in the frame (navbar and title) before it is saved.
    await sections.getByRole('link', { name: /General/ }).click();
    await page.waitForURL(`${server.url}/admin/appearance/general`);
    await choosePreviewPage(page, 'Drive');
    let frame = await previewFrame(page, '/drive');
    await page.getByRole('textbox', { name: 'Site name' }).fill(name);
    await frame.getByRole('banner').getByText(name).first().waitFor();
    await frame.waitForFunction((n) => document.title.endsWith(n), name);
    expect(await save(page).isEnabled()).toBe(true);

    // The logo of light themes: uploaded, shown as a thumbnail and in the frame's navbar, then removed.
    const logo = page.getByRole('group', { name: 'Dark logo', exact: true });
    await logo
      .locator('input[type="file"]')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: makePng(240, 60, [26, 115, 232]) });
    const thumbnail = logo.getByRole('img', { name: 'Current image' });
    await thumbnail.waitFor();
    const logoUrl = (await thumbnail.getAttribute('src'))!;
    expect(logoUrl).toMatch(/^\//);
    await frame.locator(`img[src="${logoUrl}"]`).first().waitFor();
    await a11y(page);
    await screenshot(page, 'admin-appearance-general-1280');
    await logo.getByRole('button', { name: 'Remove' }).click();
    await logo.getByRole('img', { name: 'No image' }).waitFor();

    // Leaving with unsaved changes asks first.
    await sidebar(page).getByRole('link', { name: 'Close' }).click();
    const leave = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await leave.waitFor();
    await leave.getByRole('button', { name: 'Stay' }).click();
    expect(new URL(page.url()).pathname).toBe('/admin/appearance/general');

    await save(page).click();
    await expectToast(page, 'Changes saved');
    expect(await save(page).isDisabled()).toBe(true);
    // The editor's own data follows: its title names the site now.
    await page.waitForFunction((n) => document.title.endsWith(n), name);

    // Another user, fresh, sees the new name.
    const other = await open(DESKTOP, visitorEmail);
    await other.page.goto(`${server.url}/drive`);
    await waitForApp(other.page);
    await other.page.waitForFunction((n) => document.title.endsWith(n), name);
    await other.page.getByRole('banner').getByText(name).first().waitFor();

    // Logout is refused inside the frame.
    await frame.getByRole('button', { name: 'Account menu' }).click();
    await frame.getByRole('menuitem', { name: 'Log out' }).click();
    await frame.getByText("Can't logout while in appearance editor.").waitFor();

    // Landing page: the hero title and a primary feature, previewed on the landing page, then saved.
    await page.getByRole('link', { name: 'Appearance', exact: true }).click();
    await sections.getByRole('link', { name: /Landing page/ }).click();
    await page.waitForURL(`${server.url}/admin/appearance/landing-page`);
    await page.getByRole('link', { name: /^General Hero/ }).click();
    await page.waitForURL(`${server.url}/admin/appearance/landing-page/general`);
    frame = await previewFrame(page, '/');
    const hero = page.getByRole('region', { name: 'Hero' });
    await hero.getByRole('textbox', { name: 'Title', exact: true }).fill('Files that stay yours');
    await frame.getByRole('heading', { name: 'Files that stay yours', level: 1 }).waitFor();
    // Overlay colours paint the hero band as a gradient, live.
    await hero.getByRole('textbox', { name: 'Overlay colour', exact: true }).fill('#e8f0fe');
    await hero.getByRole('textbox', { name: 'Second overlay colour', exact: true }).fill('#ffffff');
    const heroBand = frame.locator('[data-landing-section="hero"]');
    await expect
      .poll(() => heroBand.evaluate((el) => getComputedStyle(el).backgroundImage))
      .toBe('linear-gradient(135deg, rgb(232, 240, 254), rgb(255, 255, 255))');
    await save(page).click();
    await expectToast(page, 'Changes saved');

    // The phone width.
    await page
      .getByRole('radio', { name: 'Phone' })
      .or(page.getByRole('button', { name: 'Phone' }))
      .click();
    await page.waitForFunction(
      () => document.querySelector<HTMLIFrameElement>('[data-testid="appearance-preview"]')?.offsetWidth === 375,
    );
    await screenshot(page, 'admin-appearance-phone-preview-1280');
    await page
      .getByRole('radio', { name: 'Desktop' })
      .or(page.getByRole('button', { name: 'Desktop' }))
      .click();

    // A refused value shows on its field.
    await page.getByRole('link', { name: 'Landing page', exact: true }).click();
    await page.getByRole('link', { name: /Action buttons/ }).click();
    const heroButton = page.getByRole('region', { name: 'Hero button', exact: true });
    await heroButton.getByRole('textbox', { name: 'Link' }).fill('javascript:alert(1)');
    await save(page).click();
    await heroButton.getByText('Give a path starting with / or an http(s) address.', { exact: true }).waitFor();
    await sidebar(page).getByRole('button', { name: 'Discard' }).click();
    expect(await heroButton.getByRole('textbox', { name: 'Link' }).inputValue()).toBe('/register');

    await page.getByRole('link', { name: 'Landing page', exact: true }).click();
    await page.getByRole('link', { name: /Primary features/ }).click();
    await page.waitForURL(`${server.url}/admin/appearance/landing-page/primary-features`);
    const first = page.getByRole('region', { name: 'Feature 1' });
    await first.getByRole('textbox', { name: 'Title', exact: true }).fill('Private by default');
    frame = await previewFrame(page, '/');
    await frame.getByText('Private by default').first().waitFor();
    await a11y(page);
    await screenshot(page, 'admin-appearance-features-1280');
    await save(page).click();
    await expectToast(page, 'Changes saved');

    const visitor = await openBrowser(DESKTOP);
    browsers.push(visitor);
    await visitor.page.goto(`${server.url}/`);
    await waitForApp(visitor.page);
    await visitor.page.getByRole('heading', { name: 'Files that stay yours', level: 1 }).waitFor();
    await visitor.page.getByText('Private by default').first().waitFor();

    // Custom CSS previews as it is typed; Discard drops it.
    await page.getByRole('link', { name: 'Landing page', exact: true }).click();
    await page.getByRole('link', { name: 'Appearance', exact: true }).click();
    await sections.getByRole('link', { name: /Custom code/ }).click();
    await page.waitForURL(`${server.url}/admin/appearance/custom-code`);
    const css = page.getByRole('textbox', { name: 'Custom CSS' });
    await css.click();
    await page.keyboard.type('h1 { letter-spacing: 7px; }');
    frame = await previewFrame(page, '/');
    await frame.waitForFunction(() => getComputedStyle(document.querySelector('h1')!).letterSpacing === '7px');
    await page.getByText('Custom code is never served on sign-in').waitFor();
    await a11y(page);
    await screenshot(page, 'admin-appearance-code-1280');
    await sidebar(page).getByRole('button', { name: 'Discard' }).click();
    frame = await previewFrame(page, '/');
    await frame.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await frame.evaluate(() => getComputedStyle(document.querySelector('h1')!).letterSpacing)).not.toBe('7px');

    // Saved, it reaches a fresh page as a <style> with the page's nonce; a <style> without it is refused.
    await css.click();
    await page.keyboard.type('h1 { letter-spacing: 3px; }');
    await save(page).click();
    await expectToast(page, 'Changes saved');
    await visitor.page.reload();
    await waitForApp(visitor.page);
    const h1 = visitor.page.getByRole('heading', { level: 1 }).first();
    await h1.waitFor();
    expect(await h1.evaluate((el) => getComputedStyle(el).letterSpacing)).toBe('3px');
    const refused = await visitor.page.evaluate(() => {
      const style = document.createElement('style');
      style.textContent = 'h1 { letter-spacing: 9px; }';
      document.head.append(style);
      return getComputedStyle(document.querySelector('h1')!).letterSpacing;
    });
    expect(refused).toBe('3px');

    // SEO settings list the variables each page takes.
    await page.getByRole('link', { name: 'Appearance', exact: true }).click();
    await sections.getByRole('link', { name: /SEO settings/ }).click();
    await page
      .getByRole('region', { name: 'Shareable link page' })
      .getByText('Variables you can use: :entryName, :siteName')
      .waitFor();
    await a11y(page);

    // The picker's other pages: the login page shows although the admin is signed in; a link page.
    await choosePreviewPage(page, 'Login');
    frame = await previewFrame(page, '/login');
    await frame.getByRole('textbox', { name: 'Email' }).waitFor();
    await choosePreviewPage(page, 'Shared link page');
    await page.waitForFunction(() =>
      document
        .querySelector<HTMLIFrameElement>('[data-testid="appearance-preview"]')
        ?.contentWindow?.location.pathname.startsWith('/drive/s/'),
    );

    // Themes and menus open in the same editor.
    await page.getByRole('link', { name: 'Appearance', exact: true }).click();
    await sections.getByRole('link', { name: /Themes/ }).click();
    await page.locator('#themes-heading').waitFor();
    await page.getByRole('link', { name: 'Appearance', exact: true }).click();
    await sections.getByRole('link', { name: /Menus/ }).click();
    await page.locator('#menus-heading').waitFor();

    expect(unexpectedConsoleErrors(consoleErrors)).toEqual([]);
  });

  it('fits a phone', { timeout: 120_000 }, async () => {
    const { page } = await open(MOBILE);
    await page.goto(`${server.url}/admin/appearance/general`);
    await waitForApp(page);
    await page.getByRole('textbox', { name: 'Site name' }).waitFor();
    await previewFrame(page, '/');
    await a11y(page);
    await screenshot(page, 'admin-appearance-general-375');
  });

  it('reads well in the dark theme', { timeout: 120_000 }, async () => {
    const browser = await openBrowser(DESKTOP);
    browsers.push(browser);
    await browser.context.addCookies([{ name: 'be-active-theme', value: 'dark', url: server.url }]);
    await signInAs(server, browser.context);
    const { page } = browser;
    await page.goto(`${server.url}/admin/appearance/custom-code`);
    await waitForApp(page);
    await page.getByRole('textbox', { name: 'Custom CSS' }).click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('.hero { color: red; } /* note */');
    const frame = await previewFrame(page, '/');
    // The pale overlay saved for light themes stays off the dark hero, whose text is light.
    const heroBand = frame.locator('[data-landing-section="hero"]');
    await heroBand.getByRole('heading', { level: 1 }).waitFor();
    expect(await heroBand.evaluate((el) => getComputedStyle(el).backgroundImage)).not.toContain('232, 240, 254');
    await a11y(page);
    await screenshot(page, 'admin-appearance-code-dark-1280');
  });

  it('refuses staff without appearance.update', { timeout: 120_000 }, async () => {
    const { page } = await open(DESKTOP, staffEmail);
    await page.goto(`${server.url}/admin/appearance`);
    await waitForApp(page);
    await page.waitForURL((url) => !url.pathname.startsWith('/admin/appearance'));
    expect(await page.getByRole('heading', { name: 'Appearance', level: 1 }).count()).toBe(0);
    const staff = await apiClient(server, staffEmail, PASSWORD);
    const answer = await staff.call('PUT', 'api/v1/admin/appearance/settings', {
      settings: { 'branding.site_name': 'Taken over' },
    });
    expect(answer.status).toBe(403);
  });
});
