import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { registerViaApi, uniqueEmail } from './account-steps.ts';
import { driveApi, entry, makePng, startDriveServer } from './drive-steps.ts';
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

// Recent under day headings (today, yesterday, earlier this week, earlier), the previewer over
// everything with arrow keys that change file even from a focused player, and the account
// settings side list following the panel in view.

const PASSWORD = 'recent-pass-42';
const tmp = mkdtempSync(path.join(os.tmpdir(), 'kosh-e2e-recent-'));
// A Wednesday at noon UTC: the browser's clock is fixed here so the groups do not depend on the day.
const NOW = new Date('2026-11-25T12:00:00Z');
const HOUR = 60 * 60 * 1000;
let server: RunningServer;
/** expect.poll with room for a page on a busy machine. */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 10_000 });
let browser: Browser | undefined;

/** Two seconds of ffmpeg's test pattern, H.264 in MP4. */
function makeVideo(): Buffer {
  const file = path.join(tmp, 'clip.mp4');
  const source = 'testsrc=duration=2:size=320x180:rate=10';
  const args = ['-nostdin', '-loglevel', 'error', '-f', 'lavfi', '-i', source, '-pix_fmt', 'yuv420p', '-y', file];
  execFileSync('ffmpeg', args);
  return readFileSync(file);
}

/** Sets when entries last changed, straight in the database (the API stamps the real time). */
function setUpdatedAt(changes: Record<number, Date>): void {
  const db = new Database(path.join(server.dataDir, 'kosh.sqlite'));
  const update = db.prepare('UPDATE file_entries SET updated_at = ? WHERE id = ?');
  for (const [id, at] of Object.entries(changes)) update.run(at.toISOString(), Number(id));
  db.close();
}

async function openAs(viewport = DESKTOP): Promise<{ page: Page; api: ReturnType<typeof driveApi> }> {
  const email = uniqueEmail('recent');
  await registerViaApi(server, email, PASSWORD, { first_name: 'Mei', last_name: 'Lin' });
  browser = await openBrowser(viewport);
  await signInAs(server, browser.context, email, PASSWORD);
  return { page: browser.page, api: driveApi(server, browser.context) };
}

/** Headings and entry names of the file view from top to bottom, left to right. */
async function shownRows(page: Page): Promise<string[]> {
  return page
    .locator('[data-testid="file-view"] [data-testid="group-heading"], [data-testid="file-view"] [data-testid="entry"]')
    .evaluateAll((els) =>
      els
        .map((el) => {
          const rect = el.getBoundingClientRect();
          const name = el.getAttribute('data-entry-name');
          return { text: name ?? `# ${el.textContent?.trim()}`, top: rect.top, left: rect.left };
        })
        .sort((a, b) => a.top - b.top || a.left - b.left)
        .map((row) => row.text),
    );
}

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

