import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type BootstrapData,
  GUEST_PRODUCTS_KEY,
  LINK_PAGE_SIZE,
  linkPageKey,
  Permission,
  type SsrHints,
  type SsrQuery,
} from '@kosh/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, loginAs } from '../helpers/factories.ts';
import { staffAgent } from '../helpers/staff.ts';
import { Person } from '../shares/sharing.ts';
import { Agent, createTestApp, FIXTURE_INDEX_HTML, type TestApp } from '../helpers/test-app.ts';

// A build with its server half, as web/build/server-entry.ts leaves it. This one draws what it was
// given, so the test sees what the server passes; the real web app's drawing is the journeys' part.
const SERVER_ENTRY = `
let renders = 0;
export async function renderPage(url, data, hints, signal, queries) {
  renders += 1;
  const count = renders;
  // Long enough for visitors arriving together to find this render under way.
  await new Promise((resolve) => setTimeout(resolve, 50));
  const { pathname } = new URL(url);
  // As the router answers a redirect.
  if (pathname === '/register') return null;
  // Never done: the server must give up on it.
  if (new URL(url).searchParams.has('never')) {
    await new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
  }
  const seen = JSON.stringify({
    pathname, search: new URL(url).search, site: data.settings.branding.site_name, hints, count,
    csrf: data.csrf_token, queries,
  });
  return {
    html: '<link rel="preload" as="image" href="/landing/hero.svg"><main data-drawn="yes">' +
      seen.replace(/</g, '&lt;') + '</main>',
    loaderData: { '0-0': null },
  };
}
`;

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kosh-ssr-dist-'));
fs.mkdirSync(path.join(dist, 'ssr'));
// The entry and its chunk as Vite writes them into index.html.
const ENTRY_TAGS =
  '<script type="module" crossorigin src="/assets/index-e1.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/runtime-r1.js">';
// Vite writes no language of its own: "xx" here, so the test sees the server put the page's.
fs.writeFileSync(
  path.join(dist, 'index.html'),
  FIXTURE_INDEX_HTML.replace('</head>', `${ENTRY_TAGS}</head>`).replace('<html lang="en">', '<html lang="xx">'),
);
fs.writeFileSync(path.join(dist, 'ssr/entry-server.js'), SERVER_ENTRY);

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WEB_DIST_DIR: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

/** The root element's content, what the render was given, and the window.ssr the page carries. */
function read(html: string) {
  const root = html.match(/<div id="root">([\s\S]*?)<\/div><\/body>/)?.[1] ?? '';
  const seen = root.match(/<main data-drawn="yes">(.*)<\/main>/)?.[1];
  const ssr = html.match(/window\.ssr=(\{.*?\});<\/script>/)?.[1];
  return {
    root,
    seen: seen
      ? (JSON.parse(seen) as {
          pathname: string;
          search: string;
          site: string;
          hints: SsrHints;
          count: number;
          csrf: string;
          queries: SsrQuery[];
        })
      : null,
    ssr: ssr
      ? (JSON.parse(ssr) as { hints: SsrHints; loaderData: Record<string, unknown>; queries: SsrQuery[] })
      : null,
  };
}

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { 'user-agent': DESKTOP, ...headers } });

async function themes(): Promise<BootstrapData['themes']> {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/bootstrap-data' });
  const body = res.json() as BootstrapData | { bootstrapData: BootstrapData };
  return ('bootstrapData' in body ? body.bootstrapData : body).themes;
}

