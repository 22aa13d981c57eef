import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { unzip } from '../../server/test/helpers/zip.ts';
import { registerViaApi, uniqueEmail } from './account-steps.ts';
import { driveApi, entry, startDriveServer } from './drive-steps.ts';
import { keptServerNode, rememberServerNode } from './drawn-steps.ts';
import {
  cookieValue,
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

// A logged-out visitor of a shareable link: who shared it, no way into a drive they do not have,
// an expired link told apart from a missing one, select all downloading more than the page loaded;
// and the API docs page in Kosh's look, CSP-clean.

let server: RunningServer;
const browsers: Browser[] = [];
const PASSWORD = 'visitor-pass-42';
const SHOTS = process.env.KOSH_E2E_SHOTS;
let tmp: string;

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'kosh-link-e2e-'));
  server = await startDriveServer();
});
afterAll(async () => {
  await server?.stop();
  rmSync(tmp, { recursive: true, force: true });
});
afterEach(async () => {
  for (const b of browsers.splice(0)) await b.close();
});

async function browserAt(viewport = DESKTOP): Promise<Browser> {
  const b = await openBrowser(viewport);
  browsers.push(b);
  return b;
}

/** Screenshots into the journeys' folder, and a copy where the reviewer looks when KOSH_E2E_SHOTS is set. */
async function shot(page: Page, name: string) {
  await screenshot(page, name);
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  copyFileSync(path.join(import.meta.dirname, 'screenshots', `${name}.png`), path.join(SHOTS, `${name}.png`));
}

/** A registered owner with a folder holding one file, and a link to it made with `settings`. */
async function ownerWithLink(settings: () => Record<string, unknown> = () => ({})) {
  const email = uniqueEmail('asha');
  await registerViaApi(server, email, PASSWORD, { first_name: 'Asha', last_name: 'Rao' });
  const b = await browserAt();
  await signInAs(server, b.context, email, PASSWORD);
  const api = driveApi(server, b.context);
  const folder = await api.folder('Holiday photos');
  await api.upload('itinerary.txt', 'Day 1: Goa\n', 'text/plain', folder.id);
  const response = await b.context.request.post(`${server.url}/api/v1/file-entries/${folder.id}/shareable-link`, {
    data: settings(),
    headers: {
      accept: 'application/json',
      'x-xsrf-token': cookieValue(await b.context.cookies(server.url), 'XSRF-TOKEN') ?? '',
    },
  });
  if (!response.ok()) throw new Error(`link: ${response.status()} ${await response.text()}`);
  const link = (await response.json()).link as { hash: string; url: string };
  return { email, link, api, folder };
}

/** `count` text files named `prefix NNN.txt` in a folder, uploaded 16 at a time. */
async function uploadMany(api: ReturnType<typeof driveApi>, folderId: number, prefix: string, count: number) {
  const names = Array.from({ length: count }, (_, i) => `${prefix} ${String(i + 1).padStart(3, '0')}.txt`);
  for (let i = 0; i < names.length; i += 16)
    await Promise.all(names.slice(i, i + 16).map((name) => api.upload(name, name, 'text/plain', folderId)));
}

/** Right-click a selected entry and download; answers the saved ZIP's entries and the address asked. */
async function downloadSelection(page: Page, name: string, file: string) {
  await entry(page, name).click({ button: 'right' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'Download' }).click(),
  ]);
  const saved = path.join(tmp, file);
  await download.saveAs(saved);
  return {
    zip: await unzip(readFileSync(saved)),
    url: new URL(download.url()),
    filename: download.suggestedFilename(),
  };
}

