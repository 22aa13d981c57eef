import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { unzip } from '../../server/test/helpers/zip.ts';
import { expectToast, registerViaApi, uniqueEmail } from './account-steps.ts';
import { driveApi, startDriveServer } from './drive-steps.ts';
import {
  DESKTOP,
  MOBILE,
  openBrowser,
  screenshot,
  signInAs,
  unexpectedConsoleErrors,
  waitForApp,
  type Browser,
  type RunningServer,
} from './harness.ts';

// Select all and act on a folder of more entries than one call may name (1,000) and than the
// list has loaded (100 a page): the whole folder is trashed and restored, with progress and a result,
// then downloaded as one ZIP.

let server: RunningServer;
let browser: Browser | undefined;
const PASSWORD = 'bulk-pass-42';
const SHOTS = process.env.KOSH_SHOTS_DIR;
const COUNT = 1024;
let tmp: string;

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'kosh-bulk-e2e-'));
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

/** Holds the bulk call back a moment, so the progress toast stays long enough to be seen. */
async function slowBulkCalls(page: Page): Promise<void> {
  await page.route('**/api/v1/file-entries/bulk', async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
}

async function shot(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/${name}.png` });
  }
}

describe('drive bulk actions', () => {
  it('selects all of a folder of 1,024 entries with Ctrl+A, trashes, restores, then downloads them as one ZIP', {
    timeout: 240_000,
  }, async () => {
    const email = uniqueEmail('bulk');
    await registerViaApi(server, email, PASSWORD, { first_name: 'Asha', last_name: 'Rao' });
    browser = await openBrowser(DESKTOP);
    await signInAs(server, browser.context, email, PASSWORD);
    const api = driveApi(server, browser.context);
    const page = browser.page;

    // 1,024 entries: one file and 1,023 folders, created 16 calls at a time.
    const many = await api.folder('Many');
    await api.upload('report.txt', 'figures', 'text/plain', many.id);
    const names = Array.from({ length: COUNT - 1 }, (_, i) => `Folder ${String(i + 1).padStart(4, '0')}`);
    for (let i = 0; i < names.length; i += 16)
      await Promise.all(names.slice(i, i + 16).map((name) => api.folder(name, many.id)));
    expect(await api.total({ section: 'folder', folderHash: many.hash })).toBe(COUNT);

    await page.goto(`${server.url}/drive/folders/${many.hash}`);
    await waitForApp(page);
    await page.locator('[data-testid="entry"]').first().click();
    await page.keyboard.press('Control+a');
    const toolbar = page.getByTestId('selection-toolbar');
    await toolbar.getByText('1024 items selected').waitFor();
    await slowBulkCalls(page);
    await page.keyboard.press('Delete');
    await expectToast(page, 'Working on 1,024 items…');
    await shot(page, 'bulk-trash-progress-desktop');
    await expectToast(page, '1,024 items moved to trash');
    await page.getByRole('heading', { name: 'This folder is empty' }).waitFor();
    await shot(page, 'bulk-trash-result-desktop');
    expect(await api.total({ section: 'trash' })).toBe(COUNT);

    await page.setViewportSize(MOBILE);
    await page.goto(`${server.url}/drive/trash`);
    await waitForApp(page);
    await page.locator('[data-testid="entry"]').first().click();
    await page.keyboard.press('Control+a');
    await toolbar.getByText('1024 items selected').waitFor();
    await shot(page, 'bulk-trash-selected-mobile');
    await toolbar.getByRole('button', { name: 'Restore' }).click();
    await expectToast(page, 'Working on 1,024 items…');
    await shot(page, 'bulk-restore-progress-mobile');
    await expectToast(page, '1,024 items restored');
    await page.getByRole('heading', { name: 'Trash is empty' }).waitFor();
    await shot(page, 'bulk-restore-result-mobile');
    expect(await api.total({ section: 'folder', folderHash: many.hash })).toBe(COUNT);

    await page.setViewportSize(DESKTOP);
    await page.goto(`${server.url}/drive/folders/${many.hash}`);
    await waitForApp(page);
    await page.locator('[data-testid="entry"]').first().click();
    await page.keyboard.press('Control+a');
    await toolbar.getByText('1024 items selected').waitFor();
    // Download names the folder, not the 100 loaded entries: the ZIP holds all 1,024 (1,023 folders and a file).
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      toolbar.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Many.zip');
    expect(new URL(download.url()).searchParams.get('place')).toBe('folder');
    const saved = path.join(tmp, 'many.zip');
    await download.saveAs(saved);
    const zip = await unzip(readFileSync(saved));
    expect(zip.size).toBe(COUNT);
    expect(zip.get('report.txt')?.toString()).toBe('figures');
    expect(zip.has('Folder 1023/')).toBe(true);
    await shot(page, 'bulk-download-desktop');
    expect(unexpectedConsoleErrors(browser.consoleErrors)).toEqual([]);
  });
});
