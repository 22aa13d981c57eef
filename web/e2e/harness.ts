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

async function waitForHealth(url: string, child: ChildProcess, output: () => string, timeoutMs = 30_000): Promise<void> {
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
  const child = spawn(process.execPath, ['server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
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
  await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact ?? null, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

export async function screenshot(page: Page, name: string): Promise<void> {
  // Let the 125 ms entry animations finish.
  await page.waitForTimeout(250);
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`) });
}

/** Waits until the app has rendered (root has content and no navigation is loading). */
export async function waitForApp(page: Page): Promise<void> {
  await page.waitForFunction(() => (document.getElementById('root')?.childElementCount ?? 0) > 0);
  await page.waitForLoadState('networkidle');
}

export function cookieValue(cookies: Array<{ name: string; value: string }>, name: string): string | undefined {
  return cookies.find((c) => c.name === name)?.value;
}

/**
 * Signs the browser in as an existing user by writing a session row straight into the
 * SQLite file (sessions are stored under the token's SHA-256) and setting the session
 * cookie. Journeys that test the shell, not the login form, use it.
 */
export async function signInAs(server: RunningServer, context: BrowserContext, email = ADMIN.email): Promise<void> {
  const { default: Database } = await import('better-sqlite3');
  const { createHash, randomBytes } = await import('node:crypto');
  const token = randomBytes(32).toString('base64url');
  const db = new Database(path.join(server.dataDir, 'kosh.sqlite'));
  try {
    const user = db.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: number } | undefined;
    if (!user) throw new Error(`no user ${email}`);
    const at = new Date().toISOString();
    db.prepare('INSERT INTO sessions (id, user_id, ip_address, user_agent, last_active, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)').run(
      createHash('sha256').update(token).digest('hex'),
      user.id,
      '127.0.0.1',
      'e2e',
      at,
      new Date(Date.now() + 86_400_000).toISOString(),
      at,
    );
  } finally {
    db.close();
  }
  await context.addCookies([{ name: 'kosh_session', value: token, url: server.url, httpOnly: true, sameSite: 'Lax' }]);
}
