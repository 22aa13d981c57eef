import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fillLogin, registerViaApi, uniqueEmail, waitForPath } from './account-steps.ts';
import { driveApi, entry, shownNames, startDriveServer } from './drive-steps.ts';
import {
  cookieValue,
  DESKTOP,
  MOBILE,
  openBrowser,
  screenshot,
  seriousA11yViolations,
  setSettings,
  signInAs,
  waitForApp,
  type Browser,
  type RunningServer,
} from './harness.ts';

// What new users tripped over in their first hour: details they could not find, sorts that
// started the wrong way round, dates that hid today's time, limits they learned too late.

let server: RunningServer;
let browser: Browser | undefined;
const PASSWORD = 'first-hour-pass-7';

beforeAll(async () => {
  server = await startDriveServer();
});
afterAll(async () => {
  await server?.stop();
});
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

async function signedIn(viewport = DESKTOP) {
  const email = uniqueEmail('first-hour');
  await registerViaApi(server, email, PASSWORD, { first_name: 'Meera', last_name: 'Iyer' });
  browser = await openBrowser(viewport);
  await signInAs(server, browser.context, email, PASSWORD);
  return { page: browser.page, api: driveApi(server, browser.context) };
}

describe('the drive', () => {
  it("shows a file's SHA-256 in the details panel, with copy", async () => {
    const { page, api } = await signedIn();
    const content = 'the bytes a user wants to check after download\n';
    await api.upload('checked.txt', content, 'text/plain');
    await browser!.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await page.goto(`${server.url}/drive`);
    await waitForApp(page);
    await entry(page, 'checked.txt').click();
    await page.getByRole('button', { name: 'View details' }).click();
    const expected = createHash('sha256').update(content).digest('hex');
    const shown = page.getByTestId('details-sha256');
    await shown.waitFor();
    expect(await shown.textContent()).toBe(expected);
    await page.getByRole('button', { name: 'Copy SHA-256' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'first-hour-sha256-1280');
  });

  it("starts a sort by name A to Z and shows today's changes as a time", async () => {
    const { page, api } = await signedIn();
    for (const name of ['delta.txt', 'alpha.txt', 'charlie.txt', 'bravo.txt'])
      await api.upload(name, name, 'text/plain');
    await page.goto(`${server.url}/drive`);
    await waitForApp(page);
    await entry(page, 'alpha.txt').waitFor();
    // The default sort is last modified, newest first; picking Name starts at A.
    await page.getByRole('button', { name: /^Sort by/ }).click();
    await page.getByRole('menuitem', { name: 'Name', exact: true }).click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="entry"]')?.getAttribute('data-entry-name') === 'alpha.txt',
    );
    expect(await shownNames(page)).toEqual(['alpha.txt', 'bravo.txt', 'charlie.txt', 'delta.txt']);
    const modified = await entry(page, 'alpha.txt').locator('[data-testid="entry-modified"]').textContent();
    expect(modified).toMatch(/^\d{1,2}:\d{2}\s?(AM|PM)?$/i);
    await screenshot(page, 'first-hour-sorted-1280');
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'first-hour-sorted-375');
  });
});

describe('the trash', () => {
  it('says when items go for good, and when and where from each was deleted', async () => {
    const { page, api } = await signedIn();
    const docs = await api.folder('Docs');
    const report = await api.upload('report.txt', 'quarterly', 'text/plain', docs.id);
    const loose = await api.upload('loose.txt', 'loose', 'text/plain');
    const headers = {
      'x-xsrf-token': (await browser!.context.cookies(server.url)).find((c) => c.name === 'XSRF-TOKEN')!.value,
    };
    const res = await browser!.context.request.post(`${server.url}/api/v1/file-entries/delete`, {
      data: { entryIds: [report.id, loose.id] },
      headers,
    });
    expect(res.ok()).toBe(true);
    await page.goto(`${server.url}/drive/trash`);
    await waitForApp(page);
    await page.getByTestId('trash-note').getByText('Items in the trash are deleted forever after 30 days.').waitFor();
    await page.getByRole('columnheader', { name: 'Original location' }).waitFor();
    await page.getByRole('columnheader', { name: 'Deleted' }).waitFor();
    expect(await entry(page, 'report.txt').getByRole('gridcell').nth(1).textContent()).toBe('Docs');
    expect(await entry(page, 'loose.txt').getByRole('gridcell').nth(1).textContent()).toBe('Home');
    expect(await entry(page, 'report.txt').locator('[data-testid="entry-modified"]').textContent()).toMatch(/\d:\d{2}/);
    await screenshot(page, 'first-hour-trash-1280');
    await page.setViewportSize(MOBILE);
    await entry(page, 'report.txt').getByText(/Docs/).waitFor();
    await screenshot(page, 'first-hour-trash-375');
  });
});

