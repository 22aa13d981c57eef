import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { registerViaApi, uniqueEmail } from './account-steps.ts';
import { driveApi, entry, shownNames, startDriveServer } from './drive-steps.ts';
import {
  apiClient,
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

// Tags in the drive: tag two files at once, see the chips, filter the listing by a tag, find
// entries by tag in search, remove a tag; someone a folder is shared with for viewing sees its
// tags but is not offered to change them.

let server: RunningServer;
const browsers: Browser[] = [];
const PASSWORD = 'drive-tags-42';
let ownerEmail: string;
let viewerEmail: string;

beforeAll(async () => {
  server = await startDriveServer();
  ownerEmail = uniqueEmail('tagger');
  viewerEmail = uniqueEmail('viewer');
  await registerViaApi(server, ownerEmail, PASSWORD, { first_name: 'Tara', last_name: 'Iyer' });
  await registerViaApi(server, viewerEmail, PASSWORD, { first_name: 'Vik', last_name: 'Rao' });
});
afterAll(async () => {
  await server?.stop();
});
afterEach(async () => {
  for (const b of browsers.splice(0)) await b.close();
});

async function signedIn(email: string, viewport = DESKTOP) {
  const b = await openBrowser(viewport);
  browsers.push(b);
  await signInAs(server, b.context, email, PASSWORD);
  return { browser: b, page: b.page, api: driveApi(server, b.context) };
}

async function openDrive(page: Page, path = '/drive') {
  await page.goto(`${server.url}${path}`);
  await waitForApp(page);
}

const chip = (page: Page, name: string, tag: string) => entry(page, name).getByRole('button', { name: tag });

describe('tags in the drive', () => {
  it('tags two files, filters by a tag, finds by tag in search and removes a tag', async () => {
    const { page, api, browser } = await signedIn(ownerEmail);
    for (const name of ['alpha.txt', 'beta.txt', 'gamma.txt']) await api.upload(name, name, 'text/plain');
    await openDrive(page);
    await entry(page, 'gamma.txt').waitFor();

    // Two files picked: the toolbar's overflow menu offers Tags.
    await entry(page, 'alpha.txt').click();
    await entry(page, 'beta.txt').click({ modifiers: ['Control'] });
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Tags', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Tags of 2 items' });
    const input = dialog.getByRole('textbox', { name: 'Add tag' });
    await input.fill('Blue Sky');
    await input.press('Enter');
    await dialog.getByTestId('tag-chip').filter({ hasText: 'Blue Sky' }).waitFor();
    await input.fill('Draft');
    await input.press('Enter');
    await dialog.getByTestId('tag-chip').filter({ hasText: 'Draft' }).waitFor();
    // Backspace in the empty field takes the last tag off again.
    await input.press('Backspace');
    await dialog.getByTestId('tag-chip').filter({ hasText: 'Draft' }).waitFor({ state: 'detached' });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'drive-tags-dialog-1280');
    await dialog.getByRole('button', { name: 'Done' }).click();

    await chip(page, 'alpha.txt', 'Blue Sky').waitFor();
    await chip(page, 'beta.txt', 'Blue Sky').waitFor();
    expect(await chip(page, 'gamma.txt', 'Blue Sky').count()).toBe(0);
    await page.keyboard.press('Escape');
    await screenshot(page, 'drive-tags-list-1280');

    // A chip filters the listing; the filter chip above it takes the filter away.
    await chip(page, 'alpha.txt', 'Blue Sky').click();
    await page.waitForURL(/tag=blue-sky/);
    await expect
      .poll(async () => (await shownNames(page)).sort(), { timeout: 15_000 })
      .toEqual(['alpha.txt', 'beta.txt']);
    // The chip reads the tag's display name, not the name in the address.
    const filter = page.getByText('Tag: Blue Sky');
    await filter.waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'drive-tags-filtered-1280');
    await page.getByRole('button', { name: 'Remove filter' }).click();
    await entry(page, 'gamma.txt').waitFor();

    // Search finds the entries carrying a tag named like the query.
    await openDrive(page, '/drive/search?query=blue%20sky');
    await expect
      .poll(async () => (await shownNames(page)).sort(), { timeout: 15_000 })
      .toEqual(['alpha.txt', 'beta.txt']);

    // Details show the tags; the context menu's Tags removes one.
    await openDrive(page);
    await entry(page, 'beta.txt').click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Details', exact: true }).click();
    await page.getByTestId('details-panel').getByRole('button', { name: 'Blue Sky' }).waitFor();
    await screenshot(page, 'drive-tags-details-1280');
    await entry(page, 'beta.txt').click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Tags', exact: true }).click();
    const one = page.getByRole('dialog', { name: 'Tags of beta.txt' });
    await one.getByRole('button', { name: 'Remove tag Blue Sky' }).click();
    await one.getByTestId('tag-chip').waitFor({ state: 'detached' });
    // Still on alpha.txt, Blue Sky is offered; Down from the field reaches it, Up goes back.
    const suggested = one.getByRole('group', { name: 'Suggestions' }).getByRole('button', { name: 'Blue Sky' });
    await suggested.waitFor();
    const field = one.getByRole('textbox', { name: 'Add tag' });
    await field.focus();
    await field.press('ArrowDown');
    await expect.poll(() => suggested.evaluate((el) => el === document.activeElement), { timeout: 15_000 }).toBe(true);
    await suggested.press('ArrowUp');
    await expect.poll(() => field.evaluate((el) => el === document.activeElement), { timeout: 15_000 }).toBe(true);
    await one.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => chip(page, 'beta.txt', 'Blue Sky').count(), { timeout: 15_000 }).toBe(0);
    await chip(page, 'alpha.txt', 'Blue Sky').waitFor();
    expect(unexpectedConsoleErrors(browser.consoleErrors)).toEqual([]);
  });

  it('shows a viewer of a shared folder its tags without offering to change them (375 px, dark)', async () => {
    const owner = await apiClient(server, ownerEmail, PASSWORD);
    // A name of its own per run (a retry finds the first run's folder).
    const folder = await owner.call('POST', 'api/v1/folders', { name: `Team notes ${Date.now().toString(36)}` });
    const folderEntry = (folder.body as { fileEntry: { id: number; hash: string } }).fileEntry;
    const { api: ownerApi } = await signedIn(ownerEmail);
    const file = await ownerApi.upload('minutes.txt', 'minutes', 'text/plain', folderEntry.id);
    const tagged = await owner.call('POST', 'api/v1/file-entries/tags', { entryIds: [file.id], tags: ['Weekly'] });
    expect(tagged.status).toBe(200);
    const shared = await owner.call('POST', 'api/v1/file-entries/shares', {
      entryIds: [folderEntry.id],
      emails: [viewerEmail],
      permission: 'view',
    });
    expect(shared.status, JSON.stringify(shared.body)).toBeLessThan(300);

    const { page, browser } = await signedIn(viewerEmail, MOBILE);
    await browser.context.addCookies([{ name: 'be-active-theme', value: 'dark', url: server.url }]);
    await openDrive(page, `/drive/folders/${folderEntry.hash}`);
    await chip(page, 'minutes.txt', 'Weekly').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'drive-tags-viewer-dark-375');
    await entry(page, 'minutes.txt').getByTestId('more-actions').click();
    await page.getByRole('menuitem').first().waitFor();
    expect(await page.getByRole('menuitem', { name: 'Tags', exact: true }).count()).toBe(0);
  });
});
