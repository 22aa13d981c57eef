import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { unzip } from '../../server/test/helpers/zip.ts';
import { dismissToasts, expectToast, registerViaApi, uniqueEmail } from './account-steps.ts';
import { driveApi, entry, startDriveServer, makePdf, makePng, shownNames } from './drive-steps.ts';
import {
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

// The drive journeys: folders, plain uploads, views and sort, rename, star, move by
// drag and drop, trash, restore, delete forever, search, previews and a folder as ZIP.

let server: RunningServer;
let browser: Browser | undefined;
const PASSWORD = 'drive-pass-42';
const tmp = mkdtempSync(path.join(os.tmpdir(), 'kosh-e2e-drive-'));

beforeAll(async () => {
  server = await startDriveServer();
});
afterAll(async () => {
  await server?.stop();
  rmSync(tmp, { recursive: true, force: true });
});
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

/** A fresh user signed in, with the drive API on the same cookies; the page opened at `at`. */
async function openDrive(at = '/drive', viewport = DESKTOP) {
  const email = uniqueEmail('drive');
  await registerViaApi(server, email, PASSWORD, { first_name: 'Asha', last_name: 'Rao' });
  browser = await openBrowser(viewport);
  await signInAs(server, browser.context, email, PASSWORD);
  const api = driveApi(server, browser.context);
  const page = browser.page;
  const go = async (to: string) => {
    await page.goto(server.url + to);
    await waitForApp(page);
  };
  await go(at);
  return { page, api, go };
}

async function menuAction(page: Page, name: string) {
  await page.getByRole('menuitem', { name, exact: true }).click();
}

describe('drive', () => {
  it('sends a visitor who is not signed in to the login page', async () => {
    browser = await openBrowser();
    await browser.page.goto(`${server.url}/drive/recent`);
    await browser.page.waitForURL((url) => url.pathname === '/login');
  });

  it('creates folders, uploads files and a folder, switches views and sorts', async () => {
    const { page, api } = await openDrive();
    await page.getByRole('heading', { name: 'Your drive is empty' }).waitFor();

    await page.getByRole('button', { name: 'New', exact: true }).click();
    await menuAction(page, 'New folder');
    const dialog = page.getByRole('dialog', { name: 'New folder' });
    await dialog.getByRole('textbox', { name: 'Folder name' }).fill('Projects');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expectToast(page, 'Created folder Projects');
    await entry(page, 'Projects').waitFor();
    // A clash answers 422 and shows under the field.
    await page.getByRole('button', { name: 'New', exact: true }).click();
    await menuAction(page, 'New folder');
    await dialog.getByRole('textbox', { name: 'Folder name' }).fill('projects');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText(/already/i).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    const png = makePng(40, 30, [30, 120, 220]);
    await page.getByTestId('upload-files-input').setInputFiles([
      { name: 'alpha.txt', mimeType: 'text/plain', buffer: Buffer.from('alpha\n') },
      { name: 'beta.png', mimeType: 'image/png', buffer: png },
      { name: '.DS_Store', mimeType: 'application/octet-stream', buffer: Buffer.from('junk') },
    ]);
    await page.getByTestId('upload-panel').getByText('2 uploads complete').waitFor();
    await entry(page, 'alpha.txt').waitFor();
    await entry(page, 'beta.png').waitFor();
    expect(await entry(page, '.DS_Store').count()).toBe(0);

    const album = path.join(tmp, 'Album');
    mkdirSync(path.join(album, '2024'), { recursive: true });
    writeFileSync(path.join(album, 'cover.png'), png);
    writeFileSync(path.join(album, '2024', 'trip.txt'), 'trip notes');
    writeFileSync(path.join(album, '.DS_Store'), 'junk');
    await page.getByTestId('upload-folder-input').setInputFiles(album);
    await page.getByTestId('upload-panel').getByText('4 uploads complete').waitFor();
    await entry(page, 'Album').waitFor();
    await entry(page, 'Album').dblclick();
    await entry(page, '2024').waitFor();
    expect(await shownNames(page)).toEqual(['2024', 'cover.png']);
    await page.getByTestId('crumb').filter({ hasText: 'Home' }).click();
    await entry(page, 'Projects').waitFor();
    expect((await api.list({ section: 'search', query: 'trip' })).map((e) => e.name)).toEqual(['trip.txt']);

    // The open folder's crumb opens its menu: a new folder inside it.
    await entry(page, 'Projects').dblclick();
    await page.getByRole('heading', { name: 'This folder is empty' }).waitFor();
    await page.getByTestId('current-crumb').click();
    await menuAction(page, 'New folder');
    await dialog.getByRole('textbox', { name: 'Folder name' }).fill('Drafts');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await entry(page, 'Drafts').waitFor();
    await page.getByTestId('crumb').filter({ hasText: 'Home' }).click();
    await entry(page, 'Projects').waitFor();

    // Views: grid, kept after a reload; folders come first as tiles.
    await page.getByRole('button', { name: 'Grid view' }).click();
    await page.locator('[data-testid="file-view"][data-view-mode="grid"]').waitFor();
    await page.reload();
    await waitForApp(page);
    await page.locator('[data-testid="file-view"][data-view-mode="grid"]').waitFor();
    await entry(page, 'beta.png').waitFor();
    expect((await shownNames(page)).slice(0, 2).sort()).toEqual(['Album', 'Projects']);

    // Sort: name ascending, then descending; the choice is kept too.
    await page.getByRole('button', { name: /^Sort by/ }).click();
    await menuAction(page, 'Name');
    await page.getByRole('button', { name: /^Sort by/ }).click();
    await menuAction(page, 'Ascending');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="entry"]')?.getAttribute('data-entry-name') === 'Album',
    );
    expect(await shownNames(page)).toEqual(['Album', 'Projects', 'alpha.txt', 'beta.png']);
    await page.getByRole('button', { name: 'List view' }).click();
    await page.getByRole('columnheader', { name: 'Name' }).getByRole('button').click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="entry"]')?.getAttribute('data-entry-name') === 'Projects',
    );
    expect(await shownNames(page)).toEqual(['Projects', 'Album', 'beta.png', 'alpha.txt']);
    expect(await page.evaluate(() => localStorage.getItem('kosh-drive-sort'))).toBe('name:desc');
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(unexpectedConsoleErrors(browser!.consoleErrors)).toEqual([]);
  });

  it('renames, stars, moves by drag and drop, trashes, restores and deletes forever', async () => {
    const { page, api, go } = await openDrive('/drive');
    const target = await api.folder('Target');
    await api.upload('one.txt', 'one', 'text/plain');
    await api.upload('two.txt', 'two', 'text/plain');
    await page.reload();
    await waitForApp(page);

    // Rename with F2 (optimistic; the server's answer agrees).
    await entry(page, 'one.txt').click();
    await page.keyboard.press('F2');
    const rename = page.getByRole('dialog', { name: 'Rename' });
    expect(
      await rename
        .getByRole('textbox', { name: 'Name' })
        .evaluate((el: HTMLInputElement) => [el.selectionStart, el.selectionEnd]),
    ).toEqual([0, 3]);
    await screenshot(page, 'drive-rename-dialog-1280');
    await rename.getByRole('textbox', { name: 'Name' }).fill('uno.txt');
    await page.keyboard.press('Enter');
    await entry(page, 'uno.txt').waitFor();
    expect((await api.list({ section: 'home' })).map((e) => e.name)).toContain('uno.txt');

    // Star from the context menu; the starred section lists it.
    await entry(page, 'uno.txt').click({ button: 'right' });
    await menuAction(page, 'Add to starred');
    await entry(page, 'uno.txt').getByRole('img', { name: 'Starred' }).waitFor();
    await page.getByRole('link', { name: 'Starred' }).click();
    await entry(page, 'uno.txt').waitFor();
    await page.getByRole('link', { name: 'Home' }).click();

    // Move by dragging onto a folder, then back by dragging onto the Home crumb.
    await entry(page, 'two.txt').dragTo(entry(page, 'Target'));
    await expectToast(page, 'Moved 1 item to Target');
    await entry(page, 'two.txt').waitFor({ state: 'detached' });
    await go(`/drive/folders/${target.hash}`);
    await entry(page, 'two.txt').waitFor();
    await entry(page, 'two.txt').dragTo(page.getByTestId('crumb').filter({ hasText: 'Home' }));
    await expectToast(page, 'Moved 1 item to Home');
    await page.getByText('This folder is empty').waitFor();
    await page.getByTestId('crumb').filter({ hasText: 'Home' }).click();
    await entry(page, 'two.txt').waitFor();

    // Delete moves to trash, with Undo in the toast; restore from the trash toolbar.
    await entry(page, 'uno.txt').click();
    await page.keyboard.press('Delete');
    await expectToast(page, '1 item moved to trash');
    await entry(page, 'uno.txt').waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Trash' }).click();
    await entry(page, 'uno.txt').click();
    await page.getByTestId('selection-toolbar').getByRole('button', { name: 'Restore' }).click();
    await expectToast(page, '1 item restored');
    await page.getByRole('heading', { name: 'Trash is empty' }).waitFor();
    await page.getByRole('link', { name: 'Home' }).click();
    await entry(page, 'uno.txt').waitFor();

    // Delete forever always confirms.
    await entry(page, 'uno.txt').click();
    await entry(page, 'two.txt').click({ modifiers: ['Shift'] });
    await page.getByTestId('selection-toolbar').getByText('2 items selected').waitFor();
    await page.getByTestId('selection-toolbar').getByRole('button', { name: 'Move to trash' }).click();
    await expectToast(page, '2 items moved to trash');
    await page.getByRole('link', { name: 'Trash' }).click();
    await entry(page, 'two.txt').click();
    await page.keyboard.press('Delete');
    const confirm = page.getByRole('alertdialog', { name: 'Delete forever' });
    await confirm.getByText('Are you sure you want to permanently delete the selected items?').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'drive-delete-forever-1280');
    await confirm.getByRole('button', { name: 'Delete forever' }).click();
    await expectToast(page, '1 item deleted forever');
    await entry(page, 'two.txt').waitFor({ state: 'detached' });
    await dismissToasts(page);
    await page.getByRole('button', { name: 'Empty trash' }).click();
    await page.getByRole('alertdialog', { name: 'Empty trash' }).getByRole('button', { name: 'Empty trash' }).click();
    await expectToast(page, 'Trash emptied');
    await page.getByRole('heading', { name: 'Trash is empty' }).waitFor();
    expect(await api.list({ section: 'trash' })).toEqual([]);
    expect(unexpectedConsoleErrors(browser!.consoleErrors)).toEqual([]);
  });

  it('moves with the folder picker, makes a copy and uploads files dropped from the computer', async () => {
    const { page, api, go } = await openDrive();
    const archive = await api.folder('Archive');
    const y2024 = await api.folder('2024', archive.id);
    await api.upload('letter.txt', 'dear kosh', 'text/plain');
    await page.reload();
    await waitForApp(page);

    await entry(page, 'letter.txt').click();
    await page.getByTestId('selection-toolbar').getByRole('button', { name: 'Make a copy' }).click();
    await expectToast(page, '1 copy made');
    await entry(page, 'letter (1).txt').waitFor();

    await entry(page, 'letter.txt').click();
    await page.getByTestId('selection-toolbar').getByRole('button', { name: 'Move to', exact: true }).click();
    const picker = page.getByRole('dialog', { name: 'Move "letter.txt"' });
    expect(await picker.getByRole('button', { name: 'Move here' }).isDisabled()).toBe(true);
    await picker.getByRole('button', { name: 'Archive' }).click();
    await picker.getByRole('button', { name: '2024' }).click();
    await picker.getByTestId('picker-location').getByText('2024').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'drive-move-dialog-1280');
    await picker.getByRole('button', { name: 'Move here' }).click();
    await expectToast(page, 'Moved 1 item to 2024');
    await entry(page, 'letter.txt').waitFor({ state: 'detached' });
    expect((await api.list({ section: 'folder', folderHash: y2024.hash })).map((e) => e.name)).toEqual(['letter.txt']);

    // Files dragged in from the computer upload into the folder shown.
    await go(`/drive/folders/${archive.hash}`);
    await entry(page, '2024').waitFor();
    await page.getByTestId('file-view').evaluate((el) => {
      const data = new DataTransfer();
      data.items.add(new File(['dropped bytes'], 'dropped.txt', { type: 'text/plain' }));
      for (const type of ['dragenter', 'dragover', 'drop'])
        el.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: data }));
    });
    await entry(page, 'dropped.txt').waitFor();
    expect((await api.list({ section: 'folder', folderHash: archive.hash })).map((e) => e.name).sort()).toEqual([
      '2024',
      'dropped.txt',
    ]);
    await screenshot(page, 'drive-upload-panel-1280');
    expect(unexpectedConsoleErrors(browser!.consoleErrors)).toEqual([]);
  });

  it('rolls an optimistic rename back when the server refuses it', async () => {
    const { page, api } = await openDrive();
    await api.upload('keep.txt', 'k', 'text/plain');
    await page.reload();
    await waitForApp(page);
    await page.route('**/api/v1/file-entries/*?_method=PUT*', (route) =>
      route.fulfill({
        status: 422,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Nope', errors: { name: ['That name is taken.'] } }),
      }),
    );
    await entry(page, 'keep.txt').click();
    await page.keyboard.press('F2');
    await page.getByRole('textbox', { name: 'Name' }).fill('other.txt');
    await page.keyboard.press('Enter');
    await expectToast(page, 'That name is taken.');
    await entry(page, 'keep.txt').waitFor();
    expect(await entry(page, 'other.txt').count()).toBe(0);
  });

  it('searches by name, with type and modified filters', async () => {
    const { page, api } = await openDrive();
    await api.upload('Holiday photo.png', makePng(8, 8, [0, 200, 0]), 'image/png');
    await api.upload('holiday plan.txt', 'plan', 'text/plain');
    await api.upload('budget.txt', 'budget', 'text/plain');
    await page.getByRole('combobox', { name: 'Search files and folders' }).fill('holiday');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/drive/search' && url.searchParams.get('query') === 'holiday');
    await entry(page, 'holiday plan.txt').waitFor();
    expect((await shownNames(page)).sort()).toEqual(['Holiday photo.png', 'holiday plan.txt']);
    await page.getByTestId('search-filters').getByRole('button', { name: 'Type' }).click();
    await menuAction(page, 'Images');
    await page.waitForURL((url) => url.searchParams.get('type') === 'image');
    await entry(page, 'holiday plan.txt').waitFor({ state: 'detached' });
    await entry(page, 'Holiday photo.png').waitFor();
    expect(await shownNames(page)).toEqual(['Holiday photo.png']);
    await page.getByTestId('search-filters').getByRole('button', { name: 'Modified' }).click();
    await menuAction(page, 'Today');
    await page.waitForURL((url) => url.searchParams.get('modified') === 'today');
    // The previous answer may still be on screen for a moment after the address changes.
    await expect.poll(() => shownNames(page), { timeout: 10_000 }).toEqual(['Holiday photo.png']);
    await page.getByRole('combobox', { name: 'Search files and folders' }).fill('nothing-like-this');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'No files match your search' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('previews an image and a PDF, steps between files and downloads', async () => {
    const { page, api } = await openDrive();
    await api.upload('picture.png', makePng(120, 80, [200, 60, 60]), 'image/png');
    await api.upload('paper.pdf', makePdf('Kosh preview'), 'application/pdf');
    await api.upload('code.ts', 'export const answer = 42;\n', 'text/plain');
    await page.reload();
    await waitForApp(page);

    await entry(page, 'picture.png').dblclick();
    const previewer = page.getByTestId('previewer');
    const image = previewer.locator('img[data-preview-kind="image"]');
    await image.waitFor();
    await page.waitForFunction(
      () => (document.querySelector('img[data-preview-kind="image"]') as HTMLImageElement | null)?.naturalWidth === 120,
    );
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'drive-preview-image-1280');

    await previewer.getByRole('button', { name: 'Previous' }).click();
    const pdf = previewer.locator('iframe[data-preview-kind="pdf"]');
    await pdf.waitFor();
    const pdfUrl = server.url + (await pdf.getAttribute('src'));
    const pdfAnswer = await browser!.context.request.get(pdfUrl);
    expect(pdfAnswer.status()).toBe(200);
    expect(pdfAnswer.headers()['content-type']).toBe('application/pdf');
    expect(pdfAnswer.headers()['content-disposition']).toMatch(/^inline/);
    expect((await pdfAnswer.body()).subarray(0, 5).toString()).toBe('%PDF-');
    // Chromium shows it in its own PDF viewer (an extension frame inside ours).
    const viewer = Date.now();
    while (!page.frames().some((f) => f.url().startsWith('chrome-extension://')) && Date.now() - viewer < 10_000)
      await page.waitForTimeout(100);
    expect(page.frames().some((f) => f.url().startsWith('chrome-extension://'))).toBe(true);
    await page.waitForTimeout(2500);
    await screenshot(page, 'drive-preview-pdf-1280');

    await previewer.getByRole('button', { name: 'Previous' }).click();
    await previewer.locator('[data-preview-kind="text"]').getByText('export const answer = 42;').waitFor();
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'drive-preview-text-375');
    await page.setViewportSize(DESKTOP);
    await page.keyboard.press('ArrowRight');
    await pdf.waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      previewer.getByRole('link', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('paper.pdf');
    const saved = path.join(tmp, 'paper.pdf');
    await download.saveAs(saved);
    expect(readFileSync(saved).equals(makePdf('Kosh preview'))).toBe(true);
    await page.keyboard.press('Escape');
    await previewer.waitFor({ state: 'detached' });
  });

  it('downloads a folder as a ZIP with the same bytes', async () => {
    const { page, api } = await openDrive();
    const reports = await api.folder('Reports');
    const inner = await api.folder('2025', reports.id);
    const png = makePng(16, 16, [10, 20, 30]);
    await api.upload('summary.txt', 'quarterly summary\n', 'text/plain', reports.id);
    await api.upload('chart.png', png, 'image/png', inner.id);
    await page.reload();
    await waitForApp(page);
    await entry(page, 'Reports').click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('selection-toolbar').getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.zip$/);
    const saved = path.join(tmp, 'reports.zip');
    await download.saveAs(saved);
    const files = await unzip(readFileSync(saved), { directories: false });
    expect([...files.keys()].sort()).toEqual(['Reports/2025/chart.png', 'Reports/summary.txt']);
    expect(files.get('Reports/summary.txt')?.toString()).toBe('quarterly summary\n');
    expect(files.get('Reports/2025/chart.png')?.equals(png)).toBe(true);
  });
});
