import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { driveApi } from './drive-steps.ts';
import {
  adminClient,
  cookieValue,
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
import { ok } from './admin-steps.ts';

// The user space screen: people upload files of different sizes through the drive, staff then see the
// store's totals and everyone ranked by the space they take, with a bar that turns amber past 80
// percent of the allowance and red past 100, filters by fill and plan, and a link to each user.

let server: RunningServer;
let browser: Browser | undefined;
const POLL = { timeout: 15_000 };
const PASSWORD = 'user-space-pass-7';
/** Every seeded user's allowance once their files are in: small, so a few KB fill it. */
const ALLOWANCE = 100_000;

type Api = Awaited<ReturnType<typeof adminClient>>;

// Bytes each user uploads; the last file of Dev goes to trash (it still counts against him).
const PEOPLE = [
  { first: 'Anita', last: 'Das', files: [20_000, 10_000] }, // 30 %
  { first: 'Bala', last: 'Iyer', files: [85_000] }, // 85 %: amber
  { first: 'Chitra', last: 'Nair', files: [50_000, 45_000] }, // 95 %: amber
  { first: 'Dev', last: 'Menon', files: [100_000, 30_000, 20_000] }, // 150 %: red
];
const emailOf = (p: { first: string }) => `${p.first.toLowerCase()}.space@example.in`;
const ids: Record<string, number> = {};
/** The seeded plans, as the pricing page lists them. */
const PLAN_NAMES = ['Free', 'Basic', 'Standard', 'Premium', 'Ultimate'];
let basicPlanId: number;
let staffEmail: string;
let userEmail: string;

beforeAll(async () => {
  server = await startServer();
  const api: Api = await adminClient(server);
  const products = await ok<{ pagination: { data: Array<{ id: number; name: string }> } }>(
    api.call('GET', 'api/v1/billing/products'),
  );
  basicPlanId = products.pagination.data.find((p) => p.name === 'Basic')!.id;
  const uploader = await openBrowser(DESKTOP);
  try {
    for (const person of PEOPLE) {
      const { user } = await ok<{ user: { id: number } }>(
        api.call('POST', 'api/v1/admin/users', {
          email: emailOf(person),
          first_name: person.first,
          last_name: person.last,
          password: PASSWORD,
          email_verified: true,
        }),
        201,
      );
      ids[person.first] = user.id;
      // Each uploads through the drive as themself.
      await uploader.context.clearCookies();
      await signInAs(server, uploader.context, emailOf(person), PASSWORD);
      const drive = driveApi(server, uploader.context);
      const entries = [];
      for (const [i, size] of person.files.entries())
        entries.push(await drive.upload(`${person.first}-${i + 1}.bin`, Buffer.alloc(size, i + 1)));
      if (person.first === 'Dev') {
        // To trash (not for good): POST file-entries/delete.
        const xsrf = cookieValue(await uploader.context.cookies(server.url), 'XSRF-TOKEN') ?? '';
        const trashed = await uploader.context.request.post(`${server.url}/api/v1/file-entries/delete`, {
          data: { entryIds: [entries.at(-1)!.id] },
          headers: { accept: 'application/json', 'x-xsrf-token': xsrf },
        });
        expect(trashed.status()).toBe(200);
      }
    }
  } finally {
    await uploader.close();
  }
  // The allowances are made small once the files are in (an upload past the allowance is refused).
  for (const person of PEOPLE)
    await ok(api.call('PUT', `api/v1/admin/users/${ids[person.first]}`, { available_space: ALLOWANCE }));
  // Staff holding admin.access only, and a user without it.
  staffEmail = 'space.staff@example.in';
  const staff = await ok<{ user: { id: number } }>(
    api.call('POST', 'api/v1/admin/users', { email: staffEmail, password: PASSWORD, email_verified: true }),
    201,
  );
  await ok(api.call('PUT', `api/v1/admin/users/${staff.user.id}`, { permissions: [{ name: 'admin.access' }] }));
  userEmail = 'plain.user@example.in';
  await ok(api.call('POST', 'api/v1/admin/users', { email: userEmail, password: PASSWORD, email_verified: true }), 201);
});
afterAll(async () => {
  await server?.stop();
});
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

async function openSpace(search = '', viewport = DESKTOP, who = 'admin', dark = false): Promise<Page> {
  browser = await openBrowser(viewport);
  if (dark) await browser.context.addCookies([{ name: 'be-active-theme', value: 'dark', url: server.url }]);
  if (who === 'admin') await signInAs(server, browser.context);
  else await signInAs(server, browser.context, who, PASSWORD);
  await browser.page.goto(`${server.url}/admin/user-space${search}`);
  await waitForApp(browser.page);
  return browser.page;
}

const table = (page: Page) => page.getByRole('grid', { name: 'User space' });
const bodyRows = (page: Page) => table(page).locator('tbody [role="row"]');
const range = (page: Page) => page.getByTestId('table-range');
const waitForRange = (page: Page, text: string) => range(page).filter({ hasText: text }).waitFor();
/** The names the table shows, top to bottom. */
const shownNames = (page: Page) => bodyRows(page).locator('[role="rowheader"] a').allTextContents();
/** Each row's bar level and its percentage, top to bottom. */
const shownBars = (page: Page) =>
  bodyRows(page)
    .getByTestId('space-percent')
    .evaluateAll((bars) => bars.map((b) => `${b.getAttribute('data-level')} ${b.getAttribute('aria-valuetext')}`));

describe('user space', () => {
  for (const dark of [false, true]) {
    const theme = dark ? 'dark' : 'light';
    it(`shows the totals and ranks users by space, the bars coloured by how full they are (${theme})`, async () => {
      const page = await openSpace('', DESKTOP, 'admin', dark);
      await page.getByRole('heading', { name: 'User space', level: 1 }).waitFor();
      await waitForRange(page, '1–4 of 4');
      expect(await shownNames(page)).toEqual(['Dev Menon', 'Chitra Nair', 'Bala Iyer', 'Anita Das']);
      expect(await shownBars(page)).toEqual(['danger 150%', 'warning 95%', 'warning 85%', 'ok 30%']);
      // The store: 360,000 bytes, of them Dev's 20,000 in trash.
      const totals = page.getByRole('region', { name: 'Space totals' });
      expect(await totals.getByTestId('space-total-value').allTextContents()).toEqual([
        '351.6 KB',
        '332 KB',
        '19.5 KB',
      ]);
      const dev = bodyRows(page).first();
      expect(await dev.textContent()).toContain('19.5 KB in trash');
      expect(await dev.getByRole('gridcell').allTextContents()).toEqual(
        expect.arrayContaining(['146.5 KB19.5 KB in trash', '97.7 KB', '3', 'Free']),
      );
      expect(await dev.getByRole('link', { name: 'Dev Menon' }).getAttribute('href')).toBe(
        `/admin/users/${ids.Dev}/details`,
      );
      expect(await page.title()).toMatch(/^User space - /);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `admin-user-space-${theme}-1280`);
      expect(unexpectedConsoleErrors(browser!.consoleErrors)).toEqual([]);
    });
  }

  it('filters by how full the allowance is and by plan, sorts by files, and searches', async () => {
    const page = await openSpace();
    await waitForRange(page, '1–4 of 4');
    await page.getByRole('button', { name: 'Filters' }).click();
    await page
      .getByRole('dialog', { name: 'Filters' })
      .getByRole('button', { name: /Allowance used/ })
      .click();
    await page.getByRole('option', { name: '90% or more' }).click();
    await page.waitForURL(/over=90/);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Remove filter Allowance used: 90% or more' }).waitFor();
    await waitForRange(page, '1–2 of 2');
    expect(await shownNames(page)).toEqual(['Dev Menon', 'Chitra Nair']);
    await screenshot(page, 'admin-user-space-over-90-1280');
    await page.goto(`${server.url}/admin/user-space?over=100`);
    await waitForRange(page, '1–1 of 1');
    expect(await shownNames(page)).toEqual(['Dev Menon']);

    // Everyone is on the free plan: another plan leaves nobody.
    await page.goto(`${server.url}/admin/user-space`);
    await waitForRange(page, '1–4 of 4');
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('dialog', { name: 'Filters' }).getByRole('button', { name: /Plan/ }).click();
    expect(await page.getByRole('option').allTextContents()).toEqual(['Any', ...PLAN_NAMES]);
    await page.getByRole('option', { name: 'Free' }).click();
    await page.waitForURL(/planId=\d+/);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Remove filter Plan: Free' }).waitFor();
    await waitForRange(page, '1–4 of 4');
    await page.goto(`${server.url}/admin/user-space?planId=${basicPlanId}`);
    await page.getByRole('button', { name: 'Remove filter Plan: Basic' }).waitFor();
    await page.getByText('Nothing matches').waitFor();

    // Most files first, then a search.
    await page.goto(`${server.url}/admin/user-space`);
    await waitForRange(page, '1–4 of 4');
    await table(page).getByRole('columnheader', { name: 'Files' }).click();
    await page.waitForURL(/orderBy=files&orderDir=desc/);
    await expect.poll(async () => (await shownNames(page))[0], POLL).toBe('Dev Menon');
    expect((await shownNames(page)).slice(1, 3).sort()).toEqual(['Anita Das', 'Chitra Nair']);
    await page.getByRole('searchbox', { name: 'Search by name or email' }).fill('bala');
    await page.waitForURL(/query=bala/);
    await waitForRange(page, '1–1 of 1');
    expect(await shownNames(page)).toEqual(['Bala Iyer']);
    expect(unexpectedConsoleErrors(browser!.consoleErrors)).toEqual([]);
  });

  it('is open to staff holding admin.access, and reads as cards on a phone', async () => {
    const page = await openSpace('', MOBILE, staffEmail);
    await waitForRange(page, 'of 4');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'admin-user-space-375');
  });

  it('sends a user without admin.access to the not-found page', async () => {
    const page = await openSpace('', DESKTOP, userEmail);
    await page.waitForURL(`${server.url}/404`);
  });
});