describe('a folder shared for viewing', () => {
  it('offers nothing to add inside it, on any screen, and highlights Shared with me', async () => {
    const owner = await signedIn();
    const handbook = await owner.api.folder('Handbook');
    await owner.api.upload('policy.txt', 'read, do not edit\n', 'text/plain', handbook.id);
    const viewer = uniqueEmail('viewer');
    await registerViaApi(server, viewer, PASSWORD, { first_name: 'Ravi', last_name: 'Kumar' });
    const shared = await browser!.context.request.post(`${server.url}/api/v1/file-entries/shares`, {
      data: { entryIds: [handbook.id], emails: [viewer], permission: 'view' },
      headers: {
        accept: 'application/json',
        'x-xsrf-token': cookieValue(await browser!.context.cookies(server.url), 'XSRF-TOKEN') ?? '',
      },
    });
    expect(shared.ok()).toBe(true);
    await browser!.close();

    browser = await openBrowser(DESKTOP);
    await signInAs(server, browser.context, viewer, PASSWORD);
    const { page } = browser;
    const sections = page.getByRole('navigation', { name: 'Drive' });
    await page.goto(`${server.url}/drive`);
    await waitForApp(page);
    // In their own drive the viewer may add; Home is the section they are in.
    await page.getByRole('button', { name: 'New', exact: true }).waitFor();
    expect(await sections.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');

    await page.goto(`${server.url}/drive/folders/${handbook.hash}`);
    await waitForApp(page);
    await entry(page, 'policy.txt').waitFor();
    expect(await page.getByRole('button', { name: 'New', exact: true }).count()).toBe(0);
    expect(await sections.getByRole('link', { name: 'Shared with me' }).getAttribute('aria-current')).toBe('page');
    expect(await sections.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
    await page.getByTestId('current-crumb').click();
    await page.getByRole('menu').waitFor();
    const offered = await page.getByRole('menuitem').allTextContents();
    expect(offered.filter((item) => /New folder|Upload/.test(item))).toEqual([]);
    await page.keyboard.press('Escape');
    await screenshot(page, 'first-hour-view-only-folder-1280');

    // On a phone there is no New button floating over the list either.
    await page.setViewportSize(MOBILE);
    await entry(page, 'policy.txt').waitFor();
    expect(await page.getByRole('button', { name: 'New', exact: true }).count()).toBe(0);
    await screenshot(page, 'first-hour-view-only-folder-375');
  });
});

describe('the shell', () => {
  it("offers 'Upgrade' only while billing is on", async () => {
    const { page } = await signedIn();
    await page.goto(`${server.url}/drive`);
    await waitForApp(page);
    await page.getByRole('button', { name: 'New', exact: true }).first().waitFor();
    expect(await page.getByRole('link', { name: 'Upgrade' }).count()).toBe(0);
    await setSettings(server, { 'billing.enable': true });
    try {
      await page.reload();
      await waitForApp(page);
      await page.getByRole('link', { name: 'Upgrade' }).waitFor();
    } finally {
      await setSettings(server, { 'billing.enable': false });
    }
  });
});

describe('account settings', () => {
  it('lets a new user without a name go on to the drive through the logo', async () => {
    const email = uniqueEmail('nameless');
    await registerViaApi(server, email, PASSWORD);
    browser = await openBrowser(DESKTOP);
    const { page } = browser;
    await page.goto(`${server.url}/login`);
    await waitForApp(page);
    await fillLogin(page, email, PASSWORD);
    // The spec's post-login detour for a user without a name...
    await waitForPath(page, '/account-settings');
    // ...is not a trap: the logo leads to the drive.
    await page.getByRole('banner').getByRole('link', { name: 'Kosh' }).click();
    await waitForPath(page, '/drive');
    await page.getByRole('button', { name: 'New', exact: true }).first().waitFor();
  });

  it('says the avatar limit before a file is picked', async () => {
    const { page } = await signedIn(MOBILE);
    await page.goto(`${server.url}/account-settings`);
    await waitForApp(page);
    const hint = page.getByText('An image file of at most 2 MB.');
    await hint.waitFor();
    const described = await page.getByRole('button', { name: 'Upload image' }).getAttribute('aria-describedby');
    expect(described).toBe('avatar-hint');
    await hint.scrollIntoViewIfNeeded();
    await screenshot(page, 'first-hour-avatar-375');
  });
});
