import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectToast, registerViaApi, uniqueEmail } from './account-steps.ts';
import { driveApi, makePdf, makePng, startDriveServer } from './drive-steps.ts';
import {
  adminClient,
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
import { grant } from './admin-steps.ts';

// The admin files screen: two people upload files; the admin finds one by search and by filter,
// previews it, deletes two forever; the owner's drive no longer lists them and their space
// shrinks. Staff without files.update meet the permission guard.

let server: RunningServer;
const POLL = { timeout: 15_000 };
let browser: Browser | undefined;
const PASSWORD = 'admin-files-7';
let ravi: string;
let meera: string;
let staff: string;

/** Signs a person in a browser of their own and hands their drive API to `work`. */
async function asUser<T>(email: string, work: (api: ReturnType<typeof driveApi>, page: Page) => Promise<T>) {
  const own = await openBrowser(DESKTOP);
  try {
    await signInAs(server, own.context, email, PASSWORD);
    return await work(driveApi(server, own.context), own.page);
  } finally {
    await own.close();
  }
}

async function spaceUsed(email: string): Promise<number> {
  return asUser(email, async (_api, page) => {
    const response = await page.context().request.get(`${server.url}/api/v1/user/space-usage`);
    return ((await response.json()) as { used: number }).used;
  });
}

beforeAll(async () => {
  server = await startDriveServer();
  ravi = uniqueEmail('ravi');
  meera = uniqueEmail('meera');
  staff = uniqueEmail('staff');
  await registerViaApi(server, ravi, PASSWORD, { first_name: 'Ravi', last_name: 'Shankar' });
  await registerViaApi(server, meera, PASSWORD, { first_name: 'Meera', last_name: 'Nair' });
  await registerViaApi(server, staff, PASSWORD, { first_name: 'Anil', last_name: 'Bose' });
  grant(server, staff, ['admin.access', 'users.update']);
  await asUser(ravi, async (api) => {
    await api.upload('Quarterly report.pdf', makePdf('Quarterly figures'), 'application/pdf');
    await api.upload('Sunset.png', makePng(64, 48, [240, 120, 40]), 'image/png');
    await api.upload('notes.txt', 'Remember the milk.\n', 'text/plain');
  });
  await asUser(meera, async (api) => {
    const trip = await api.folder('Trip photos');
    await api.upload('Beach.png', makePng(80, 60, [40, 140, 220]), 'image/png', trip.id);
    await api.upload('trip-budget.txt', 'Tickets 1200\nHotel 800\n', 'text/plain');
    await api.upload('trip-plan.txt', 'Day 1: beach\n', 'text/plain');
    await api.upload('keep.txt', 'Keep this one.\n', 'text/plain');
  });
});
afterAll(async () => {
  await server?.stop();
});
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

async function openFiles(search = '', viewport = DESKTOP, dark = false) {
  browser = await openBrowser(viewport);
  if (dark) await browser.context.addCookies([{ name: 'be-active-theme', value: 'dark', url: server.url }]);
  await signInAs(server, browser.context);
  await browser.page.goto(`${server.url}/admin/files${search}`);
  await waitForApp(browser.page);
  await browser.page.getByRole('heading', { name: 'Files' }).waitFor();
  return browser.page;
}

const table = (page: Page) => page.getByRole('grid', { name: 'Files and folders' });
const bodyRows = (page: Page) => table(page).locator('tbody [role="row"]');
const waitForRange = (page: Page, text: string) => page.getByTestId('table-range').filter({ hasText: text }).waitFor();
const press = (box: ReturnType<Page['locator']>) => box.locator('xpath=ancestor::label[1]').click();

describe('admin files', () => {
  it('finds a file by search and by filter, previews it, and deletes two forever', async () => {
    const page = await openFiles();
    // Seven files and one folder, newest first.
    await waitForRange(page, '1–8 of 8');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'admin-files-light-1280');

    // Search.
    await page.getByRole('searchbox', { name: 'Search by name' }).fill('quarterly');
    await waitForRange(page, '1–1 of 1');
    const report = bodyRows(page).first();
    expect(await report.textContent()).toContain('Quarterly report.pdf');
    expect(await report.textContent()).toContain(ravi);

    // Filter by type: images, wherever they sit.
    await page.getByRole('searchbox', { name: 'Search by name' }).fill('');
    await waitForRange(page, '1–8 of 8');
    await page.getByRole('button', { name: 'Filters' }).click();
    const filters = page.getByRole('dialog', { name: 'Filters' });
    await filters.getByRole('button', { name: /Type/ }).click();
    await page.getByRole('option', { name: 'Image' }).click();
    await page.waitForURL(/type=image/);
    await waitForRange(page, '1–2 of 2');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Remove filter Type: Image' }).waitFor();
    await expect
      .poll(async () => (await bodyRows(page).allTextContents()).map((t) => /Beach|Sunset/.exec(t)?.[0]).sort(), POLL)
      .toEqual(['Beach', 'Sunset']);
    expect(await bodyRows(page).filter({ hasText: 'Beach.png' }).textContent()).toContain('In Trip photos');
    await screenshot(page, 'admin-files-filtered-1280');

    // Preview: the image itself, from the admin preview endpoint.
    await bodyRows(page).filter({ hasText: 'Sunset.png' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sunset.png' });
    await dialog.waitFor();
    const image = dialog.getByRole('img', { name: 'Sunset.png' });
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth), POLL).toBe(64);
    expect(await dialog.getByRole('link', { name: 'Download' }).getAttribute('href')).toMatch(
      /\/api\/v1\/admin\/files\/\d+\/preview\?download=1$/,
    );
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'admin-files-preview-1280');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Delete two of Meera's files forever.
    const before = await spaceUsed(meera);
    await page.getByRole('button', { name: 'Remove filter Type: Image' }).click();
    await page.getByRole('searchbox', { name: 'Search by name' }).fill('trip-');
    // The image filter also showed two rows: wait for the search's own rows, or the selection lands on the old page.
    await expect
      .poll(async () => (await bodyRows(page).allTextContents()).map((t) => /trip-\w+/.exec(t)?.[0]).sort(), POLL)
      .toEqual(['trip-budget', 'trip-plan']);
    await press(table(page).getByRole('checkbox', { name: 'Select all on this page' }));
    const bar = page.getByTestId('bulk-bar');
    await bar.getByText('2 selected').waitFor();
    await bar.getByRole('button', { name: 'Delete forever' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete 2 items forever?' });
    await confirm.getByText('This cannot be undone.', { exact: false }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'admin-files-delete-confirm-1280');
    await confirm.getByRole('button', { name: 'Delete forever' }).click();
    await expectToast(page, 'Deleted 2 items forever');
    await page.getByText('Nothing matches').waitFor();
    expect(unexpectedConsoleErrors(browser!.consoleErrors)).toEqual([]);

    // The owner's drive no longer shows them, and her space shrank by their bytes.
    const shown = await asUser(meera, async (api) => (await api.list({})).map((e) => e.name));
    expect(shown.sort()).toEqual(['Trip photos', 'keep.txt']);
    const freed = 'Tickets 1200\nHotel 800\n'.length + 'Day 1: beach\n'.length;
    expect(await spaceUsed(meera)).toBe(before - freed);

    // Opened with an owner in the address, the chip names the owner once the list shows their files.
    const answer = await (await adminClient(server)).call(
      'GET',
      `api/v1/admin/users?query=${encodeURIComponent(ravi)}`,
    );
    const [owner] = (answer.body as { pagination: { data: Array<{ id: number }> } }).pagination.data;
    await page.goto(`${server.url}/admin/files?ownerId=${owner.id}`);
    await waitForRange(page, '1–3 of 3');
    await page.getByRole('button', { name: `Remove filter Owner: ${ravi}` }).waitFor(POLL);
  }, 240_000);

  it('reads as cards on a phone, in the dark theme too', async () => {
    for (const dark of [false, true]) {
      const page = await openFiles('?orderBy=name&orderDir=asc', MOBILE, dark);
      await waitForRange(page, 'of 6');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `admin-files-${dark ? 'dark' : 'light'}-375`);
      if (!dark) {
        await bodyRows(page).filter({ hasText: 'notes.txt' }).click();
        const dialog = page.getByRole('dialog', { name: 'notes.txt' });
        await dialog.getByText('Remember the milk.').waitFor();
        await screenshot(page, 'admin-files-preview-text-375');
      }
      await browser?.close();
      browser = undefined;
    }
  }, 180_000);

  it('sends staff without files.update away and leaves Files out of their sidebar', async () => {
    browser = await openBrowser(DESKTOP);
    await signInAs(server, browser.context, staff, PASSWORD);
    await browser.page.goto(`${server.url}/admin`);
    await waitForApp(browser.page);
    await browser.page.getByRole('heading', { name: 'Report' }).waitFor();
    const nav = browser.page.getByRole('navigation', { name: 'Admin area' });
    expect(await nav.getByRole('link', { name: 'Users' }).count()).toBe(1);
    expect(await nav.getByRole('link', { name: 'Files' }).count()).toBe(0);
    await browser.page.goto(`${server.url}/admin/files`);
    await browser.page.waitForURL(`${server.url}/404`);
  }, 120_000);
});
