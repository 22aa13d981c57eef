import { randomBytes } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { registerViaApi, uniqueEmail, waitForPath } from './account-steps.ts';
import { keptServerNode, rememberServerNode } from './drawn-steps.ts';
import {
  DESKTOP,
  MOBILE,
  openBrowser,
  screenshot,
  seriousA11yViolations,
  setSettings,
  signInAs,
  startServer,
  unexpectedConsoleErrors,
  waitForApp,
  type Browser,
  type RunningServer,
} from './harness.ts';

// The admin report at /admin: the figures of seeded rows in the cards, presets and a custom range,
// the charts, the top users' links, the guard, axe, and the screen at 1280 and 375 px, light and dark.

const DAY = 86_400_000;
const MB = 1024 * 1024;
let server: RunningServer;
let browser: Browser | undefined;
let ravi = 0;
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 10_000 });

/** Rows in the server's database, days before now: far from the edges of the periods in any zone. */
function seed(): void {
  const db = new Database(path.join(server.dataDir, 'kosh.sqlite'));
  const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();
  const user = db.prepare(
    'insert into users (email, first_name, last_name, created_at, updated_at) values (?, ?, ?, ?, ?) returning id',
  );
  const addUser = (name: string, days: number) => {
    const [first, last] = name.split(' ');
    const email = `${first.toLowerCase()}-${randomBytes(3).toString('hex')}@kosh.test`;
    return (user.get(email, first, last, ago(days), ago(days)) as { id: number }).id;
  };
  ravi = addUser('Ravi Kumar', 2);
  const others = [addUser('Mei Lin', 3), addUser('Ana Silva', 4), addUser('Tom Berg', 5)];
  addUser('Old One', 40);
  addUser('Old Two', 41);
  const entry = db.prepare(
    `insert into file_entries
     (hash, name, file_name, file_size, type, is_folder, path, owner_id, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, '', ?, ?, ?) returning id`,
  );
  const addEntry = (owner: number, days: number, size: number, type: string) => {
    const isFolder = type === 'folder' ? 1 : 0;
    const name = `e2e-${randomBytes(4).toString('hex')}`;
    const key = isFolder ? null : `entries/e2e/${name}`;
    const id = (
      entry.get(
        randomBytes(12).toString('base64url'),
        name,
        key,
        size,
        type,
        isFolder,
        owner,
        ago(days),
        ago(days),
      ) as { id: number }
    ).id;
    db.prepare('update file_entries set path = ? where id = ?').run(`/${id}/`, id);
    return id;
  };
  const shared = addEntry(ravi, 2, 2 * MB, 'image');
  addEntry(ravi, 2, 1 * MB, 'image');
  addEntry(ravi, 3, 1 * MB, 'video');
  addEntry(ravi, 3, 0.5 * MB, 'pdf');
  addEntry(others[0], 4, 0.5 * MB, 'text');
  addEntry(ravi, 3, 0, 'folder');
  addEntry(ravi, 3, 0, 'folder');
  addEntry(others[1], 40, 1 * MB, 'archive');
  db.prepare(
    `insert into shareable_links (hash, file_entry_id, user_id, enabled, allow_download, allow_edit, restricted,
     created_at, updated_at) values (?, ?, ?, 1, 1, 0, 0, ?, ?)`,
  ).run(randomBytes(9).toString('base64url'), shared, ravi, ago(2), ago(2));
  const session = db.prepare(
    `insert into sessions (id, user_id, last_active, expires_at, created_at, country, browser, platform, device_type)
     values (?, ?, ?, ?, ?, ?, ?, ?, 'desktop')`,
  );
  const places: Array<[number, string, string, string]> = [
    [ravi, 'India', 'Chrome', 'Windows'],
    [others[0], 'India', 'Firefox', 'Linux'],
    [others[1], 'Germany', 'Chrome', 'macOS'],
  ];
  for (const [id, country, name, platform] of places)
    session.run(randomBytes(16).toString('hex'), id, ago(2), ago(-30), ago(3), country, name, platform);
  db.close();
}

beforeAll(async () => {
  server = await startServer();
  seed();
});
afterAll(() => server?.stop());
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

async function openReport(viewport = DESKTOP, theme?: 'dark', search = ''): Promise<Page> {
  browser = await openBrowser(viewport);
  if (theme) await browser.context.addCookies([{ name: 'be-active-theme', value: theme, url: server.url }]);
  await signInAs(server, browser.context);
  await browser.page.goto(`${server.url}/admin${search}`);
  await waitForApp(browser.page);
  await browser.page.getByTestId('report').waitFor();
  return browser.page;
}

const DRAWN_CHART = '[data-testid="report-chart"] svg.recharts-surface';

