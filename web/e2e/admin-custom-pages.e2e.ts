import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectToast, registerViaApi, uniqueEmail } from './account-steps.ts';
import { grant, ok } from './admin-steps.ts';
import { makePng } from './drive-steps.ts';
import {
  adminClient,
  DESKTOP,
  MOBILE,
  openBrowser,
  screenshot,
  seriousA11yViolations,
  setSettings,
  signInAs,
  startServer,
  unexpectedConsoleErrors,
  waitForApp,
  type Browser,
  type RunningServer,
} from './harness.ts';

// The admin Pages screen: staff write a page in the editor (a heading, a list, a link and an
// uploaded image), a visitor reads it at /pages/:slug, staff change it as HTML, meet the slug
// rules on the field, and delete it; the page shown as the homepage cannot be deleted.

let server: RunningServer;
const browsers: Browser[] = [];
const PASSWORD = 'admin-pages-7';
let staffEmail: string;

beforeAll(async () => {
  server = await startServer();
  staffEmail = uniqueEmail('pageless');
  await registerViaApi(server, staffEmail, PASSWORD);
  grant(server, staffEmail, ['admin.access']);
});
afterAll(async () => {
  await server?.stop();
});
afterEach(async () => {
  for (const browser of browsers.splice(0)) await browser.close();
});

async function open(viewport = DESKTOP, { signedIn = true, dark = false } = {}) {
  const browser = await openBrowser(viewport);
  browsers.push(browser);
  if (dark) await browser.context.addCookies([{ name: 'be-active-theme', value: 'dark', url: server.url }]);
  if (signedIn) await signInAs(server, browser.context);
  return browser;
}

const table = (page: Page) => page.getByRole('grid', { name: 'Pages' });
const row = (page: Page, title: string) =>
  table(page)
    .locator('tbody [role="row"]')
    .filter({ has: page.getByRole('rowheader', { name: title, exact: true }) });
const content = (page: Page) => page.getByRole('textbox', { name: 'Content' });
const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
const press = (box: ReturnType<Page['locator']>) => box.locator('xpath=ancestor::label[1]').click();

/** A visitor's look at a page in a browser of their own. */
async function visit(slug: string, viewport = DESKTOP) {
  const browser = await open(viewport, { signedIn: false });
  await browser.page.goto(`${server.url}/pages/${slug}`);
  await browser.page.getByTestId('custom-page').waitFor();
  return browser.page;
}