describe('recent', () => {
  it('groups entries by today, yesterday, earlier this week and earlier in the list and the grid', async () => {
    const { page, api } = await openAs();
    const png = makePng(40, 30, [40, 120, 200]);
    const made = {
      'now.png': new Date(NOW.getTime() - HOUR),
      'morning.txt': new Date(NOW.getTime() - 3 * HOUR),
      'yesterday.pdf': new Date(NOW.getTime() - 24 * HOUR),
      'monday.txt': new Date(NOW.getTime() - 48 * HOUR),
      'old.png': new Date(NOW.getTime() - 10 * 24 * HOUR),
    };
    const changes: Record<number, Date> = {};
    for (const [name, at] of Object.entries(made)) {
      const file = await api.upload(name, name.endsWith('.png') ? png : `${name}\n`);
      changes[file.id] = at;
    }
    setUpdatedAt(changes);
    await page.clock.setFixedTime(NOW);
    await page.goto(`${server.url}/drive/recent`);
    await waitForApp(page);
    await entry(page, 'old.png').waitFor();

    const expected = [
      '# Today',
      'now.png',
      'morning.txt',
      '# Yesterday',
      'yesterday.pdf',
      '# Earlier this week',
      'monday.txt',
      '# Earlier',
      'old.png',
    ];
    expect(await shownRows(page)).toEqual(expected);
    // Today's entries show the time; older ones the date.
    await poll(() => entry(page, 'now.png').getByTestId('entry-modified').textContent()).toMatch(/\d:\d\d/);
    await poll(() => entry(page, 'old.png').getByTestId('entry-modified').textContent()).toMatch(/2026/);
    await screenshot(page, 'drive-recent-list-1280');

    // The keyboard walks the entries only: down from the last of today lands on yesterday's.
    await entry(page, 'morning.txt').click();
    const view = page.getByTestId('file-view');
    await view.focus();
    await page.keyboard.press('ArrowDown');
    const yesterdayId = await entry(page, 'yesterday.pdf').getAttribute('id');
    await poll(() => view.getAttribute('aria-activedescendant')).toBe(yesterdayId);
    await poll(() => entry(page, 'yesterday.pdf').getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Shift+ArrowDown');
    await poll(() => entry(page, 'monday.txt').getAttribute('aria-selected')).toBe('true');
    await poll(() => page.locator('[data-testid="entry"][aria-selected="true"]').count()).toBe(2);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Grid view' }).click();
    await page.locator('[data-testid="file-view"][data-view-mode="grid"]').waitFor();
    await poll(() => page.getByTestId('file-view').getByText('Earlier this week').count()).toBe(1);
    expect(await shownRows(page)).toEqual(expected);
    await screenshot(page, 'drive-recent-grid-1280');
    await page.getByRole('button', { name: 'List view' }).click();

    await page.setViewportSize(MOBILE);
    await entry(page, 'old.png').waitFor();
    expect(await shownRows(page)).toEqual(expected);
    await screenshot(page, 'drive-recent-list-375');
    expect(unexpectedConsoleErrors(browser!.consoleErrors)).toEqual([]);
  });
});

describe('previewer', () => {
  /** Whether every probe point of the window hits the previewer's overlay. */
  const coversPage = (page: Page) =>
    page.evaluate(() => {
      const w = window.innerWidth;
      const h = window.innerHeight;
      const points = [
        [2, 2],
        [w / 2, 2],
        [w - 3, 2],
        [2, h - 3],
        [w / 2, h - 3],
        [w - 3, h - 3],
        [w - 60, h - 60],
      ];
      return points.every(([x, y]) => !!document.elementFromPoint(x, y)?.closest('[data-testid="preview-overlay"]'));
    });

  for (const viewport of [DESKTOP, MOBILE]) {
    it(`covers the page at ${viewport.width} px and arrows change file while the player has focus`, async () => {
      const { page, api } = await openAs(viewport);
      await api.upload('a-first.png', makePng(120, 80, [200, 60, 60]), 'image/png');
      await api.upload('b-clip.mp4', makeVideo(), 'video/mp4');
      await api.upload('c-last.png', makePng(120, 80, [60, 160, 60]), 'image/png');
      await page.goto(`${server.url}/drive`);
      await waitForApp(page);
      // The upload panel stays open over the drive after a page upload.
      await page.getByTestId('upload-files-input').setInputFiles({
        name: 'd-note.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('note\n'),
      });
      await page.getByTestId('upload-panel').waitFor();
      await entry(page, 'd-note.txt').waitFor();

      await entry(page, 'b-clip.mp4').dblclick();
      const previewer = page.getByTestId('previewer');
      const video = previewer.locator('video[data-preview-kind="video"]');
      await video.waitFor();
      expect(await coversPage(page)).toBe(true);
      await screenshot(page, `drive-recent-preview-video-${viewport.width}`);

      const title = previewer.getByRole('heading');
      await video.focus();
      await poll(() => video.evaluate((el) => el === document.activeElement)).toBe(true);
      // Space belongs to the player: the file stays.
      await page.keyboard.press('Space');
      await expect(title.textContent()).resolves.toBe('b-clip.mp4');
      await page.keyboard.press('ArrowRight');
      await poll(() => title.textContent()).not.toBe('b-clip.mp4');
      const next = await title.textContent();
      await page.keyboard.press('ArrowLeft');
      await poll(() => title.textContent()).toBe('b-clip.mp4');
      await video.waitFor();
      await video.focus();
      await page.keyboard.press('ArrowLeft');
      await poll(() => title.textContent()).not.toBe('b-clip.mp4');
      expect(await title.textContent()).not.toBe(next);
      expect(await coversPage(page)).toBe(true);
      await page.keyboard.press('Escape');
      await previewer.waitFor({ state: 'detached' });
      expect(unexpectedConsoleErrors(browser!.consoleErrors)).toEqual([]);
    });
  }
});

describe('account settings side list', () => {
  it('highlights the panel scrolled into view', async () => {
    const { page } = await openAs();
    await page.goto(`${server.url}/account-settings`);
    await waitForApp(page);
    const list = page.getByRole('navigation', { name: 'Account settings' });
    const link = (name: string) => list.getByRole('link', { name, exact: true });
    await page.locator('#delete-account').waitFor();
    await poll(() => link('Account details').getAttribute('aria-current')).toBe('location');

    // Scrolled by the page itself, not by the side list.
    await page.evaluate(() => document.getElementById('location-and-language')?.scrollIntoView({ block: 'start' }));
    await poll(() => link('Location and language').getAttribute('aria-current')).toBe('location');
    expect(await link('Account details').getAttribute('aria-current')).toBeNull();
    await screenshot(page, 'drive-recent-account-spy-1280');

    await page.mouse.move(640, 400);
    await page.mouse.wheel(0, 100_000);
    await poll(() => link('Delete account').getAttribute('aria-current')).toBe('location');

    // A short panel near the end never reaches the upper third: picked in the list, it is the one.
    await page.mouse.wheel(0, -100_000);
    await poll(() => link('Account details').getAttribute('aria-current')).toBe('location');
    await link('Developers').click();
    await poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await page.waitForTimeout(800);
    expect(await link('Developers').getAttribute('aria-current')).toBe('location');
    await screenshot(page, 'drive-recent-account-developers-1280');
    // Scrolling by hand again follows the page.
    await page.mouse.wheel(0, -100_000);
    await poll(() => link('Account details').getAttribute('aria-current')).toBe('location');
  });
});
