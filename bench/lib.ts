// Shared pieces of the benchmarks: a runtime on a temp data dir, a logged-in user, timing.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { COOKIE } from '@kosh/contracts';
import { loadConfig } from '../server/src/config.ts';
import { createLogger } from '../server/src/logging/logger.ts';
import { openRuntime } from '../server/src/runtime.ts';
import { newSessionToken } from '../server/src/auth/session-token.ts';
import type { Modules } from '../server/src/modules.ts';

export const repoRoot = path.resolve(import.meta.dirname, '..');

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `kosh-bench-${prefix}-`));
}

/** A migrated, seeded runtime on its own data dir (SQLite) or database (PostgreSQL URL). */
export async function openBenchRuntime(
  dataDir: string,
  databaseUrl?: string,
  env: Record<string, string> = {},
): Promise<Modules> {
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  return openRuntime(config, createLogger({ dataDir, level: 'warn', stdout: false }));
}

/** A user with a session: answers the cookie header a browser would send. */
export async function benchUser(
  modules: Modules,
  opts: { admin?: boolean } = {},
): Promise<{ id: number; cookie: string }> {
  const user = await modules.users.service.createUser({
    email: `bench-${opts.admin ? 'admin-' : ''}${Date.now()}@example.test`,
    password: 'bench password',
    verified: true,
    isAdmin: opts.admin,
  });
  const { token, id } = newSessionToken();
  const at = new Date();
  await modules.auth.repos.sessions.create({
    id,
    user_id: user.id,
    ip_address: '127.0.0.1',
    user_agent: 'kosh-bench',
    last_active: at.toISOString(),
    expires_at: new Date(at.getTime() + 24 * 3600_000).toISOString(),
    created_at: at.toISOString(),
  });
  return { id: user.id, cookie: `${COOKIE.session}=${token}` };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function waitForPort(port: number, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nothing listens on 127.0.0.1:${port} after ${timeoutMs} ms`);
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
export const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];

/** Runs `fn` after warm-up rounds and answers the durations in ms. */
export async function timeRuns(fn: () => Promise<void>, runs = 30, warmup = 5): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn();
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    await fn();
    out.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return out;
}

export type Figure = { name: string; value: string; budget: string; ok: boolean };

export function printFigures(title: string, figures: Figure[]): void {
  process.stdout.write(`\n${title}\n`);
  const width = Math.max(...figures.map((f) => f.name.length));
  for (const f of figures)
    process.stdout.write(
      `  ${f.ok ? 'ok  ' : 'MISS'} ${f.name.padEnd(width)}  ${f.value.padEnd(28)} budget ${f.budget}\n`,
    );
}
