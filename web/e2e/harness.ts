import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import axe from 'axe-core';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const ADMIN = { email: 'admin@kosh.test', password: 'admin-password-1' };
export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 375, height: 812 };

const repoRoot = path.resolve(import.meta.dirname, '../..');
const screenshotDir = path.join(import.meta.dirname, 'screenshots');

export type RunningServer = { url: string; dataDir: string; stop: () => Promise<void>; output: () => string };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForHealth(
  url: string,
  child: ChildProcess,
  output: () => string,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${url}/health`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`server did not answer /health within ${timeoutMs} ms:\n${output()}`);
}

/**
 * Starts the server as `npm start` runs it (node server/src/main.ts) on a free port with a
 * fresh data folder; resolves once GET /health answers 200.
 */
export async function startServer({ env = {} }: { env?: Record<string, string> } = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kosh-e2e-data-'));
  // The same V8 flags as `npm start` (package.json).
  const child = spawn(process.execPath, ['--max-semi-space-size=8', 'server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      ...(process.env.KOSH_E2E_DIST ? { WEB_DIST_DIR: path.resolve(process.env.KOSH_E2E_DIST) } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));
  const url = `http://127.0.0.1:${port}`;
  const output = () => log;
  try {
    await waitForHealth(url, child, output);
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { url, dataDir, stop, output };
}

export type Browser = { context: BrowserContext; page: Page; consoleErrors: string[]; close: () => Promise<void> };

/** A fresh Chromium (own --user-data-dir) with one page at the given viewport. */
export async function openBrowser(viewport = DESKTOP): Promise<Browser> {
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'kosh-e2e-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    viewport,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const consoleErrors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') consoleErrors.push(msg.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(`pageerror: ${error.message}`));
  return {
    context,
    page,
    consoleErrors,
    close: async () => {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** Console errors except expected failed-resource lines (e.g. a 404 the test asked for). */
export function unexpectedConsoleErrors(errors: string[]): string[] {
  return errors.filter((e) => !/Failed to load resource: the server responded with a status of (4\d\d|500)/.test(e));
}

export type AxeViolation = { id: string; impact: string | null; help: string; nodes: string[] };

/** Runs axe-core in the page; returns serious and critical violations. */
export async function seriousA11yViolations(page: Page): Promise<AxeViolation[]> {
  // react-aria announces a pending button by a transient node labelled by the button, which
  // outlives the form the next screen replaced; it removes itself after 7 s.
  await page.waitForFunction(() => !document.querySelector('[data-live-announcer] [role="img"]'), undefined, {
    timeout: 9000,
  });
  // Colours are read mid-fade otherwise (a tooltip or badge at half opacity fails contrast).
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
    undefined,
    { timeout: 5000 },
  );
  await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      nodes: v.nodes.map((n) => n.target.join(' ')),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

export async function screenshot(page: Page, name: string): Promise<void> {
  // Let the 125 ms entry animations finish.
  await page.waitForTimeout(250);
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`) });
}

/**
 * Waits until the app has rendered a page (root holds more than the first load's progress bar) and
 * no navigation is loading.
 */
export async function waitForApp(page: Page): Promise<void> {
  // A page the server drew has content before the app runs: wait for the app to take it over.
  await page.waitForFunction(
    () =>
      document.documentElement.hasAttribute('data-hydrated') &&
      [...(document.getElementById('root')?.children ?? [])].some(
        (el) => el.getAttribute('data-testid') !== 'nav-progress',
      ),
  );
  await page.waitForLoadState('networkidle');
}

export function cookieValue(cookies: Array<{ name: string; value: string }>, name: string): string | undefined {
  return cookies.find((c) => c.name === name)?.value;
}

/**
 * Signs the browser in as an existing user through the real POST auth/login (the XSRF
 * cookie first, then the login call), sharing the context's cookie jar. Journeys that test
 * the shell, not the login form, use it.
 */
export async function signInAs(
  server: RunningServer,
  context: BrowserContext,
  email = ADMIN.email,
  password = ADMIN.password,
  remember = true,
): Promise<void> {
  const request = context.request;
  await request.get(`${server.url}/api/v1/bootstrap-data`);
  const xsrf = cookieValue(await context.cookies(server.url), 'XSRF-TOKEN');
  const login = () =>
    request.post(`${server.url}/auth/login`, {
      data: { email, password, remember },
      headers: { 'x-xsrf-token': xsrf ?? '', accept: 'application/json' },
    });
  let response = await login();
  // Sign-ins are limited per address (10 a minute): a long journey file waits out the window once.
  if (response.status() === 429) {
    await new Promise((r) => setTimeout(r, (Number(response.headers()['retry-after'] ?? 30) + 1) * 1000));
    response = await login();
  }
  if (!response.ok()) throw new Error(`login as ${email} failed: ${response.status()} ${await response.text()}`);
  const body = (await response.json()) as { two_factor?: boolean };
  if (body.two_factor) throw new Error(`login as ${email} needs a two-factor code`);
}

/** A signed-in API client outside the browser (cookies and XSRF header), e.g. for admin settings. */
export async function apiClient(server: RunningServer, email = ADMIN.email, password = ADMIN.password) {
  const jar = new Map<string, string>();
  const remember = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${server.url}/${path.replace(/^\//, '')}`, {
      method,
      headers: {
        accept: 'application/json',
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(jar.has('XSRF-TOKEN') ? { 'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN')!) } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    remember(response);
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  };
  await call('GET', 'api/v1/bootstrap-data');
  const login = await call('POST', 'auth/login', { email, password, remember: false });
  if (login.status !== 200)
    throw new Error(`API login as ${email} failed: ${login.status} ${JSON.stringify(login.body)}`);
  return { call };
}

const adminClients = new WeakMap<RunningServer, ReturnType<typeof apiClient>>();

/** The admin's API client of a server, signed in once (sign-in is rate limited per account). */
export function adminClient(server: RunningServer): ReturnType<typeof apiClient> {
  let client = adminClients.get(server);
  if (!client) {
    client = apiClient(server);
    adminClients.set(server, client);
  }
  return client;
}

/** Changes settings through the admin API (PUT api/v1/settings); the server applies them at once. */
export async function setSettings(server: RunningServer, settings: Record<string, unknown>): Promise<void> {
  const admin = await adminClient(server);
  const response = await admin.call('PUT', 'api/v1/settings', { settings });
  if (response.status !== 200)
    throw new Error(`PUT settings failed: ${response.status} ${JSON.stringify(response.body)}`);
}
