import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { unzip } from '../../server/test/helpers/zip.ts';
import { expectToast, registerViaApi, uniqueEmail } from './account-steps.ts';
import { driveApi, entry, makePng, shownNames, startDriveServer } from './drive-steps.ts';
import {
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

// The sharing journeys, with two users: a folder shared with edit, a password link
// opened in a fresh browser, and a restricted link that sends a logged-out visitor to /login.

let server: RunningServer;
const browsers: Browser[] = [];
const PASSWORD = 'sharing-pass-42';
const tmp = mkdtempSync(path.join(os.tmpdir(), 'kosh-e2e-sharing-'));

beforeAll(async () => {
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
  await b.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  return b;
}

/** A registered user, signed in in their own browser, with the drive API on its cookies. */
async function person(first: string, last: string, viewport = DESKTOP) {
  const email = uniqueEmail(first.toLowerCase());
  await registerViaApi(server, email, PASSWORD, { first_name: first, last_name: last });
  const b = await browserAt(viewport);
  await signInAs(server, b.context, email, PASSWORD);
  return { email, browser: b, page: b.page, api: { ...driveApi(server, b.context), ...sharingApi(b.context) } };
}

/** Sharing calls through a browser context's cookies, for seeding. */
function sharingApi(context: BrowserContext) {
  const headers = async () => ({
    accept: 'application/json',
    'x-xsrf-token': cookieValue(await context.cookies(server.url), 'XSRF-TOKEN') ?? '',
  });
  return {
    async createLink(entryId: number, data: Record<string, unknown>): Promise<{ hash: string; url: string }> {
      const response = await context.request.post(`${server.url}/api/v1/file-entries/${entryId}/shareable-link`, {
        data,
        headers: await headers(),
      });
      if (!response.ok()) throw new Error(`link: ${response.status()} ${await response.text()}`);
      return (await response.json()).link;
    },
    async download(url: string): Promise<Buffer> {
      const response = await context.request.get(`${server.url}${url}`);
      if (!response.ok()) throw new Error(`download: ${response.status()}`);
      return response.body();
    },
  };
}

async function go(page: Page, to: string) {
  await page.goto(server.url + to);
  await waitForApp(page);
}

async function openShareDialog(page: Page, name: string) {
  await entry(page, name).click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('share-dialog').waitFor();
  return dialog;
}

async function expectNoA11yProblems(page: Page) {
  expect(await seriousA11yViolations(page)).toEqual([]);
}

describe('sharing', () => {
  it('shares a folder with edit: the recipient uploads into it and the owner sees the file', async () => {
    const owner = await person('Asha', 'Rao');
    const bob = await person('Bob', 'Mehta');
    const team = await owner.api.folder('Team plans');
    await owner.api.upload('roadmap.txt', 'Q1: ship sharing\n', 'text/plain', team.id);
    await owner.api.folder('Private');

    await go(owner.page, '/drive');
    const dialog = await openShareDialog(owner.page, 'Team plans');
    const field = dialog.getByRole('textbox', { name: 'Add people by email' });
    await field.fill(`${bob.email}, not-an-address`);
    await field.press('Enter');
    expect(await dialog.getByTestId('email-chip').allTextContents()).toEqual([bob.email, 'not-an-address']);
    await dialog.getByRole('button', { name: 'Remove not-an-address' }).click();
    await dialog.getByRole('button', { name: /^Permission for new people/ }).click();
    await owner.page.getByRole('menuitem', { name: 'Can edit' }).click();
    await dialog.getByRole('button', { name: 'Share', exact: true }).click();
    await expectToast(owner.page, 'Shared with 1 person');
    const bobRow = dialog.locator(`[data-testid="share-person"][data-email="${bob.email}"]`);
    await bobRow.getByText('Bob Mehta').waitFor();
    await bobRow.getByRole('button', { name: /Can edit/ }).waitFor();
    await dialog.locator('[data-testid="share-person"]').first().getByText('Asha Rao (you)').waitFor();
    await screenshot(owner.page, 'sharing-dialog-people-1280');
    await expectNoA11yProblems(owner.page);
    await dialog.getByRole('button', { name: 'Done' }).click();
    // The owner's list shows the folder as shared, and the details panel says who has access.
    await entry(owner.page, 'Team plans').locator('[data-file-type="sharedFolder"]').waitFor();
    await entry(owner.page, 'Team plans').click();
    await owner.page.getByRole('button', { name: 'View details' }).click();
    await owner.page.getByTestId('details-access').getByText('Bob Mehta').waitFor();
    await screenshot(owner.page, 'sharing-details-access-1280');

    // Bob finds it under Shared with me, with the owner's name and avatar, and uploads into it.
    await go(bob.page, '/drive/shares');
    await entry(bob.page, 'Team plans').getByText('Asha Rao').waitFor();
    expect(await shownNames(bob.page)).toEqual(['Team plans']);
    await screenshot(bob.page, 'sharing-shared-with-me-1280');
    await entry(bob.page, 'Team plans').dblclick();
    await entry(bob.page, 'roadmap.txt').waitFor();
    await bob.page
      .getByTestId('upload-files-input')
      .setInputFiles([{ name: 'from-bob.txt', mimeType: 'text/plain', buffer: Buffer.from('hello from bob\n') }]);
    await bob.page.getByTestId('upload-panel').getByText('1 upload complete').waitFor();
    await entry(bob.page, 'from-bob.txt').waitFor();

    await go(owner.page, `/drive/folders/${team.hash}`);
    await entry(owner.page, 'from-bob.txt').waitFor();
    const files = await owner.api.list({ section: 'folder', folderHash: team.hash });
    expect(files.find((f) => f.name === 'from-bob.txt')?.owner_id).toBe(
      files.find((f) => f.name === 'roadmap.txt')?.owner_id,
    );
    expect(unexpectedConsoleErrors(owner.browser.consoleErrors)).toEqual([]);
    expect(unexpectedConsoleErrors(bob.browser.consoleErrors)).toEqual([]);
  });

  it('suggests people already shared with while typing, once the site turns suggestions on', async () => {
    const owner = await person('Meera', 'Iyer');
    const kabir = await person('Kabir', 'Shah');
    const first = await owner.api.folder('Budget');
    await owner.api.folder('Offsite');
    const shared = await owner.page.request.post(`${server.url}/api/v1/file-entries/shares`, {
      data: { entryIds: [first.id], emails: [kabir.email], permission: 'view' },
      headers: {
        accept: 'application/json',
        'x-xsrf-token': cookieValue(await owner.browser.context.cookies(server.url), 'XSRF-TOKEN') ?? '',
      },
    });
    expect(shared.ok()).toBe(true);
    await setSettings(server, { 'drive.share_suggestions': true });
    try {
      await go(owner.page, '/drive');
      const dialog = await openShareDialog(owner.page, 'Offsite');
      const field = dialog.getByRole('combobox', { name: 'Add people by email' });
      await field.pressSequentially('kab');
      const option = owner.page.getByRole('option', { name: new RegExp(kabir.email.replace(/[.+]/g, '\\$&')) });
      await option.waitFor();
      expect(await option.textContent()).toContain('Kabir Shah');
      expect(await field.getAttribute('aria-expanded')).toBe('true');
      await owner.page.mouse.move(0, 0);
      await screenshot(owner.page, 'sharing-suggestions-1280');
      await expectNoA11yProblems(owner.page);
      await field.press('ArrowDown');
      await field.press('Enter');
      expect(await dialog.getByTestId('email-chip').allTextContents()).toEqual([kabir.email]);
      // Nobody the user does not share with is ever offered.
      await field.pressSequentially('zz-nobody');
      await owner.page.waitForTimeout(400);
      expect(await owner.page.getByRole('option').count()).toBe(0);
      expect(unexpectedConsoleErrors(owner.browser.consoleErrors)).toEqual([]);
    } finally {
      await setSettings(server, { 'drive.share_suggestions': false });
    }
  });

  it('asks a visitor of a password link to pass the human check first, when the site says so', async () => {
    const owner = await person('Nila', 'Bose');
    const file = await owner.api.upload('quote.txt', 'forty-two\n', 'text/plain');
    const link = await owner.api.createLink(file.id, { password: 'open-sesame' });
    let answer = { success: false };
    const verifier = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((r) => verifier.listen(0, '127.0.0.1', () => r()));
    const port = (verifier.address() as AddressInfo).port;
    await setSettings(server, {
      'recaptcha.site_key': 'test-site-key',
      'recaptcha.secret_key': 'test-secret',
      'recaptcha.verify_url': `http://127.0.0.1:${port}/siteverify`,
      'recaptcha.enable': { register: false, contact: false, link_password: true },
    });
    try {
      const visitor = await browserAt(DESKTOP);
      await visitor.page.addInitScript(() => {
        (window as unknown as { grecaptcha: unknown }).grecaptcha = {
          ready: (fn: () => void) => fn(),
          execute: async (_key: string, { action }: { action: string }) => `token-for-${action}`,
        };
      });
      await visitor.page.goto(`${server.url}${link.url}`);
      await waitForApp(visitor.page);
      const form = visitor.page.getByTestId('link-password-form');
      await form.getByLabel('Password', { exact: true }).fill('open-sesame');
      await form.getByRole('button', { name: 'Unlock' }).click();
      await form.getByText('Could not verify you are human.').waitFor();
      await screenshot(visitor.page, 'sharing-link-password-not-human-1280');
      answer = { success: true };
      await form.getByRole('button', { name: 'Unlock' }).click();
      await visitor.page.getByText('quote.txt').first().waitFor();
    } finally {
      await setSettings(server, { 'recaptcha.site_key': '', 'recaptcha.enable': { register: false, contact: false } });
      await new Promise<void>((r) => verifier.close(() => r()));
    }
  });

  it('shows the shared-with-me list on a phone', async () => {
    const owner = await person('Meera', 'Iyer');
    const bob = await person('Kabir', 'Shah', MOBILE);
    const doc = await owner.api.upload('budget.txt', 'numbers', 'text/plain');
    const res = await owner.browser.context.request.post(`${server.url}/api/v1/file-entries/shares`, {
      data: { entryIds: [doc.id], emails: [bob.email], permission: 'view' },
      headers: {
        accept: 'application/json',
        'x-xsrf-token': cookieValue(await owner.browser.context.cookies(server.url), 'XSRF-TOKEN') ?? '',
      },
    });
    expect(res.ok()).toBe(true);
    await go(bob.page, '/drive/shares');
    await entry(bob.page, 'budget.txt')
      .getByText(/Meera Iyer/)
      .waitFor();
    await screenshot(bob.page, 'sharing-shared-with-me-375');
  });

  it('opens a password link in a fresh browser: wrong then right password, list, grid, preview, download', async () => {
    const owner = await person('Asha', 'Rao');
    const photos = await owner.api.folder('Holiday photos');
    const png = makePng(120, 90, [220, 120, 30]);
    await owner.api.upload('beach.png', png, 'image/png', photos.id);
    await owner.api.upload('notes.txt', 'sunny days\n', 'text/plain', photos.id);
    const day2 = await owner.api.folder('Day 2', photos.id);
    await owner.api.upload('hike.txt', 'up the hill\n', 'text/plain', day2.id);

    // The owner turns the link on, copies it, and sets a password in the Share dialog.
    await go(owner.page, '/drive');
    const dialog = await openShareDialog(owner.page, 'Holiday photos');
    // The switch's input is visually hidden: a person clicks its track (the label).
    await dialog
      .locator('label')
      .filter({ has: owner.page.getByRole('switch', { name: 'Share via link' }) })
      .click();
    const address = await dialog.getByTestId('link-address').inputValue();
    expect(address).toMatch(new RegExp(`^${server.url}/drive/s/[A-Za-z0-9_-]+$`));
    await dialog.getByRole('button', { name: 'Copy link' }).click();
    await dialog.getByRole('button', { name: 'Copied!' }).waitFor();
    expect(await owner.page.evaluate(() => navigator.clipboard.readText())).toBe(address);
    await dialog.getByText('Password', { exact: true }).click();
    expect(await dialog.getByRole('checkbox', { name: 'Password' }).isChecked()).toBe(true);
    await dialog.getByLabel('Link password').fill('open-sesame');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.getByText('This link is password protected').waitFor();
    await screenshot(owner.page, 'sharing-dialog-link-1280');
    await owner.page.setViewportSize(MOBILE);
    await screenshot(owner.page, 'sharing-dialog-link-375');
    await owner.page.setViewportSize(DESKTOP);

    for (const viewport of [DESKTOP, MOBILE]) {
      const size = viewport.width;
      const visitor = await browserAt(viewport);
      const page = visitor.page;
      await page.goto(address);
      await waitForApp(page);
      const form = page.getByTestId('link-password-form');
      await form.waitFor();
      expect(await page.getByTestId('entry').count()).toBe(0);
      await screenshot(page, `sharing-link-password-${size}`);
      await form.getByLabel('Password', { exact: true }).fill('wrong-guess');
      await form.getByRole('button', { name: 'Unlock' }).click();
      await form.getByText('The password is incorrect.').waitFor();
      await form.getByLabel('Password', { exact: true }).fill('open-sesame');
      await form.getByRole('button', { name: 'Unlock' }).click();
      await entry(page, 'beach.png').waitFor();
      expect(await shownNames(page)).toEqual(['Day 2', 'notes.txt', 'beach.png']);
      await page.evaluate(() => window.localStorage.setItem('kosh-drive-view-mode', 'list'));
      await page.reload();
      await waitForApp(page);
      // The unlock cookie lets the page back in without the password.
      await entry(page, 'beach.png').waitFor();
      await screenshot(page, `sharing-link-list-${size}`);
      await page.getByRole('button', { name: 'Grid view' }).click();
      await page.locator('[data-testid="file-view"][data-view-mode="grid"]').waitFor();
      await screenshot(page, `sharing-link-grid-${size}`);
      expect(await page.evaluate(() => window.localStorage.getItem('kosh-drive-view-mode'))).toBe('grid');
      if (size === DESKTOP.width) await expectNoA11yProblems(page);

      // Preview the image, then open a subfolder inside the link and come back.
      await entry(page, 'beach.png').dblclick();
      const previewer = page.getByTestId('previewer');
      await previewer.locator('[data-preview-kind="image"]').waitFor();
      expect(await previewer.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(
        120,
      );
      await previewer.getByRole('button', { name: 'Close' }).click();
      await entry(page, 'Day 2').dblclick();
      await entry(page, 'hike.txt').waitFor();
      await page.getByRole('button', { name: 'Holiday photos' }).click();
      await entry(page, 'beach.png').waitFor();

      if (size === DESKTOP.width) {
        // Download the linked folder as a ZIP and one file by itself.
        const [zip] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('button', { name: 'Download', exact: true }).click(),
        ]);
        const zipPath = path.join(tmp, 'link.zip');
        await zip.saveAs(zipPath);
        const files = await unzip(readFileSync(zipPath), { directories: false });
        expect([...files.keys()].sort()).toEqual([
          'Holiday photos/Day 2/hike.txt',
          'Holiday photos/beach.png',
          'Holiday photos/notes.txt',
        ]);
        expect(files.get('Holiday photos/notes.txt')?.toString()).toBe('sunny days\n');
        expect(files.get('Holiday photos/beach.png')?.equals(png)).toBe(true);
        await entry(page, 'notes.txt').click({ button: 'right' });
        const [one] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('menuitem', { name: 'Download' }).click(),
        ]);
        expect(one.suggestedFilename()).toBe('notes.txt');
        const onePath = path.join(tmp, 'notes.txt');
        await one.saveAs(onePath);
        expect(readFileSync(onePath, 'utf8')).toBe('sunny days\n');
      }
      expect(unexpectedConsoleErrors(visitor.consoleErrors)).toEqual([]);
    }
  });

  it('shows the Share dialog and the link page in the dark theme', async () => {
    const owner = await person('Asha', 'Rao');
    const bob = await person('Bob', 'Mehta');
    const folder = await owner.api.folder('Night shots');
    await owner.api.upload('moon.txt', 'full moon\n', 'text/plain', folder.id);
    await owner.api.createLink(folder.id, { password: 'dark-sky' });
    const dark = async (page: Page) => {
      await page.context().addCookies([{ name: 'be-active-theme', value: 'dark', url: server.url }]);
    };
    await dark(owner.page);
    await go(owner.page, '/drive');
    expect(await owner.page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    const dialog = await openShareDialog(owner.page, 'Night shots');
    const field = dialog.getByRole('textbox', { name: 'Add people by email' });
    await field.fill(bob.email);
    await field.press('Enter');
    await dialog.getByRole('button', { name: 'Share', exact: true }).click();
    await expectToast(owner.page, 'Shared with 1 person');
    await dialog.locator(`[data-testid="share-person"][data-email="${bob.email}"]`).getByText('Bob Mehta').waitFor();
    await dialog.getByText('This link is password protected').waitFor();
    await expectNoA11yProblems(owner.page);
    await screenshot(owner.page, 'sharing-dialog-dark-1280');
    const address = await dialog.getByTestId('link-address').inputValue();

    const visitor = await browserAt();
    await dark(visitor.page);
    await visitor.page.goto(address);
    await waitForApp(visitor.page);
    const form = visitor.page.getByTestId('link-password-form');
    await form.waitFor();
    await expectNoA11yProblems(visitor.page);
    await screenshot(visitor.page, 'sharing-link-password-dark-1280');
    await form.getByLabel('Password', { exact: true }).fill('dark-sky');
    await form.getByRole('button', { name: 'Unlock' }).click();
    await entry(visitor.page, 'moon.txt').waitFor();
    await expectNoA11yProblems(visitor.page);
    await screenshot(visitor.page, 'sharing-link-list-dark-1280');
    expect(unexpectedConsoleErrors(visitor.consoleErrors)).toEqual([]);
  });

  it('sends a logged-out visitor of a restricted link to /login; a logged-in one opens and saves it', async () => {
    const owner = await person('Asha', 'Rao');
    const folder = await owner.api.folder('Members only');
    await owner.api.upload('plan.txt', 'members plan\n', 'text/plain', folder.id);
    const link = await owner.api.createLink(folder.id, { restricted: true });

    const visitor = await browserAt();
    await visitor.page.goto(`${server.url}/s/${link.hash}`);
    await visitor.page.waitForURL((url) => url.pathname === '/login');
    // A link that does not exist says so, on its own page.
    await go(visitor.page, '/drive/s/no-such-link');
    await visitor.page.getByRole('heading', { name: 'This link does not exist' }).waitFor();

    const bob = await person('Bob', 'Mehta');
    await go(bob.page, link.url);
    await entry(bob.page, 'plan.txt').waitFor();
    expect(await bob.page.getByTestId('link-title').textContent()).toBe('Members only');
    await bob.page
      .locator('[data-menu-position="shareable-link-page"]')
      .getByRole('link', { name: 'My drive' })
      .waitFor();
    await bob.page.getByRole('button', { name: 'Save to my drive' }).click();
    await expectToast(bob.page, 'Saved to your drive');
    const mine = await bob.api.list({ section: 'home' });
    expect(mine.map((e) => e.name)).toContain('Members only');
  });
});
