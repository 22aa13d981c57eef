import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { COOKIE, XSRF_HEADER } from '@kosh/contracts';
import { buildApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import { createLogger } from '../../src/logging/logger.ts';
import type { Modules } from '../../src/modules.ts';
import { openRuntime } from '../../src/runtime.ts';
import { createTestDatabase, type TestDatabase } from './test-db.ts';

export const FIXTURE_INDEX_HTML = [
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>x</title></head>',
  '<body><div id="root"></div></body></html>',
].join('');

export type TestApp = { app: FastifyInstance; modules: Modules; db: TestDatabase; close(): Promise<void> };

/**
 * The modules of one server process on `config`'s database and data folder, started as main.ts
 * starts them but without the periodic jobs: tests run those by hand (runOnce) when they need
 * them. Stop them with `modules.lifecycle.stop()`, which also closes the database.
 */
export async function startTestRuntime(config: Config): Promise<Modules> {
  const logger = createLogger({ dataDir: config.dataDir, level: config.logLevel, stdout: false });
  const modules = await openRuntime(config, logger);
  await modules.lifecycle.start({ jobs: false });
  return modules;
}

/**
 * A second server process's worth of app on the same database: its own pool on PostgreSQL, its own
 * connection to the same file on SQLite. Its requests never overlap this thread's SQLite transactions.
 */
export type SecondApp = { modules: Modules; app: FastifyInstance; close(): Promise<void> };

export async function startSecondApp(config: Config): Promise<SecondApp> {
  const modules = await startTestRuntime(config);
  const app = await buildApp(modules);
  await app.ready();
  return {
    modules,
    app,
    close: async () => {
      await app.close();
      await modules.lifecycle.stop();
    },
  };
}

/**
 * The real app on a fresh database (SQLite or PostgreSQL per KOSH_TEST_DB), driven with app.inject.
 * A variable given as '' is left unset (LOG_LEVEL: '' for an app whose level the settings hold).
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const db = await createTestDatabase();
  const webDist = path.join(db.dataDir, 'web-dist');
  fs.mkdirSync(webDist, { recursive: true });
  fs.writeFileSync(path.join(webDist, 'index.html'), FIXTURE_INDEX_HTML);
  const variables: Record<string, string> = {
    DATA_DIR: db.dataDir,
    WEB_DIST_DIR: webDist,
    LOG_LEVEL: 'warn',
    ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl } : {}),
    ...env,
  };
  const config = loadConfig(Object.fromEntries(Object.entries(variables).filter(([, value]) => value !== '')));
  const modules = await startTestRuntime(config);
  const app = await buildApp(modules);
  await app.ready();
  return {
    app,
    modules,
    db,
    close: async () => {
      await app.close();
      await modules.lifecycle.stop();
      await db.drop();
    },
  };
}

/** A browser-like client: keeps cookies and echoes XSRF-TOKEN as X-XSRF-TOKEN, as the web app does. */
export class Agent {
  readonly cookies = new Map<string, string>();
  private readonly app: FastifyInstance;
  private readonly headers: Record<string, string>;
  constructor(app: FastifyInstance, headers: Record<string, string> = {}) {
    this.app = app;
    this.headers = headers;
  }

  async request(options: InjectOptions & { xsrf?: boolean }): Promise<LightMyRequestResponse> {
    if (!this.cookies.has(COOKIE.xsrf)) await this.prime();
    const headers: Record<string, string> = { ...this.headers, ...(options.headers as Record<string, string>) };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = this.cookies.get(COOKIE.xsrf);
    if (options.xsrf !== false && xsrf !== undefined) headers[XSRF_HEADER] = xsrf;
    const { xsrf: _ignored, ...rest } = options;
    const res = await this.app.inject({ ...rest, headers });
    this.keep(res);
    return res;
  }

  get = (url: string, headers?: Record<string, string>) => this.request({ method: 'GET', url, headers });
  post = (url: string, payload?: unknown, headers?: Record<string, string>) =>
    this.request({ method: 'POST', url, payload: payload as InjectOptions['payload'], headers });

  private async prime(): Promise<void> {
    const res = await this.app.inject({ method: 'GET', url: '/health', headers: this.headers });
    this.keep(res);
  }

  private keep(res: LightMyRequestResponse): void {
    for (const c of res.cookies as Array<{ name: string; value: string; maxAge?: number; expires?: Date }>) {
      const expired = c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now()) || c.value === '';
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }
}