describe('public pages drawn by the server', () => {
  it("sends a visitor's sign-in page drawn, with what the browser needs to take it over", async () => {
    const res = await get('/login?next=%2Fdrive');
    expect(res.statusCode).toBe(200);
    const { root, seen, ssr } = read(res.body);
    expect(seen).toMatchObject({ pathname: '/login', search: '?next=%2Fdrive', site: 'Kosh' });
    // The browser hydrates with the hints the server drew with, and starts its router from the loaders' data.
    expect(ssr).toEqual({ hints: seen?.hints, loaderData: { '0-0': null }, queries: [] });
    expect(seen?.queries).toEqual([]);
    // React's resource hints go to <head>; the root holds only the page.
    expect(root.startsWith('<main')).toBe(true);
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).toContain('<link rel="preload" as="image" href="/landing/hero.svg">');
    // The scripts carry the page's nonce: the theme is painted before the first frame.
    const nonce = res.headers['content-security-policy']?.toString().match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    expect(head).toContain(`<script nonce="${nonce}">(function(t){`);
    expect(head).toContain(`<script nonce="${nonce}">window.bootstrapData=`);
    // The page shows without its scripts: a loader fetches them once it has painted.
    expect(res.body).not.toContain('<script type="module"');
    expect(res.body).not.toContain('rel="modulepreload"');
    expect(head).toContain(`<script nonce="${nonce}">(function(e,m){`);
    const loader = head.match(/\(function\(e,m\)\{.*?\}\)\((.*?)\);<\/script>/);
    expect(JSON.parse(`[${loader?.[1]}]`)).toEqual(['/assets/index-e1.js', ['/assets/runtime-r1.js']]);
    expect(head.indexOf('(function(e,m)')).toBeGreaterThan(head.indexOf('window.bootstrapData='));
  });

  it('draws for a phone what a phone shows: the client hint first, else the user agent', async () => {
    expect(read((await get('/', { 'user-agent': PHONE })).body).seen?.hints.mobile).toBe(true);
    expect(read((await get('/')).body).seen?.hints.mobile).toBe(false);
    expect(read((await get('/', { 'sec-ch-ua-mobile': '?1' })).body).seen?.hints.mobile).toBe(true);
    expect(read((await get('/', { 'user-agent': PHONE, 'sec-ch-ua-mobile': '?0' })).body).seen?.hints.mobile).toBe(
      false,
    );
  });

  it('draws in the theme and with the cookie notice choice the visitor has', async () => {
    const { all, default_id } = await themes();
    const dark = all.find((theme) => theme.is_dark);
    expect(dark).toBeDefined();
    const plain = read((await get('/')).body).seen?.hints;
    expect(plain?.theme).toBe(default_id ?? all.find((theme) => !theme.is_dark)?.id);
    expect(plain?.cookieNotice).toBeUndefined();
    const chosen = read((await get('/', { cookie: 'be-active-theme=dark; cookie_notice=false' })).body).seen?.hints;
    expect(chosen).toMatchObject({ theme: dark?.id, cookieNotice: 'false' });
    // The paint script holds the dark device's theme too, for a device that prefers dark.
    const body = (await get('/')).body;
    const paint = body.match(/\(function\(t\)\{.*?\}\)\((\{.*?\})\);<\/script>/)?.[1];
    const painted = JSON.parse(paint ?? 'null') as { light: { id: number }; dark: { id: number; dark: boolean } };
    expect(painted.light.id).toBe(plain?.theme);
    expect(painted.dark).toMatchObject({ id: expect.any(Number) });
  });

  it('leaves signed-in pages and pages outside the public set to the browser', async () => {
    const agent = new Agent(t.app);
    await loginAs(t.modules, agent, await createUser(t.modules));
    for (const res of [await agent.get('/'), await agent.get('/pricing'), await get('/drive'), await get('/contact')]) {
      expect(res.statusCode).toBe(200);
      expect(read(res.body).root).toBe('');
      expect(res.body).not.toContain('window.ssr=');
      expect(res.body).not.toContain('(function(t){');
      // A blank shell needs its scripts to show anything: they load at once, as Vite wrote them in.
      expect(res.body).toContain(ENTRY_TAGS);
      expect(res.body).not.toContain('(function(e,m)');
    }
  });

  it('sends the blank shell when the render redirects or takes too long, and still answers', async () => {
    const redirected = await get('/register');
    expect(redirected.statusCode).toBe(200);
    expect(read(redirected.body).root).toBe('');
    const started = Date.now();
    const slow = await get('/pricing?never');
    expect(slow.statusCode).toBe(200);
    expect(read(slow.body).root).toBe('');
    expect(slow.body).not.toContain('window.ssr=');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('leaves a custom page as home to the browser, which loads it through the API', async () => {
    await t.modules.settings.service.set('homepage.type', 'customPage');
    await t.modules.settings.service.set('homepage.value', '1');
    try {
      expect(read((await get('/')).body).root).toBe('');
      expect(read((await get('/login')).body).seen?.pathname).toBe('/login');
    } finally {
      await t.modules.settings.service.set('homepage.type', 'landing');
      await t.modules.settings.service.set('homepage.value', null);
    }
  });

  it('draws a page once for visitors who see the same, again when the settings change, with no token', async () => {
    const together = await Promise.all([get('/?crowd=1'), get('/?crowd=1'), get('/?crowd=1')]);
    const counts = together.map((res) => read(res.body).seen?.count);
    expect(new Set(counts).size).toBe(1);
    // Each visitor still gets a token of their own beside the shared drawing, which holds none.
    const tokens = together.map((res) => res.body.match(/"csrf_token":"([^"]*)"/)?.[1]);
    expect(new Set(tokens).size).toBe(3);
    expect(read(together[0].body).seen?.csrf).toBe('');
    expect(read((await get('/?crowd=1')).body).seen?.count).toBe(counts[0]);
    // Another device is another drawing.
    expect(read((await get('/?crowd=1', { 'user-agent': PHONE })).body).seen?.count).not.toBe(counts[0]);
    await t.modules.settings.service.set('branding.site_name', 'Kosh Drive');
    try {
      const changed = read((await get('/?crowd=1')).body).seen;
      expect(changed?.site).toBe('Kosh Drive');
      expect(changed?.count).not.toBe(counts[0]);
    } finally {
      await t.modules.settings.service.set('branding.site_name', 'Kosh');
    }
  });

  it('draws the pricing page with the plans the API offers a visitor, and hands them to the browser', async () => {
    const staff = (await staffAgent(t, { permissions: [Permission.plansUpdate] })).agent;
    const created = await staff.post('/api/v1/billing/products', {
      name: `Drawn plan ${Date.now()}`,
      available_space: 200 * 1024 ** 3,
      hidden: false,
      free: false,
      prices: [{ amount: 149, currency: 'INR', interval: 'month', interval_count: 1 }],
    });
    expect(created.statusCode).toBe(201);
    const api = (await get('/api/v1/billing/products?loader=pricingPage')).json() as {
      pagination: { data: unknown[] };
    };
    expect(api.pagination.data.length).toBeGreaterThan(0);
    const page = read((await get('/pricing')).body);
    const expected = [{ key: [...GUEST_PRODUCTS_KEY], data: api.pagination.data }];
    expect(page.seen?.queries).toEqual(expected);
    expect(page.ssr?.queries).toEqual(expected);
    // A plan hidden since is gone from the next drawing: the plans are read for each request.
    const plan = (created.json() as { product: { id: number; name: string; prices: Array<{ id: number }> } }).product;
    const hidden = await staff.request({
      method: 'PUT',
      url: `/api/v1/billing/products/${plan.id}`,
      payload: {
        name: plan.name,
        available_space: 200 * 1024 ** 3,
        hidden: true,
        free: false,
        prices: [{ id: plan.prices[0].id, amount: 149, currency: 'INR', interval: 'month', interval_count: 1 }],
      },
    });
    expect(hidden.statusCode).toBe(200);
    const after = read((await get('/pricing')).body).seen?.queries[0].data as Array<{ id: number }>;
    expect(after.map((product) => product.id)).not.toContain(plan.id);
    expect(read((await get('/login')).body).seen?.queries).toEqual([]);
  });

  it("draws a link page with the link's first answer as the API gives a visitor, if it opens", async () => {
    const owner = await Person.create(t, { first_name: 'Asha', last_name: 'Rao' });
    const folder = await owner.folder('Holiday');
    for (const name of ['beach.txt', 'hills.txt']) await owner.upload(name, name, folder.id);
    const { hash } = await owner.createLink(folder.id);
    const order = 'updated_at:desc';
    const api = await get(
      `/api/v1/shareable-links/${hash}?loader=shareableLinkPage&page=1&perPage=${LINK_PAGE_SIZE}&order=${order}`,
    );
    expect(api.statusCode).toBe(200);
    const expected = [
      {
        key: [...linkPageKey(hash, { order, password: null, folderHash: null })],
        data: { pages: [api.json()], pageParams: [1] },
      },
    ];
    for (const url of [`/drive/s/${hash}`, `/s/${hash}`]) {
      const page = read((await get(url)).body);
      expect(page.seen?.pathname).toBe(url);
      expect(page.seen?.queries).toEqual(expected);
      expect(page.ssr?.queries).toEqual(expected);
    }
    // Signed in, a link page is the browser's to draw.
    expect(read((await owner.agent.get(`/drive/s/${hash}`)).body).root).toBe('');

    // A password is unlocked by a cookie only the API path gets; a restricted link sends a visitor
    // to sign in; a removed or unknown link answers 404: each is left to the browser's app.
    const locked = await owner.folder('Locked');
    const withPassword = await owner.createLink(locked.id, { password: 'open sesame' });
    const members = await owner.folder('Members');
    const restricted = await owner.createLink(members.id, { restricted: true });
    const gone = await owner.folder('Gone');
    const removed = await owner.createLink(gone.id);
    expect((await owner.agent.post('/api/v1/file-entries/delete', { entryIds: [gone.id] })).statusCode).toBe(200);
    for (const [link, status] of [
      [withPassword.hash, 200],
      [restricted.hash, 200],
      [removed.hash, 404],
      ['NoSuchLinkHash', 404],
    ] as const) {
      const res = await get(`/drive/s/${link}`);
      expect(res.statusCode).toBe(status);
      expect(read(res.body).root).toBe('');
      expect(res.body).not.toContain('window.ssr=');
    }
  });

  it("draws a signed-in user's drive root with their own first entries and storage, as the API answers", async () => {
    const owner = await Person.create(t, { first_name: 'Meera', last_name: 'Iyer' });
    await owner.folder('Field notes');
    await owner.upload('route.txt', 'Day 1: Hampi');
    const listing = await owner.agent.get(
      '/api/v1/drive/file-entries?section=home&orderBy=updated_at&orderDir=desc&page=1&perPage=100',
    );
    expect((await owner.agent.post('/api/v1/workspace', { name: 'Trip planning' })).statusCode).toBe(201);
    const usage = await owner.agent.get('/api/v1/user/space-usage');
    const workspaces = await owner.agent.get('/api/v1/me/workspaces');
    expect([listing.statusCode, usage.statusCode, workspaces.statusCode]).toEqual([200, 200, 200]);
    const expected = [
      {
        key: ['drive', 'entries', { section: 'home', orderBy: 'updated_at', orderDir: 'desc' }],
        data: { pages: [listing.json()], pageParams: [1] },
      },
      { key: ['drive', 'space-usage'], data: usage.json() },
      { key: ['workspaces', 'list'], data: workspaces.json().workspaces },
    ];
    const drawn = read((await owner.agent.get('/drive')).body);
    expect(drawn.seen?.pathname).toBe('/drive');
    expect(drawn.seen?.queries).toEqual(expected);
    expect(drawn.ssr?.queries).toEqual(expected);
    expect(drawn.seen?.queries[0].data).toMatchObject({ pages: [{ total: 2 }] });
    expect(drawn.seen?.queries[2].data).toMatchObject([{ id: 0 }, { name: 'Trip planning', role: 'owner' }]);

    // Another user is drawn their own drive, never a drawing made for someone else.
    const other = await Person.create(t, { first_name: 'Ravi', last_name: 'Das' });
    const theirs = read((await other.agent.get('/drive')).body).seen?.queries;
    expect(theirs?.[0].data).toMatchObject({ pages: [{ total: 0, data: [] }] });
    expect(theirs?.[1].data).toEqual({ used: 0, available: expect.any(Number) });
    expect(theirs?.[2].data).toEqual([expect.objectContaining({ id: 0 })]);

    // Another workspace active (its cookie): the browser checks that it may open it, and draws it.
    owner.agent.cookies.set('activeWorkspaceId', '7');
    const elsewhere = await owner.agent.get('/drive');
    expect(elsewhere.statusCode).toBe(200);
    expect(read(elsewhere.body).root).toBe('');
    owner.agent.cookies.set('activeWorkspaceId', '0');
    expect(read((await owner.agent.get('/drive')).body).seen?.queries).toEqual(expected);
    // The drive's other pages, and the drive of a visitor (who is sent to sign in), are not drawn.
    for (const res of [
      await owner.agent.get('/drive/recent'),
      await owner.agent.get('/drive/trash'),
      await get('/drive'),
    ]) {
      expect(res.statusCode).toBe(200);
      expect(read(res.body).root).toBe('');
      expect(res.body).not.toContain('window.ssr=');
    }
  });

  it("draws the admin report for the period and time zone the admin's app asks for, staff only", async () => {
    const { agent, user } = await staffAgent(t, { admin: true });
    const reportOf = async (query: string) => {
      const res = await agent.get(`/api/v1/admin/report?${query}`);
      expect(res.statusCode).toBe(200);
      return (res.json() as { report: unknown }).report;
    };
    // Thirty days in the site's zone (UTC) unless the address names another period.
    const drawn = read((await agent.get('/admin')).body);
    expect(drawn.seen?.queries).toEqual([
      { key: ['admin-report', '30d', null, null, 'UTC'], data: await reportOf('range=30d&timezone=UTC') },
    ]);
    expect(drawn.ssr?.queries).toEqual(drawn.seen?.queries);
    const week = read((await agent.get('/admin?range=7d')).body).seen?.queries;
    expect(week?.[0].key).toEqual(['admin-report', '7d', null, null, 'UTC']);
    const custom = read((await agent.get('/admin?range=custom&from=2026-01-01&to=2026-01-31')).body).seen?.queries;
    expect(custom?.[0].key).toEqual(['admin-report', 'custom', '2026-01-01', '2026-01-31', 'UTC']);
    // An admin's own zone cuts the days.
    await t.modules.db.updateTable('users').set({ timezone: 'Asia/Kolkata' }).where('id', '=', user.id).execute();
    const own = read((await agent.get('/admin')).body).seen?.queries;
    expect(own).toEqual([
      {
        key: ['admin-report', '30d', null, null, 'Asia/Kolkata'],
        data: await reportOf('range=30d&timezone=Asia%2FKolkata'),
      },
    ]);
    // Without admin.access the app sends the user away: nothing is drawn, and no figure leaves.
    const plain = new Agent(t.app);
    await loginAs(t.modules, plain, await createUser(t.modules));
    const refused = await plain.get('/admin');
    expect(refused.statusCode).toBe(200);
    expect(read(refused.body).root).toBe('');
    expect(refused.body).not.toContain('admin-report');
    // The admin area's other pages are left to the browser.
    expect(read((await agent.get('/admin/users')).body).root).toBe('');
  });

  it("carries react-aria's press style from the start, so the app adds no sheet that restyles the page", async () => {
    for (const res of [await get('/login'), await get('/drive')]) {
      const nonce = res.body.match(/<meta property="csp-nonce" nonce="([^"]+)">/)?.[1];
      expect(nonce).toBeTruthy();
      // First in <head>, as react-aria puts it: its anonymous layer comes before the app's styles.
      expect(res.body).toMatch(
        new RegExp(
          `<head>\\s*<style id="react-aria-pressable-style" nonce="${nonce?.replace(/[+/=]/g, '\\$&')}">@layer\\{`,
        ),
      );
    }
  });

  it('names the language of the page on <html>, drawn or not', async () => {
    expect((await get('/login')).body).toMatch(/<html lang="en">/);
    expect((await get('/drive')).body).toMatch(/<html lang="en">/);
  });
});