describe('admin custom pages', () => {
  // Long: a page written, read by a visitor twice, edited as HTML, refused slugs, then deleted.
  it('writes a page with a heading, list, link and image, shows it to visitors, edits it as HTML and deletes it', {
    timeout: 300_000,
  }, async () => {
    // A name of its own, so a retry does not meet the first try's page.
    const suffix = String(Date.now() % 100_000);
    const title = `Shipping Policy ${suffix}`;
    const slug = `shipping-policy-${suffix}`;
    const { page, consoleErrors } = await open();
    await page.goto(`${server.url}/admin/custom-pages`);
    await waitForApp(page);
    await page.getByRole('heading', { name: 'Pages', level: 1 }).waitFor();
    await row(page, 'About us').waitFor();
    expect(await row(page, 'About us').textContent()).toContain('/pages/about-us');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'admin-pages-list-1280');

    // Write.
    await page.getByRole('link', { name: 'New page' }).click();
    await page.waitForURL(`${server.url}/admin/custom-pages/new`);
    await page.getByRole('heading', { name: 'New page' }).waitFor();
    await field(page, 'Title').fill(title);
    expect(await field(page, 'Slug').inputValue()).toBe(slug);
    await content(page).click();
    await page.getByRole('button', { name: 'Heading 2' }).click();
    await page.keyboard.type('How we ship');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Bulleted list' }).click();
    await page.keyboard.type('Fast');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Tracked');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Read our terms');
    for (let i = 0; i < 'our terms'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
    await page.getByRole('button', { name: 'Link' }).click();
    const linkDialog = page.getByRole('dialog', { name: 'Add link' });
    await linkDialog.getByRole('textbox', { name: 'Address' }).fill('javascript:alert(1)');
    await linkDialog.getByRole('button', { name: 'Apply' }).click();
    await linkDialog.getByText(/Enter a web address/).waitFor();
    await linkDialog.getByRole('textbox', { name: 'Address' }).fill('/pages/terms-of-service');
    await linkDialog.getByRole('button', { name: 'Apply' }).click();
    await content(page).locator('a[href="/pages/terms-of-service"]').waitFor();
    // The cursor is back in the text, after the link.
    await page.keyboard.type('.');
    await page.keyboard.press('Enter');
    await page
      .getByTestId('page-image-input')
      .setInputFiles({ name: 'blue-box.png', mimeType: 'image/png', buffer: makePng(320, 160, [26, 115, 232]) });
    const image = content(page).locator('img[src^="/api/v1/custom-pages/images/"]');
    await image.waitFor();
    expect(await image.getAttribute('alt')).toBe('blue box');
    await field(page, 'SEO title').fill('Shipping | Kosh');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'admin-pages-editor-1280');
    await page.getByRole('button', { name: 'Create page' }).click();
    await expectToast(page, 'Page created');
    await page.waitForURL(/\/admin\/custom-pages\/\d+\/edit$/);
    await page.getByRole('heading', { name: title }).waitFor();

    // A visitor reads it.
    const visitor = await visit(slug);
    const article = visitor.getByTestId('custom-page');
    await article.getByRole('heading', { name: title, level: 1 }).waitFor();
    await article.getByRole('heading', { name: 'How we ship', level: 2 }).waitFor();
    expect(await article.getByRole('listitem').allTextContents()).toEqual(['Fast', 'Tracked']);
    expect(await article.getByRole('link', { name: 'our terms' }).getAttribute('href')).toBe('/pages/terms-of-service');
    expect(await article.getByText('Read our terms.').count()).toBe(1);
    const shown = article.locator('img');
    await shown.waitFor();
    expect(await shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);
    expect(await visitor.title()).toMatch(/^Shipping \| Kosh/);
    expect(await seriousA11yViolations(visitor)).toEqual([]);
    await screenshot(visitor, 'custom-page-visitor-1280');

    // Edit as HTML.
    await page.getByRole('button', { name: 'Source' }).click();
    const source = page.getByRole('textbox', { name: 'HTML source' });
    const html = await source.inputValue();
    expect(html).toContain('<h2>How we ship</h2>');
    await source.fill(html.replace('How we ship', 'How we deliver'));
    expect(await page.getByRole('button', { name: 'Bold' }).isDisabled()).toBe(true);
    await screenshot(page, 'admin-pages-source-1280');
    await page.getByRole('button', { name: 'Source' }).click();
    await content(page).getByRole('heading', { name: 'How we deliver' }).waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Page saved');
    const again = await visit(slug);
    await again.getByRole('heading', { name: 'How we deliver', level: 2 }).waitFor();

    // The slug's rules, on the field: another page's slug (the server's answer), an app route (the form's).
    await field(page, 'Slug').fill('about-us');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Another page already has this slug.').waitFor();
    expect(await field(page, 'Slug').getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'admin-pages-slug-taken-1280');
    await field(page, 'Slug').fill('login');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('This slug is a page of the app itself. Choose another.').waitFor();

    // Leaving with unsaved changes asks first.
    await page.getByRole('link', { name: 'Back to pages' }).click();
    const leave = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await leave.getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL(`${server.url}/admin/custom-pages`);

    // Delete.
    await row(page, title).waitFor();
    expect(await row(page, title).textContent()).not.toContain('No owner');
    await press(row(page, title).getByRole('checkbox'));
    await page.getByTestId('bulk-bar').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog', { name: 'Delete 1 page?' }).getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Deleted 1 page');
    await row(page, title).waitFor({ state: 'detached' });
    expect(unexpectedConsoleErrors(consoleErrors)).toEqual([]);
  });

  it('refuses to delete the page shown as the homepage', async () => {
    const api = await adminClient(server);
    const pages = await ok<{ data: Array<{ id: number; slug: string }> }>(
      api.call('GET', 'api/v1/admin/custom-pages?query=about-us'),
    );
    const about = pages.data.find((p) => p.slug === 'about-us');
    await setSettings(server, { 'homepage.type': 'customPage', 'homepage.value': String(about?.id) });
    try {
      const { page } = await open();
      await page.goto(`${server.url}/admin/custom-pages`);
      await waitForApp(page);
      await press(row(page, 'About us').getByRole('checkbox'));
      await page.getByTestId('bulk-bar').getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('alertdialog', { name: 'Delete 1 page?' }).getByRole('button', { name: 'Delete' }).click();
      await expectToast(page, '“About us” is the homepage');
      await row(page, 'About us').waitFor();
    } finally {
      await setSettings(server, { 'homepage.type': 'landing', 'homepage.value': null });
    }
  });

  it('edits and reads on a phone, in the dark theme too', { timeout: 120_000 }, async () => {
    const { page } = await open(MOBILE);
    await page.goto(`${server.url}/admin/custom-pages`);
    await waitForApp(page);
    await row(page, 'Terms of service').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'admin-pages-list-375');
    await row(page, 'Terms of service').getByRole('rowheader').click();
    await page.waitForURL(/\/admin\/custom-pages\/\d+\/edit$/);
    await content(page).waitFor();
    expect(await field(page, 'Slug').inputValue()).toBe('terms-of-service');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'admin-pages-editor-375');
    await content(page).scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-pages-editor-content-375');
    const visitor = await visit('terms-of-service', MOBILE);
    expect(await seriousA11yViolations(visitor)).toEqual([]);
    await screenshot(visitor, 'custom-page-visitor-375');

    const dark = (await open(DESKTOP, { dark: true })).page;
    await dark.goto(`${server.url}/admin/custom-pages/new`);
    await waitForApp(dark);
    await content(dark).waitFor();
    expect(await seriousA11yViolations(dark)).toEqual([]);
    await screenshot(dark, 'admin-pages-editor-dark-1280');
  });

  it('sends a staff member without custom_pages.update away', async () => {
    const browser = await open(DESKTOP, { signedIn: false });
    await signInAs(server, browser.context, staffEmail, PASSWORD);
    for (const path of ['/admin/custom-pages', '/admin/custom-pages/new']) {
      await browser.page.goto(`${server.url}${path}`);
      await browser.page.waitForURL(`${server.url}/404`);
    }
  });
});