/** Label, value and previous value of each card. */
async function cards(page: Page): Promise<Record<string, [string, string]>> {
  const rows = await page
    .getByTestId('report-card')
    .evaluateAll((els) =>
      els.map((el) => [
        el.querySelector('h2')?.textContent ?? '',
        el.querySelector('[data-testid="report-card-value"]')?.textContent ?? '',
        el.querySelector('[data-testid="report-card-previous"]')?.textContent ?? '',
      ]),
    );
  return Object.fromEntries(rows.map(([label, value, previous]) => [label, [value, previous.replace(/^.*: /, '')]]));
}

async function choosePeriod(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: /Period/ }).click();
  await page.getByRole('option', { name, exact: true }).click();
}

describe('admin report', () => {
  it('shows the figures of the last 30 days beside the 30 days before', async () => {
    const page = await openReport();
    await page.getByRole('heading', { name: 'Report', level: 1 }).waitFor();
    // The seeded users, and the admin the server made at its start; Ravi, Mei and Ana signed in, and the admin.
    expect(await cards(page)).toEqual({
      'New users': ['5', '2'],
      'Active users': ['4', '0'],
      'New files': ['5', '1'],
      Uploaded: ['5 MB', '1 MB'],
      'New folders': ['2', '0'],
      'Links created': ['1', '0'],
      'Space used': ['6 MB', '1 MB'],
    });
    expect(await page.getByTestId('report-card-change').first().textContent()).toBe('+150%');
    expect(await page.getByTestId('report-chart').count()).toBe(7);
    // A chart is drawn as it comes near the screen.
    for (const chart of await page.getByTestId('report-chart').all()) await chart.scrollIntoViewIfNeeded();
    await poll(() => page.locator(DRAWN_CHART).count()).toBe(7);
    const country = page.getByRole('region', { name: 'Users by country' });
    // The admin's own session came from a loopback address: no country.
    const labels = await country.locator('svg text').allTextContents();
    expect(labels.filter((text) => !/^\d/.test(text))).toEqual(['India', 'Germany', 'Unknown']);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'admin-report-1280');
    expect(unexpectedConsoleErrors(browser!.consoleErrors)).toEqual([]);
  });

  it('adds the subscription and revenue cards while billing is on', async () => {
    const db = new Database(path.join(server.dataDir, 'kosh.sqlite'));
    const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();
    const product = db
      .prepare(
        `insert into products (name, position, available_space, free, recommended, hidden, feature_list, created_at,
         updated_at) values ('E2E plan', 9, ?, 0, 0, 0, '[]', ?, ?) returning id`,
      )
      .get(100 * MB, ago(40), ago(40)) as { id: number };
    db.prepare(
      `insert into subscriptions (user_id, product_id, gateway, status, created_at, updated_at)
       values (?, ?, 'none', 'active', ?, ?)`,
    ).run(ravi, product.id, ago(35), ago(35));
    const invoice = db.prepare(
      `insert into invoices (user_id, product_id, gateway, gateway_id, amount, currency, status, paid_at, created_at)
       values (?, ?, 'stripe', ?, ?, 'INR', 'paid', ?, ?)`,
    );
    invoice.run(ravi, product.id, `in_${randomBytes(6).toString('hex')}`, 29_800, ago(2), ago(2));
    invoice.run(ravi, product.id, `in_${randomBytes(6).toString('hex')}`, 14_900, ago(35), ago(35));
    db.close();
    await setSettings(server, { 'billing.enable': true });
    try {
      const page = await openReport();
      const shown = await cards(page);
      expect([shown['Active subscriptions'], shown.Revenue]).toEqual([
        ['1', ''],
        ['₹298', '₹149'],
      ]);
      expect(await page.getByTestId('report-card').count()).toBe(9);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'admin-report-billing-1280');
    } finally {
      await setSettings(server, { 'billing.enable': false });
    }
  });

  it('links each top user to their admin page', async () => {
    const page = await openReport();
    const first = page.getByTestId('report-top-user').first();
    expect(await first.textContent()).toContain('Ravi Kumar');
    expect(await first.getByRole('link').getAttribute('href')).toBe(`/admin/users/${ravi}`);
    await first.getByRole('link').click();
    await waitForPath(page, `/admin/users/${ravi}`);
  });

  it('switches between presets and a custom range', async () => {
    const page = await openReport();
    await choosePeriod(page, 'Last 7 days');
    await poll(() => page.url()).toContain('range=7d');
    await poll(async () => (await cards(page))['New files']).toEqual(['5', '0']);

    await choosePeriod(page, 'Last 12 months');
    await poll(() => page.url()).toContain('range=12m');
    await poll(async () => (await cards(page))['New users']).toEqual(['7', '0']);
    // Twelve month buckets on the sign-ups axis at most, one bar per month with uploads.
    expect(await page.locator(DRAWN_CHART).count()).toBeGreaterThan(0);

    await choosePeriod(page, 'Custom');
    const day = (days: number) => new Date(Date.now() - days * DAY).toISOString().slice(0, 10);
    await page.getByRole('textbox', { name: 'From' }).fill(day(45));
    await page.getByRole('textbox', { name: 'To' }).fill(day(50));
    await page.getByRole('button', { name: 'Apply' }).click();
    expect(await page.getByText('The to date must be on or after the from date.').count()).toBe(1);
    await page.getByRole('textbox', { name: 'To' }).fill(day(35));
    await page.getByRole('button', { name: 'Apply' }).click();
    await poll(() => page.url()).toContain(`range=custom&from=${day(45)}&to=${day(35)}`);
    await poll(async () => (await cards(page))['New users']).toEqual(['2', '0']);
    expect((await cards(page)).Uploaded).toEqual(['1 MB', '0 B']);
    expect(
      await page.getByRole('region', { name: 'Users by country' }).getByText('No data in this period').count(),
    ).toBe(1);
    // Away from Apply: a hovered secondary button (primary on bg-alt) is the design system's, not this page's.
    await page.mouse.move(0, 0);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('comes drawn: a phone sees the figures before the scripts arrive, and the app takes the report over', async () => {
    browser = await openBrowser(MOBILE);
    const { page, context } = browser;
    await context.setExtraHTTPHeaders({ 'sec-ch-ua-mobile': '?1' });
    await signInAs(server, context);
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto(`${server.url}/admin`);
    await page.getByTestId('report-card').first().waitFor();
    const drawn = await cards(page);
    expect(drawn['New users']?.[0]).toMatch(/^\d+$/);
    await screenshot(page, 'admin-report-drawn-before-scripts-375');
    await page.unroute('**/assets/*.js');
    const blockedErrors = browser.consoleErrors.length;

    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/v1/admin/report') asked.push(url.search);
    });
    await rememberServerNode(page);
    await page.goto(`${server.url}/admin`);
    await waitForApp(page);
    // Hydrated with the figures it came with: the same cards, and no second call for them.
    expect(await keptServerNode(page)).toBe(true);
    expect(await cards(page)).toEqual(drawn);
    expect(asked).toEqual([]);
    // The app runs: another period is asked for.
    await choosePeriod(page, 'Last 7 days');
    await poll(() => asked).toEqual([expect.stringContaining('range=7d')]);
    expect(unexpectedConsoleErrors(browser.consoleErrors.slice(blockedErrors))).toEqual([]);
  });

  it.each([
    [1280, 'light', DESKTOP],
    [1280, 'dark', DESKTOP],
    [375, 'light', MOBILE],
    [375, 'dark', MOBILE],
  ] as const)('looks right at %i px in the %s theme', async (width, theme, viewport) => {
    const isDark = theme === 'dark';
    const page = await openReport(viewport, isDark ? 'dark' : undefined);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    if (isDark) expect(await seriousA11yViolations(page)).toEqual([]);
    const name = `admin-report-${width}${isDark ? '-dark' : ''}`;
    await screenshot(page, name);
    // On a phone the charts far below the first screen are not drawn until the admin scrolls near them.
    if (viewport === MOBILE) expect(await page.locator(DRAWN_CHART).count()).toBeLessThan(7);
    for (const [part, region] of [
      ['charts', 'Space used over time'],
      ['audience', 'Users by country'],
      ['users', 'Top users by space'],
    ] as const) {
      await page.getByRole('region', { name: region }).evaluate((el) => el.scrollIntoView({ block: 'start' }));
      const shown = page.getByRole('region', { name: region });
      await poll(
        async () => (await shown.locator(DRAWN_CHART).count()) === (await shown.getByTestId('report-chart').count()),
      ).toBe(true);
      await screenshot(page, `${name}-${part}`);
    }
  });

  it('shows grey shapes while the report loads, and an error it can ask again after', async () => {
    browser = await openBrowser(DESKTOP);
    await signInAs(server, browser.context);
    const page = browser.page;
    // The server fails (the query's own retries included) until the admin asks again.
    let isFailing = true;
    await page.route('**/api/v1/admin/report?*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      if (isFailing) await route.fulfill({ status: 500, json: { message: 'There was an issue. Please try again.' } });
      else await route.continue();
    });
    // The server draws /admin with its report: the app asks for one when it opens the report itself.
    await page.goto(`${server.url}/admin/logs`);
    await waitForApp(page);
    await page.getByRole('link', { name: 'Report', exact: true }).click();
    await page.getByTestId('report-skeleton').waitFor();
    await page.getByRole('alert').getByText('The report could not be loaded').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    isFailing = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByTestId('report').waitFor();
    expect(await page.getByTestId('report-card').count()).toBe(7);
  });

  it('sends a user without admin.access away', async () => {
    const email = uniqueEmail('report');
    await registerViaApi(server, email, 'report-pass-42');
    browser = await openBrowser(DESKTOP);
    await signInAs(server, browser.context, email, 'report-pass-42');
    await browser.page.goto(`${server.url}/admin`);
    await waitForApp(browser.page);
    await waitForPath(browser.page, '/404');
    expect(await browser.page.getByTestId('report').count()).toBe(0);
  });
});
