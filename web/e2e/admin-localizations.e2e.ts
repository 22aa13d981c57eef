import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectToast, registerViaApi, uniqueEmail } from './account-steps.ts';
import { grant, ok } from './admin-steps.ts';
import {
  adminClient,
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

// The admin Localizations screens: a new language (a copy of English), two lines translated on the
// translate screen (one found by the search, one among the missing lines), saved and seen by a
// visitor who picks the language on a fresh page; then rename, download, upload and delete. At 1280
// and 375 px with axe. Without localizations.update the guard sends staff away.

let server: RunningServer;
const browsers: Browser[] = [];
const PASSWORD = 'admin-l10n-7';
let staffEmail: string;
const HERO = 'Secure cloud storage, kept in India';
const HERO_EO = 'Sekura nuba stokado en Barato';
const COPYRIGHT = 'Copyright © :year :siteName, All rights reserved';
const COPYRIGHT_EO = 'Kopirajto © :year :siteName, ĉiuj rajtoj rezervitaj';
// A retry of the long journey runs on the same server: each attempt makes its own language.
const ATTEMPTS = [
  { code: 'eo', name: 'Esperanto' },
  { code: 'ia', name: 'Interlingua' },
  { code: 'io', name: 'Ido' },
];
let attempt = 0;

beforeAll(async () => {
  server = await startServer();
  staffEmail = uniqueEmail('l10n-less');
  await registerViaApi(server, staffEmail, PASSWORD);
  grant(server, staffEmail, ['admin.access']);
});
afterAll(async () => {
  await server?.stop();
});
afterEach(async () => {
  for (const b of browsers.splice(0)) await b.close();
});

async function open(pathname: string, viewport = DESKTOP, dark = false): Promise<Page> {
  const browser = await openBrowser(viewport);
  browsers.push(browser);
  if (dark) await browser.context.addCookies([{ name: 'be-active-theme', value: 'dark', url: server.url }]);
  await signInAs(server, browser.context);
  await browser.page.goto(`${server.url}${pathname}`);
  await waitForApp(browser.page);
  return browser.page;
}

const table = (page: Page) => page.getByRole('grid', { name: 'Localizations' });
const row = (page: Page, name: string) =>
  table(page)
    .locator('tbody [role="row"]')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${name}`) }) });
const menuOf = async (page: Page, name: string) =>
  row(page, name)
    .getByRole('button', { name: `Actions for ${name}` })
    .click();
const lineBox = (page: Page, source: string) => page.getByRole('textbox', { name: source, exact: true });

/** The id of a localization, by its code, through the admin API. */
async function idOf(language: string): Promise<number> {
  const api = await adminClient(server);
  const page = await ok<{ pagination: { data: Array<{ id: number; language: string }> } }>(
    api.call('GET', `api/v1/admin/localizations?query=${language}`),
  );
  const found = page.pagination.data.find((l) => l.language === language);
  if (!found) throw new Error(`no localization ${language}`);
  return found.id;
}

describe('admin localizations', () => {
  it('creates a language, translates two lines, and a visitor reads them; renames, downloads, uploads, deletes', {
    timeout: 300_000,
  }, async () => {
    const { code, name } = ATTEMPTS[attempt++ % ATTEMPTS.length]!;
    const draft = `${name} Test`;
    const page = await open('/admin/localizations');
    await row(page, 'English').waitFor();
    expect(await row(page, 'English').textContent()).toContain('Default');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'admin-localizations-1280');

    // Create: a copy of the default language, fully "translated" from the start.
    await page.getByRole('button', { name: 'New localization' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New localization' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(draft);
    await dialog.getByRole('textbox', { name: 'Language code' }).fill(code.toUpperCase());
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'admin-localizations-new-1280');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expectToast(page, `Added ${draft}`);
    const created = row(page, draft);
    await created.waitFor();
    expect(await created.textContent()).toContain(code);
    // Counts past 999 carry thousands separators (1,041).
    const total = /([\d,]+) of ([\d,]+) lines translated/.exec((await created.textContent()) ?? '');
    expect(total?.[1]).toBe(total?.[2]);

    // Lines a newer release adds are missing from a copy made before it: two are cleared here.
    const id = await idOf(code);
    const api = await adminClient(server);
    await ok(api.call('PUT', `api/v1/admin/localizations/${id}/lines`, { lines: { [COPYRIGHT]: '', 'Go back': '' } }));

    // Translate: open it from the row; one line found by the search.
    await created.getByRole('rowheader').click();
    await page.waitForURL(`${server.url}/admin/localizations/${id}/translate`);
    await page.getByRole('heading', { name: draft }).waitFor();
    expect(await page.getByRole('progressbar').first().getAttribute('aria-label')).toMatch(/^[\d,]+ of [\d,]+ lines/);
    await page.getByRole('searchbox', { name: 'Search lines' }).fill('kept in india');
    await page
      .getByTestId('lines-shown')
      .filter({ hasText: /^1 line$/ })
      .waitFor();
    await lineBox(page, HERO).fill(HERO_EO);
    await page.getByRole('region', { name: 'Unsaved changes' }).getByText('1 unsaved line').waitFor();

    // The other among the missing lines: the search cleared, "Missing only" on.
    await page.getByRole('button', { name: 'Clear search' }).click();
    await page.getByRole('switch', { name: 'Missing only' }).click({ force: true });
    await page
      .getByTestId('lines-shown')
      .filter({ hasText: /^2 lines$/ })
      .waitFor();
    await lineBox(page, COPYRIGHT).fill('Kopirajto');
    // A translation that lost the placeholders says so.
    await page.getByText('Keep :siteName :year as in the English line.').waitFor();
    await lineBox(page, COPYRIGHT).fill(COPYRIGHT_EO);
    expect(await page.getByText('as in the English line').count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'admin-translate-1280');

    // Leaving with unsaved lines asks first.
    await page.getByRole('link', { name: 'Localizations' }).first().click();
    const leave = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await leave.getByRole('button', { name: 'Stay' }).click();
    await page.getByRole('region', { name: 'Unsaved changes' }).getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Saved: 2 lines set, 0 removed');
    await page.getByRole('region', { name: 'Unsaved changes' }).waitFor({ state: 'detached' });
    await page.getByText('Every line is translated.').or(page.getByTestId('lines-shown')).first().waitFor();

    // A visitor on a fresh page picks the language in the footer and reads the translated lines.
    const visitor = await openBrowser(DESKTOP);
    browsers.push(visitor);
    await visitor.page.goto(`${server.url}/`);
    await waitForApp(visitor.page);
    await visitor.page.getByRole('button', { name: 'Reject' }).click();
    await visitor.page.getByTestId('language-picker').click();
    await visitor.page.getByRole('menuitem', { name: draft }).click();
    await visitor.page.getByRole('heading', { level: 1, name: HERO_EO }).waitFor();
    await visitor.page.getByText(/Kopirajto © \d{4} .*ĉiuj rajtoj rezervitaj/).waitFor();
    await visitor.page.reload();
    await waitForApp(visitor.page);
    await visitor.page.getByRole('heading', { level: 1, name: HERO_EO }).waitFor();
    await screenshot(visitor.page, 'admin-localizations-visitor-1280');

    // Rename.
    await page.goto(`${server.url}/admin/localizations`);
    await waitForApp(page);
    await menuOf(page, draft);
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename localization' });
    await rename.getByRole('textbox', { name: 'Name' }).fill(name);
    await rename.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, `Saved ${name}`);
    await row(page, `${name}$`).waitFor();

    // Download: the JSON file holds the translated lines.
    await menuOf(page, name);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${code}.json`);
    const saved = path.join(os.tmpdir(), `kosh-${code}-${Date.now()}.json`);
    await download.saveAs(saved);
    const file = JSON.parse(readFileSync(saved, 'utf8'));
    expect(file).toMatchObject({ language: code, name });
    expect(file.lines[HERO]).toBe(HERO_EO);

    // Upload: an edited file is merged over the lines.
    writeFileSync(saved, JSON.stringify({ ...file, lines: { 'Go back': 'Reen' } }));
    await menuOf(page, name);
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('menuitem', { name: 'Upload' }).click(),
    ]);
    await chooser.setFiles(saved);
    await expectToast(page, 'Merged');
    const after = await ok<{ lines: Array<{ key: string; translation: string }> }>(
      api.call('GET', `api/v1/admin/localizations/${id}/lines`),
    );
    expect(after.lines.find((l) => l.key === 'Go back')?.translation).toBe('Reen');
    expect(after.lines.find((l) => l.key === HERO)?.translation).toBe(HERO_EO);

    // Delete, after the question.
    await menuOf(page, name);
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: `Delete ${name}?` });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'admin-localizations-delete-1280');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, `Deleted ${name}`);
    await row(page, name).waitFor({ state: 'detached' });
    expect(unexpectedConsoleErrors(browsers[0]!.consoleErrors)).toEqual([]);
  });

  it('reads on a phone, the list and the translate screen, in the dark theme too', {
    timeout: 120_000,
  }, async () => {
    const page = await open('/admin/localizations', MOBILE);
    await page.getByRole('heading', { name: 'Localizations' }).waitFor();
    await page.getByText('हिन्दी').first().waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'admin-localizations-375');
    const hi = await idOf('hi');
    await page.goto(`${server.url}/admin/localizations/${hi}/translate`);
    await waitForApp(page);
    await lineBox(page, 'Home').waitFor();
    await lineBox(page, 'Home').fill('मुखपृष्ठ');
    await page.getByRole('region', { name: 'Unsaved changes' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'admin-translate-375');
    // Scrolling a thousand lines keeps only those in sight in the page.
    expect(await page.getByTestId('translation-row').count()).toBeLessThan(60);

    const dark = await open(`/admin/localizations/${hi}/translate`, DESKTOP, true);
    await lineBox(dark, 'Home').waitFor();
    await dark.getByRole('switch', { name: 'Missing only' }).click({ force: true });
    await dark
      .getByTestId('lines-shown')
      .filter({ hasText: /^[\d,]+ lines$/ })
      .waitFor();
    expect(await seriousA11yViolations(dark)).toEqual([]);
    await screenshot(dark, 'admin-translate-dark-1280');
  });

  it('sends a staff member without localizations.update away', async () => {
    const browser = await openBrowser(DESKTOP);
    browsers.push(browser);
    await signInAs(server, browser.context, staffEmail, PASSWORD);
    await browser.page.goto(`${server.url}/admin/localizations`);
    await browser.page.waitForURL(`${server.url}/404`);
  });
});
