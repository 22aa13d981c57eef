// Lighthouse on the built web app, as a phone on slow 4G with a 4x slower CPU sees it (Lighthouse's
// mobile preset, simulated throttling), driving Debian's Chromium: performance score, first and
// largest contentful paint, total blocking time and bytes transferred per page (the median of three runs),
// and accessibility.
// Budgets: performance >= 0.95 on the sign-in, register, landing and pricing pages, >= 0.90 on
// /drive (signed in, 1,000 entries), the link page and /admin (an admin); accessibility 1.0 everywhere.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { COOKIE, XSRF_HEADER } from '@kosh/contracts';
import { buildApp } from '../server/src/app.ts';
import type { Modules } from '../server/src/modules.ts';
import { benchUser, freePort, openBenchRuntime, repoRoot, tempDir, type Figure } from './lib.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ENTRIES = 1000;

/** A page to measure; `cookie` signs the visit in. */
type Page = { name: string; path: string; minPerformance: number; cookie?: string };

/** The app as `npm start` builds it, into a folder of its own. */
function buildWeb(): string {
  const dist = tempDir('web-dist');
  const result = spawnSync(
    process.execPath,
    [path.join(repoRoot, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', '--outDir', dist],
    { cwd: path.join(repoRoot, 'web'), stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  if (result.status !== 0) throw new Error(`vite build failed (exit ${result.status})`);
  return dist;
}

/** A drive root of `ENTRIES` small text files, as listing benches seed them (no bytes are read). */
async function seedEntries(modules: Modules, ownerId: number): Promise<number> {
  const base = Date.now() - ENTRIES * 60_000;
  let first = 0;
  for (let i = 0; i < ENTRIES; i++) {
    const at = new Date(base + i * 60_000).toISOString();
    const row = await modules.drive.repos.entries.insert(
      {
        hash: randomBytes(12).toString('base64url'),
        name: `notes-${String(i).padStart(4, '0')}.txt`,
        file_name: `bench/${i}`,
        mime: 'text/plain',
        extension: 'txt',
        file_size: 1000 + i,
        type: 'text',
        is_folder: 0,
        parent_id: null,
        owner_id: ownerId,
        workspace_id: null,
        created_at: at,
        updated_at: at,
      },
      null,
    );
    first ||= row.id;
  }
  return first;
}

/** A shareable link to one entry, made through the API as the web app makes it. */
async function createLink(base: string, sessionCookie: string, entryId: number): Promise<string> {
  const primed = await fetch(`${base}/api/v1/bootstrap-data`, { headers: { cookie: sessionCookie } });
  const xsrf = primed.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith(`${COOKIE.xsrf}=`))
    ?.slice(COOKIE.xsrf.length + 1);
  if (!xsrf) throw new Error('no XSRF cookie from bootstrap-data');
  const res = await fetch(`${base}/api/v1/file-entries/${entryId}/shareable-link`, {
    method: 'POST',
    headers: {
      cookie: `${sessionCookie}; ${COOKIE.xsrf}=${xsrf}`,
      [XSRF_HEADER]: decodeURIComponent(xsrf),
      'content-type': 'application/json',
      accept: 'application/json',
    },
    body: '{}',
  });
  if (!res.ok) throw new Error(`shareable link: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { link: { hash: string } }).link.hash;
}

/**
 * Gives Chromium's own cookie jar the visit's session, or empties it. A Cookie request header does
 * not do: once the page sets a cookie of its own (the XSRF token), the jar's cookies replace the
 * header on the page's API calls, which then answer 401 and send the app to /login.
 */
async function useSession(port: number, base: string, cookie: string | undefined): Promise<void> {
  const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const socket = new WebSocket(version.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  let nextId = 0;
  const send = (method: string, params: object) =>
    new Promise<void>((resolve, reject) => {
      const id = ++nextId;
      socket.addEventListener('message', function answer(event) {
        const message = JSON.parse(String(event.data)) as { id?: number; error?: { message: string } };
        if (message.id !== id) return;
        socket.removeEventListener('message', answer);
        if (message.error) reject(new Error(`${method}: ${message.error.message}`));
        else resolve();
      });
      socket.send(JSON.stringify({ id, method, params }));
    });
  try {
    await send('Storage.clearCookies', {});
    if (cookie) {
      const [name, value] = cookie.split('=');
      await send('Storage.setCookies', { cookies: [{ name, value, url: base, httpOnly: true, sameSite: 'Lax' }] });
    }
  } finally {
    socket.close();
  }
}

/**
 * Runs per page. Blocking time swings by hundreds of milliseconds between runs on a busy machine
 * (and the first run of a browser is slower): the median of several is what Lighthouse's own
 * guidance reports.
 */
const RUNS = 3;

type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>;

/** The run with the median performance score of `RUNS` runs of `url`. */
async function medianRun(port: number, url: string): Promise<LighthouseResult> {
  const runs: LighthouseResult[] = [];
  for (let i = 0; i < RUNS; i++) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    if (!result) throw new Error(`lighthouse answered nothing for ${url}`);
    runs.push(result);
  }
  const score = (run: LighthouseResult) => run.lhr.categories.performance.score ?? 0;
  return runs.sort((a, b) => score(a) - score(b))[Math.floor(RUNS / 2)];
}

const seconds = (ms: number | undefined) => `${((ms ?? 0) / 1000).toFixed(1)} s`;

/**
 * `pages`: measure only the pages whose name contains one of these (all when empty);
 * KOSH_BENCH_WEB_DIST: measure that build instead of building afresh.
 */
export async function benchWeb(pages: string[] = []): Promise<Figure[]> {
  const dist = process.env.KOSH_BENCH_WEB_DIST ?? buildWeb();
  const modules = await openBenchRuntime(tempDir('web'), undefined, { WEB_DIST_DIR: dist });
  const user = await benchUser(modules);
  const admin = await benchUser(modules, { admin: true });
  const firstEntry = await seedEntries(modules, user.id);
  const app = await buildApp(modules);
  const port = await freePort();
  await app.listen({ port, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${port}`;
  const linkHash = await createLink(base, user.cookie, firstEntry);
  const all: Page[] = [
    { name: '/login', path: '/login', minPerformance: 0.95 },
    { name: '/register', path: '/register', minPerformance: 0.95 },
    { name: '/ (landing)', path: '/', minPerformance: 0.95 },
    { name: '/pricing', path: '/pricing', minPerformance: 0.95 },
    {
      name: `/drive (${ENTRIES.toLocaleString('en')} entries)`,
      path: '/drive',
      minPerformance: 0.9,
      cookie: user.cookie,
    },
    { name: '/drive/s/{hash} (link page)', path: `/drive/s/${linkHash}`, minPerformance: 0.9 },
    { name: '/admin (report)', path: '/admin', minPerformance: 0.9, cookie: admin.cookie },
  ];
  const measured = all.filter((page) => pages.length === 0 || pages.some((name) => page.name.includes(name)));
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const figures: Figure[] = [];
  try {
    for (const page of measured) {
      process.stdout.write(`  lighthouse ${page.path} (${RUNS} runs)\n`);
      await useSession(chrome.port, base, page.cookie);
      const result = await medianRun(chrome.port, `${base}${page.path}`);
      // A page that sent the visit elsewhere (to /login) would be measured as the page it went to.
      const landed = new URL(result.lhr.finalDisplayedUrl).pathname;
      if (landed !== page.path) throw new Error(`${page.path} ended on ${landed}: not the page to measure`);
      // KOSH_BENCH_LIGHTHOUSE_DIR keeps each page's whole report, to see what a figure is made of.
      const reportDir = process.env.KOSH_BENCH_LIGHTHOUSE_DIR;
      if (reportDir) {
        mkdirSync(reportDir, { recursive: true });
        const file = `${page.path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}.json`;
        writeFileSync(path.join(reportDir, file), JSON.stringify(result.lhr, null, 1));
      }
      const { categories, audits } = result.lhr;
      const performance = categories.performance.score ?? 0;
      const accessibility = categories.accessibility.score ?? 0;
      const kib = Math.round((audits['total-byte-weight'].numericValue ?? 0) / 1024);
      figures.push({
        name: `${page.name}: performance, mobile`,
        value: [
          performance.toFixed(2),
          `FCP ${seconds(audits['first-contentful-paint'].numericValue)}`,
          `LCP ${seconds(audits['largest-contentful-paint'].numericValue)}`,
          `TBT ${Math.round(audits['total-blocking-time'].numericValue ?? 0)} ms`,
          `${kib} KiB`,
        ].join(', '),
        budget: `>= ${page.minPerformance.toFixed(2)}`,
        ok: performance >= page.minPerformance,
      });
      const failing = categories.accessibility.auditRefs
        .filter((ref) => audits[ref.id]?.score === 0)
        .map((ref) => ref.id);
      figures.push({
        name: `${page.name}: accessibility`,
        value: [accessibility.toFixed(2), ...failing].join(', '),
        budget: '1.00',
        ok: accessibility >= 1,
      });
    }
  } finally {
    chrome.kill();
    await app.close();
    await modules.lifecycle.stop();
  }
  return figures;
}
