import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectToast, registerViaApi, uniqueEmail } from './account-steps.ts';
import { entry } from './drive-steps.ts';
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
import { grant, ok } from './admin-steps.ts';

// The admin Tags screen: every tag with how many entries carry it; staff add, rename, merge (the
// drive then shows the merged tag) and delete tags. Without tags.update the guard sends them away.

let server: RunningServer;
let browser: Browser | undefined;
const PASSWORD = 'admin-tags-7';
let staffEmail: string;

beforeAll(async () => {
  server = await startServer();
  const api = await adminClient(server);
  const folder = async (name: string) =>
    (await ok<{ fileEntry: { id: number } }>(api.call('POST', 'api/v1/folders', { name }), 201)).fileEntry.id;
  const [alpha, beta, gamma] = [await folder('Alpha'), await folder('Beta'), await folder('Gamma')];
  const tag = (entryIds: number[], tags: string[]) =>
    ok(api.call('POST', 'api/v1/file-entries/tags', { entryIds, tags }));
  await tag([alpha, beta], ['Holiday']);
  await tag([gamma], ['Vacation', 'Trip']);
  staffEmail = uniqueEmail('tagless');
  await registerViaApi(server, staffEmail, PASSWORD);
  grant(server, staffEmail, ['admin.access']);
});
afterAll(async () => {
  await server?.stop();
});
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

async function openTags(viewport = DESKTOP, dark = false) {
  browser = await openBrowser(viewport);
  if (dark) await browser.context.addCookies([{ name: 'be-active-theme', value: 'dark', url: server.url }]);
  await signInAs(server, browser.context);
  await browser.page.goto(`${server.url}/admin/tags`);
  await waitForApp(browser.page);
  await browser.page.getByRole('heading', { name: 'Tags' }).waitFor();
  return browser.page;
}

const table = (page: Page) => page.getByRole('grid', { name: 'Tags' });
const row = (page: Page, name: string) =>
  table(page)
    .locator('tbody [role="row"]')
    .filter({ has: page.getByRole('rowheader', { name, exact: true }) });
const range = (page: Page) => page.getByTestId('table-range');
/** Name and entries count of each row, top to bottom. */
const shownRows = (page: Page) =>
  table(page)
    .locator('tbody [role="row"]')
    .evaluateAll((rows) =>
      rows.map((r) => {
        const cells = [...r.querySelectorAll('[role="rowheader"], [role="gridcell"]')].map(
          (c) => c.textContent?.trim() ?? '',
        );
        return cells.filter(Boolean).join(' | ');
      }),
    );
const press = (box: ReturnType<Page['locator']>) => box.locator('xpath=ancestor::label[1]').click();

describe('admin tags', () => {
  // Long: five changes, each waiting for its toast and the table, then the drive.
  it('lists tags with counts, adds, renames, merges (the drive shows it) and deletes', {
    timeout: 240_000,
  }, async () => {
    const page = await openTags();
    await range(page).filter({ hasText: '1–3 of 3' }).waitFor();
    const first = await shownRows(page);
    expect(first[0]).toContain('holiday');
    expect(first[0]).toContain('| 2 |');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'admin-tags-light-1280');

    // Add.
    await page.getByRole('button', { name: 'Add new tag' }).click();
    const add = page.getByRole('dialog', { name: 'Add new tag' });
    await add.getByRole('textbox', { name: 'Display name' }).fill('Work Stuff');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'admin-tags-add-1280');
    await add.getByRole('button', { name: 'Add tag' }).click();
    await expectToast(page, 'Added Work Stuff');
    await row(page, 'work-stuff').waitFor();

    // Rename trip.
    await row(page, 'trip').getByRole('button', { name: 'Actions for trip' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit tag' });
    await edit.getByRole('textbox', { name: 'Display name' }).fill('Road Trips');
    await edit.getByRole('textbox', { name: 'Name', exact: true }).fill('road-trips');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Saved Road Trips');
    await row(page, 'road-trips').waitFor();

    // Merge vacation into holiday.
    await row(page, 'vacation').getByRole('button', { name: 'Actions for vacation' }).click();
    await page.getByRole('menuitem', { name: 'Merge into…' }).click();
    const merge = page.getByRole('dialog', { name: /Merge Vacation into/ });
    await merge.getByRole('textbox', { name: 'Search tags' }).fill('holi');
    await merge.getByRole('button', { name: /Merge into/ }).click();
    await page.getByRole('option', { name: 'Holiday (holiday)' }).click();
    await screenshot(page, 'admin-tags-merge-1280');
    await merge.getByRole('button', { name: 'Merge', exact: true }).click();
    await expectToast(page, 'Merged Vacation into Holiday');
    await row(page, 'vacation').waitFor({ state: 'detached' });
    expect((await row(page, 'holiday').textContent()) ?? '').toContain('3');

    // Delete work-stuff with the bulk bar.
    await press(row(page, 'work-stuff').getByRole('checkbox'));
    const bar = page.getByTestId('bulk-bar');
    await bar.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete 1 tag?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Deleted 1 tag');
    await row(page, 'work-stuff').waitFor({ state: 'detached' });
    expect(unexpectedConsoleErrors(browser!.consoleErrors)).toEqual([]);

    // The drive shows the merged tag on Gamma.
    await page.goto(`${server.url}/drive`);
    const gamma = entry(page, 'Gamma');
    await gamma.getByRole('button', { name: 'Holiday' }).waitFor();
    expect(await gamma.getByRole('button', { name: 'Vacation' }).count()).toBe(0);
  });

  it('reads on a phone and in the dark theme', async () => {
    const page = await openTags(MOBILE, true);
    await range(page)
      .filter({ hasText: / of \d/ })
      .waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'admin-tags-dark-375');
  });

  it('sends a staff member without tags.update away', async () => {
    browser = await openBrowser(DESKTOP);
    await signInAs(server, browser.context, staffEmail, PASSWORD);
    await browser.page.goto(`${server.url}/admin/tags`);
    await browser.page.waitForURL(`${server.url}/404`);
  });
});