describe('a logged-out visitor of a shareable link', () => {
  it('sees who shared it by name (not the email) and no My drive, at 1280 and 375 px', async () => {
    const { email, link } = await ownerWithLink();
    for (const [viewport, name] of [
      [DESKTOP, 'link-visitor-desktop'],
      [MOBILE, 'link-visitor-mobile'],
    ] as const) {
      const { page, consoleErrors } = await browserAt(viewport);
      await page.goto(server.url + link.url);
      await waitForApp(page);
      await expect
        .poll(() => page.getByTestId('link-shared-by').textContent(), { timeout: 20_000 })
        .toBe('Shared by Asha Rao');
      await page.getByText('itinerary.txt').first().waitFor();
      expect(await page.getByText(email).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'My drive' }).count()).toBe(0);
      await shot(page, name);
      expect(unexpectedConsoleErrors(consoleErrors)).toEqual([]);
    }
  });

  it('sees the link page drawn before its scripts arrive, and the app takes it over without asking again', async () => {
    const { link, api, folder } = await ownerWithLink();
    await api.folder('Day trips', folder.id);
    const plan = await api.upload('plan.txt', 'Day 2: Hampi\n', 'text/plain', folder.id);
    // A phone says so (Sec-CH-UA-Mobile), and the server draws the page for a phone.
    const phone = { 'sec-ch-ua-mobile': '?1' };
    const blocked = await browserAt(MOBILE);
    await blocked.context.setExtraHTTPHeaders(phone);
    await blocked.page.route('**/assets/*.js', (route) => route.abort());
    await blocked.page.goto(server.url + link.url);
    await entry(blocked.page, 'itinerary.txt').waitFor();
    expect(await entry(blocked.page, 'Day trips').isVisible()).toBe(true);
    expect(await blocked.page.getByTestId('link-shared-by').textContent()).toBe('Shared by Asha Rao');
    await shot(blocked.page, 'link-drawn-before-scripts-mobile');

    // A visitor far from the site's timezone (UTC, its default) sees times in the site's, drawn and live alike.
    const { page, context, consoleErrors } = await browserAt(MOBILE);
    await context.setExtraHTTPHeaders(phone);
    await (await context.newCDPSession(page)).send('Emulation.setTimezoneOverride', {
      timezoneId: 'Pacific/Kiritimati',
    });
    await rememberServerNode(page);
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === `/api/v1/shareable-links/${link.hash}`) asked.push(url.search);
    });
    await page.goto(server.url + link.url);
    await waitForApp(page);
    // Hydrated, not redrawn, from the answer the page came with.
    expect(await keptServerNode(page)).toBe(true);
    expect(asked).toEqual([]);
    const siteTime = await page.evaluate(
      (at) =>
        new Intl.DateTimeFormat('en', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(new Date(at)),
      plan.updated_at,
    );
    await expect.poll(() => entry(page, 'plan.txt').textContent()).toContain(siteTime);
    await entry(page, 'Day trips').dblclick();
    await page.getByText('This folder is empty').waitFor();
    expect(asked).toEqual([expect.stringContaining('folderHash=')]);
    expect(unexpectedConsoleErrors(consoleErrors)).toEqual([]);
    // The drawing, before any script, shows the very same time.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto(server.url + link.url);
    expect(await entry(page, 'plan.txt').textContent()).toContain(siteTime);
  });

  it('does not say who shared a password-protected link until it is unlocked', async () => {
    const { link } = await ownerWithLink(() => ({ password: 'holiday-secret' }));
    const { page } = await browserAt();
    await page.goto(server.url + link.url);
    await waitForApp(page);
    await page.locator('input[type="password"]').fill('holiday-secret');
    expect(await page.getByTestId('link-shared-by').count()).toBe(0);
    await page.getByRole('button', { name: 'Unlock' }).click();
    await expect
      .poll(() => page.getByTestId('link-shared-by').textContent(), { timeout: 20_000 })
      .toBe('Shared by Asha Rao');
  });

  it('downloads every entry of a linked folder or a folder inside it on select all, not only the loaded ones', {
    timeout: 180_000,
  }, async () => {
    // Holiday photos: itinerary.txt, 120 photos and Beaches (70 files); the page loads 50 entries a call.
    const { link, api, folder } = await ownerWithLink();
    const beaches = await api.folder('Beaches', folder.id);
    await uploadMany(api, beaches.id, 'Beach', 70);
    await uploadMany(api, folder.id, 'Photo', 120);
    const { page, consoleErrors } = await browserAt();
    const pagesLoaded: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === `/api/v1/shareable-links/${link.hash}`) pagesLoaded.push(url.searchParams.get('page') ?? '');
    });
    await page.goto(server.url + link.url);
    await waitForApp(page);
    await entry(page, 'Beaches').waitFor();

    await entry(page, 'Beaches').click();
    await page.keyboard.press('Control+a');
    const top = await downloadSelection(page, 'Beaches', 'holiday.zip');
    expect([top.filename, top.url.searchParams.get('place')]).toEqual(['Holiday photos.zip', 'folder']);
    // 122 entries with the 70 files inside Beaches (and its own entry as a folder).
    expect(top.zip.size).toBe(1 + 120 + 1 + 70);
    expect(top.zip.get('Beaches/Beach 070.txt')?.toString()).toBe('Beach 070.txt');
    expect(top.zip.get('Photo 001.txt')?.toString()).toBe('Photo 001.txt');
    // The page had loaded two calls' worth at most (100 of 122 entries) when it downloaded them all.
    expect(Math.max(...pagesLoaded.map(Number))).toBeLessThanOrEqual(2);

    // Inside the link, one left out with Ctrl+click.
    await entry(page, 'Beaches').dblclick();
    await entry(page, 'Beach 070.txt').waitFor();
    await entry(page, 'Beach 070.txt').click();
    await page.keyboard.press('Control+a');
    await entry(page, 'Beach 070.txt').click({ modifiers: ['Control'] });
    await entry(page, 'Beach 069.txt').click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Download' }).waitFor();
    await shot(page, 'link-select-all-download-desktop');
    await page.keyboard.press('Escape');
    const inner = await downloadSelection(page, 'Beach 069.txt', 'beaches.zip');
    expect([inner.filename, inner.url.searchParams.get('except')]).toEqual([
      'Beaches.zip',
      expect.stringMatching(/^\d+$/),
    ]);
    expect(inner.zip.size).toBe(69);
    expect(inner.zip.has('Beach 070.txt')).toBe(false);
    expect(unexpectedConsoleErrors(consoleErrors)).toEqual([]);
  });

  it('tells an expired link (ask for a new one) from one that does not exist', async () => {
    const { link } = await ownerWithLink(() => ({ expires_at: new Date(Date.now() + 3000).toISOString() }));
    await new Promise((resolve) => setTimeout(resolve, 3500));
    for (const [viewport, suffix] of [
      [DESKTOP, 'desktop'],
      [MOBILE, 'mobile'],
    ] as const) {
      const { page } = await browserAt(viewport);
      await page.goto(server.url + link.url);
      await waitForApp(page);
      await page.getByRole('heading', { name: 'This link has expired' }).waitFor();
      await page.getByText('Ask the person who shared it with you for a new link.').waitFor();
      await shot(page, `link-expired-${suffix}`);
      await page.goto(`${server.url}/drive/s/no-such-link-at-all`);
      await waitForApp(page);
      await page.getByRole('heading', { name: 'This link does not exist' }).waitFor();
      expect(await page.getByText('This link has expired').count()).toBe(0);
      await shot(page, `link-missing-${suffix}`);
    }
  });
});

describe('the API docs page', () => {
  it('loads in Kosh’s look with no console errors or CSP violations, at 1280 and 375 px', async () => {
    for (const [viewport, name] of [
      [DESKTOP, 'api-docs-desktop'],
      [MOBILE, 'api-docs-mobile'],
    ] as const) {
      const { page, consoleErrors } = await browserAt(viewport);
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { cspViolations: string[] }).cspViolations = seen;
        document.addEventListener('securitypolicyviolation', (e) =>
          seen.push(`${e.violatedDirective} ${e.blockedURI}`),
        );
      });
      await page.goto(`${server.url}/api-docs`);
      await page.locator('.swagger-ui .info .title').waitFor();
      await page.locator('.opblock-tag').first().waitFor();
      await page.waitForLoadState('networkidle');
      const font = await page.evaluate(
        () => getComputedStyle(document.querySelector('.swagger-ui .info .title')!).fontFamily,
      );
      expect(font).toContain('Inter Variable');
      expect(await page.evaluate(() => document.fonts.check('16px "Inter Variable"'))).toBe(true);
      await shot(page, name);
      expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
      expect(consoleErrors).toEqual([]);
    }
  });
});
