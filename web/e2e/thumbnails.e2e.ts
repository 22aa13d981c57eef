import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { registerViaApi, uniqueEmail } from './account-steps.ts';
import { driveApi, entry, makePdf, startDriveServer } from './drive-steps.ts';
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

// Thumbnails of an SVG, a PDF and a video uploaded through the page: made by the server in the
// background (sharp, pdftoppm, ffmpeg), then shown in the grid and in the details panel.

const PASSWORD = 'thumbs-pass-42';
const tmp = mkdtempSync(path.join(os.tmpdir(), 'kosh-e2e-thumbs-'));
let server: RunningServer;
let browser: Browser | undefined;

const LOGO = [
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80" viewBox="0 0 120 80">',
  '<rect width="120" height="80" rx="12" fill="#1a73e8"/>',
  '<circle cx="40" cy="40" r="22" fill="#fbbc04"/>',
  '<path d="M70 58 L88 22 L106 58 Z" fill="#34a853"/>',
  '</svg>',
].join('');

/** Two seconds of ffmpeg's test pattern, H.264 in MP4. */
function makeVideo(): Buffer {
  const file = path.join(tmp, 'clip.mp4');
  const source = 'testsrc=duration=2:size=320x180:rate=10';
  const args = ['-nostdin', '-loglevel', 'error', '-f', 'lavfi', '-i', source, '-pix_fmt', 'yuv420p', '-y', file];
  execFileSync('ffmpeg', args);
  return readFileSync(file);
}

/** Waits until the image has loaded from the server (a broken one would fall back to the icon). */
async function loaded(img: Locator): Promise<void> {
  await img.waitFor();
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0), { timeout: 10_000 })
    .toBe(true);
}

const thumbnailOf = (page: Page, name: string) => entry(page, name).getByTestId('entry-thumbnail');

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

describe('thumbnails', () => {
  it('shows thumbnails of an uploaded SVG, PDF and video in the grid and the details panel', async () => {
    const email = uniqueEmail('thumbs');
    await registerViaApi(server, email, PASSWORD, { first_name: 'Ananya', last_name: 'Rao' });
    browser = await openBrowser(DESKTOP);
    await signInAs(server, browser.context, email, PASSWORD);
    const page = browser.page;
    const api = driveApi(server, browser.context);
    await page.goto(`${server.url}/drive`);
    await waitForApp(page);

    const names = ['logo.svg', 'report.pdf', 'clip.mp4'];
    await page.getByTestId('upload-files-input').setInputFiles([
      { name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(LOGO) },
      { name: 'report.pdf', mimeType: 'application/pdf', buffer: makePdf('Quarterly report') },
      { name: 'clip.mp4', mimeType: 'video/mp4', buffer: makeVideo() },
    ]);
    await page.getByTestId('upload-panel').getByText('3 uploads complete').waitFor();
    // The thumbnails are made after the uploads answered; the listing names them once they exist.
    await expect
      .poll(async () => (await api.list({ section: 'home' })).filter((e) => e.thumbnail_url).length, {
        timeout: 30_000,
      })
      .toBe(3);

    await page.reload();
    await waitForApp(page);
    await page.getByRole('button', { name: 'Grid view' }).click();
    await page.locator('[data-testid="file-view"][data-view-mode="grid"]').waitFor();
    for (const name of names) await loaded(thumbnailOf(page, name));
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'thumbnails-grid-1280');

    for (const name of names) {
      await entry(page, name).click();
      await page.getByRole('button', { name: 'View details' }).click();
      const details = page.getByTestId('details-panel');
      await details.getByRole('heading', { name }).waitFor();
      await loaded(details.getByTestId('details-thumbnail'));
      if (name === 'report.pdf') await screenshot(page, 'thumbnails-details-pdf-1280');
      await page.getByRole('button', { name: 'Close details' }).click();
    }

    await page.setViewportSize(MOBILE);
    await page.keyboard.press('Escape');
    for (const name of names) await loaded(thumbnailOf(page, name));
    await screenshot(page, 'thumbnails-grid-375');
    await entry(page, 'clip.mp4').getByTestId('more-actions').click();
    await page.getByRole('menuitem', { name: 'Details' }).click();
    await loaded(page.getByTestId('details-panel').getByTestId('details-thumbnail'));
    await screenshot(page, 'thumbnails-details-video-375');
    await page.keyboard.press('Escape');

    await browser.context.addCookies([{ name: 'be-active-theme', value: 'dark', url: server.url }]);
    await page.setViewportSize(DESKTOP);
    await page.reload();
    await waitForApp(page);
    for (const name of names) await loaded(thumbnailOf(page, name));
    await screenshot(page, 'thumbnails-grid-dark-1280');
    expect(unexpectedConsoleErrors(browser.consoleErrors)).toEqual([]);
  }, 120_000);
});
