import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { registerViaApi, uniqueEmail } from './account-steps.ts';
import { driveApi, entry, startDriveServer } from './drive-steps.ts';
import {
  cookieValue,
  DESKTOP,
  openBrowser,
  signInAs,
  waitForApp,
  type Browser,
  type RunningServer,
} from './harness.ts';

// Stored XSS through every name a user controls: file and folder names, workspace names, first and
// last names, and the notification lines built from them, seen by their author, by the person they
// are shared with and by a link visitor. Each payload sets window.__xss if it ever runs.

const IMG = '<img src=x onerror="window.__xss=1">';
const SVG = '<svg onload="window.__xss=2">';
const SCRIPT = '<script>window.__xss=3</script>';
const ATTR = '" autofocus onfocus="window.__xss=4" x="';

let server: RunningServer;
const browsers: Browser[] = [];
const PASSWORD = 'xss-journey-pass-7';

beforeAll(async () => {
  server = await startDriveServer();
});
afterAll(async () => {
  await server?.stop();
});
afterEach(async () => {
  for (const b of browsers.splice(0)) await b.close();
});

/** A browser that records dialogs (alert, confirm, prompt) a payload might open. */
async function watchedBrowser(): Promise<{ browser: Browser; dialogs: string[] }> {
  const browser = await openBrowser(DESKTOP);
  browsers.push(browser);
  const dialogs: string[] = [];
  browser.page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return { browser, dialogs };
}

/** JSON calls through a browser context's cookies, for seeding. */
function api(context: BrowserContext) {
  const call = async (method: 'post' | 'put', path: string, data: unknown) => {
    const xsrf = cookieValue(await context.cookies(server.url), 'XSRF-TOKEN') ?? '';
    const response = await context.request[method](`${server.url}/api/v1/${path}`, {
      data,
      headers: { accept: 'application/json', 'x-xsrf-token': xsrf },
    });
    if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
    return response.json();
  };
  return { post: (path: string, data: unknown) => call('post', path, data), put: call.bind(null, 'put') };
}

/** Nothing ran: no flag, no dialog, and no element the payloads would have made. */
async function expectNothingRan(page: Page, dialogs: string[], where: string) {
  // onerror and onload fire after the image fails or the element attaches: give them a moment.
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss), where).toBeUndefined();
  expect(dialogs, where).toEqual([]);
  expect(await page.locator('img[src="x"], svg[onload], [onfocus]').count(), where).toBe(0);
}

describe('stored XSS through names', () => {
  it('shows every name as text in the drive, share dialog, switcher, notifications and link page', async () => {
    const authorEmail = uniqueEmail('mallory');
    const viewerEmail = uniqueEmail('victor');
    await registerViaApi(server, authorEmail, PASSWORD, { first_name: IMG, last_name: SCRIPT });
    await registerViaApi(server, viewerEmail, PASSWORD, { first_name: 'Victor', last_name: 'Viewer' });

    const author = await watchedBrowser();
    await signInAs(server, author.browser.context, authorEmail, PASSWORD);
    const drive = driveApi(server, author.browser.context);
    const calls = api(author.browser.context);
    const folder = await drive.folder(IMG);
    const inside = await drive.upload(`${SVG}.txt`, 'x', 'text/plain', folder.id);
    // The server may tidy a name (quotes, spaces): the page shows what it stored.
    const attr = await drive.upload(`${ATTR}.txt`, 'x', 'text/plain');
    const me = await calls.post('file-entries/shares', {
      entryIds: [folder.id],
      emails: [viewerEmail],
      permission: 'view',
    });
    expect(me.results[0].ok).toBe(true);
    const { link } = await calls.post(`file-entries/${folder.id}/shareable-link`, {});
    const { workspace } = await calls.post('workspace', { name: `${IMG}${SCRIPT}` });
    await calls.post(`workspace/${workspace.id}/invite`, { emails: [viewerEmail], role: 'viewer' });

    // The author's drive: folder and file names, then the share dialog with the author's own name.
    const page = author.browser.page;
    await page.goto(`${server.url}/drive`);
    await waitForApp(page);
    await entry(page, IMG).waitFor();
    await entry(page, attr.name).waitFor();
    await expectNothingRan(page, author.dialogs, 'drive');
    await entry(page, IMG).click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Share', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('share-dialog').waitFor();
    await dialog.getByText(viewerEmail).first().waitFor();
    await expectNothingRan(page, author.dialogs, 'share dialog');
    await page.keyboard.press('Escape');
    await page.goto(`${server.url}/drive/folders/${folder.hash}`);
    await waitForApp(page);
    await entry(page, inside.name).waitFor();
    await expectNothingRan(page, author.dialogs, 'folder');
    const switcher = page.getByTestId('workspace-switcher');
    await switcher.click();
    await page.getByRole('menuitem', { name: `${IMG}${SCRIPT}` }).waitFor();
    await expectNothingRan(page, author.dialogs, 'workspace switcher');

    // The person it is shared with: shared-with-me (the author's names), the bell and the notifications page.
    const viewer = await watchedBrowser();
    await signInAs(server, viewer.browser.context, viewerEmail, PASSWORD);
    const vpage = viewer.browser.page;
    await vpage.goto(`${server.url}/drive/shares`);
    await waitForApp(vpage);
    await entry(vpage, IMG).waitFor();
    await expectNothingRan(vpage, viewer.dialogs, 'shared with me');
    await vpage.getByTestId('notifications-bell').click();
    await vpage.getByTestId('notifications-popover').getByTestId('notification-row').first().waitFor();
    await expectNothingRan(vpage, viewer.dialogs, 'notifications popover');
    await vpage.goto(`${server.url}/notifications`);
    await waitForApp(vpage);
    await vpage.getByTestId('notification-row').first().waitFor();
    const lines = await vpage.getByTestId('notification-row').allTextContents();
    expect(lines.join('\n')).toContain(IMG);
    await expectNothingRan(vpage, viewer.dialogs, 'notifications page');

    // A visitor of the link: the folder and the file inside it by name.
    const visitor = await watchedBrowser();
    const lpage = visitor.browser.page;
    await lpage.goto(`${server.url}${link.url}`);
    await waitForApp(lpage);
    await lpage.getByText(inside.name).first().waitFor();
    await expectNothingRan(lpage, visitor.dialogs, 'link page');
  });
});
