import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COOKIE, XSRF_HEADER } from '@kosh/contracts';
import { newSessionToken } from '../../src/auth/session-token.ts';
import { loadConfig } from '../../src/config.ts';
import { createDatabase, type Database } from '../../src/db/database.ts';
import { createLogger } from '../../src/logging/logger.ts';
import { openRuntime } from '../../src/runtime.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.ts';
import { randomFile, tusUpload } from '../helpers/uploads.ts';
import * as tus from 'tus-js-client';

const MIB = 1024 * 1024;
const mainTs = path.resolve(import.meta.dirname, '../../src/main.ts');
const koshTs = path.resolve(import.meta.dirname, '../../src/cli/kosh.ts');

let testDb: TestDatabase;
let db: Database;
let headers: Record<string, string>;
let userId: number;
const children: ChildProcess[] = [];
/** A name per try: a retried test must not count the entries its first try left behind. */
const attempt = () => randomBytes(3).toString('hex');

/** `node server/src/main.ts` on this test's data dir and database; answers the process and its base URL. */
async function startServer(): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, ['--max-semi-space-size=8', mainTs], {
    env: {
      ...process.env,
      DATA_DIR: testDb.dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: path.join(testDb.dataDir, 'no-web'),
      ...(testDb.databaseUrl ? { DATABASE_URL: testDb.databaseUrl } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let err = '';
  child.stderr?.on('data', (d) => {
    err += d;
  });
  const base = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (d) => {
      out += d;
      const m = /running on http:\/\/localhost:(\d+)/.exec(out);
      if (m) resolve(`http://127.0.0.1:${m[1]}`);
    });
    child.once('exit', (code, signal) => reject(new Error(`server exited (${code ?? signal}): ${err}`)));
  });
  return { child, base };
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve()),
  );

async function kill(child: ChildProcess): Promise<void> {
  child.kill('SIGKILL');
  await exited(child);
}

async function stop(child: ChildProcess): Promise<void> {
  child.kill('SIGTERM');
  await exited(child);
}

const finish = (base: string, url: string) =>
  fetch(`${base}/api/v1/tus/entries`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ uploadKey: url }),
  });

async function sha256Download(base: string, url: string): Promise<string> {
  const download = await fetch(`${base}${url}`, { headers });
  expect(download.status).toBe(200);
  const hash = createHash('sha256');
  for await (const chunk of download.body ?? []) hash.update(chunk);
  return hash.digest('hex');
}

/** Live entries of the test user with this name: a crash must leave exactly one. */
async function entriesNamed(name: string) {
  return db
    .selectFrom('file_entries')
    .select(['id', 'file_size', 'sha256'])
    .where('owner_id', '=', userId)
    .where('name', 'like', `${name.replace(/\.bin$/, '')}%`)
    .where('deleted_at', 'is', null)
    .execute();
}

/** Waits until the upload named `name` is no longer open (its finalization has begun), at most 5 s. */
async function claimed(name: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    const row = await db
      .selectFrom('pending_uploads')
      .select('state')
      .where('user_id', '=', userId)
      .where('name', '=', name)
      .executeTakeFirst();
    if (row && row.state !== 'open') return;
    // better-sqlite3 answers synchronously: let the request in flight go out between polls.
    await new Promise((r) => setImmediate(r));
  }
}

/** Finishes `url` on `base` (resuming its bytes first) and checks bytes and entry count. */
async function resumeAndCheck(
  base: string,
  url: string,
  src: { file: string; sha256: string; size: number },
  name: string,
) {
  const head = await fetch(url, { method: 'HEAD', headers: { ...headers, 'Tus-Resumable': '1.0.0' } });
  if (head.status === 200 && Number(head.headers.get('upload-offset')) < src.size) {
    await tusUpload(fs.createReadStream(src.file), {
      uploadUrl: url,
      endpoint: `${base}/api/v1/tus/upload`,
      headers,
      metadata: { name },
    });
  }
  const started = Date.now();
  const res = await finish(base, url);
  expect(res.status).toBeLessThan(300);
  // A claim left by the killed process is taken over at once, not after a 30 s wait.
  expect(Date.now() - started).toBeLessThan(10_000);
  const { fileEntry } = (await res.json()) as { fileEntry: { url: string; file_size: number; sha256: string } };
  expect(fileEntry).toMatchObject({ file_size: src.size, sha256: src.sha256 });
  expect(await sha256Download(base, fileEntry.url)).toBe(src.sha256);
  const rows = await entriesNamed(name);
  expect(rows).toHaveLength(1);
}

/** Creates an upload and sends all its bytes; answers its URL. */
async function uploadAll(base: string, src: { file: string }, name: string): Promise<string> {
  const { url } = await tusUpload(fs.createReadStream(src.file), {
    endpoint: `${base}/api/v1/tus/upload`,
    headers,
    metadata: { name },
  });
  return url;
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  const config = loadConfig({
    DATA_DIR: testDb.dataDir,
    LOG_LEVEL: 'warn',
    ...(testDb.databaseUrl ? { DATABASE_URL: testDb.databaseUrl } : {}),
  });
  const modules = await openRuntime(config, createLogger({ dataDir: testDb.dataDir, level: 'warn', stdout: false }));
  const user = await modules.users.service.createUser({
    email: 'kills@example.test',
    password: 'correct horse battery',
    verified: true,
  });
  userId = user.id;
  const { token, id } = newSessionToken();
  const at = new Date();
  await modules.auth.repos.sessions.create({
    id,
    user_id: user.id,
    ip_address: '127.0.0.1',
    user_agent: 'vitest',
    last_active: at.toISOString(),
    expires_at: new Date(at.getTime() + 3600_000).toISOString(),
    created_at: at.toISOString(),
  });
  await modules.lifecycle.stop();
  db = createDatabase({
    databaseUrl: testDb.databaseUrl,
    sqliteFile: path.join(testDb.dataDir, 'kosh.sqlite'),
  }).db;
  const xsrf = randomBytes(24).toString('base64url');
  headers = { Cookie: `${COOKIE.session}=${token}; ${COOKIE.xsrf}=${xsrf}`, [XSRF_HEADER]: xsrf };
}, 60_000);

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await Promise.all(children.map(exited));
  await db?.destroy();
  await testDb.drop();
});

// Fault injection: a server process killed with SIGKILL at each step of a tus upload.
describe('tus uploads across SIGKILL', () => {
  it('killed mid-PATCH: resumes after restart, bytes whole, one entry', async () => {
    const name = `mid-patch-${attempt()}.bin`;
    const src = randomFile(64 * MIB + 3, name);
    const first = await startServer();
    let killing: Promise<void> | undefined;
    const url = await new Promise<string>((resolve, reject) => {
      const upload: tus.Upload = new tus.Upload(fs.createReadStream(src.file), {
        endpoint: `${first.base}/api/v1/tus/upload`,
        headers,
        metadata: { name },
        retryDelays: null as unknown as number[],
        onProgress: (sent) => {
          if (killing || sent < 8 * MIB || !upload.url) return;
          killing = kill(first.child);
          resolve(upload.url);
        },
        onSuccess: () => reject(new Error('finished before the kill')),
        onError: () => (killing ? undefined : reject(new Error('failed before the kill'))),
      });
      upload.start();
    });
    await killing;
    const second = await startServer();
    await resumeAndCheck(second.base, url.replace(first.base, second.base), src, name);
    await stop(second.child);
  }, 120_000);

  it('killed after the last byte, before tus/entries: finishes after restart, one entry', async () => {
    const name = `after-last-byte-${attempt()}.bin`;
    const src = randomFile(4 * MIB + 1, name);
    const first = await startServer();
    const url = await uploadAll(first.base, src, name);
    await kill(first.child);
    const second = await startServer();
    await resumeAndCheck(second.base, url.replace(first.base, second.base), src, name);
    await stop(second.child);
  }, 120_000);

  it('killed during tus/entries (at several delays): finishes after restart, one entry each time', async () => {
    // Fixed delays after the call, then 'claim': killed as soon as the database shows the upload claimed.
    const delays: Array<number | 'claim'> = [0, 1, 3, 5, 10, 20, 40, 'claim', 'claim', 'claim', 'claim', 'claim'];
    const found: Record<string, number> = {};
    for (const [i, delay] of delays.entries()) {
      const name = `during-entries-${i}-${attempt()}.bin`;
      const src = randomFile(16 * MIB + i, name);
      const first = await startServer();
      const url = await uploadAll(first.base, src, name);
      const call = finish(first.base, url).catch(() => undefined);
      if (delay === 'claim') await claimed(name);
      else await new Promise((r) => setTimeout(r, delay));
      await kill(first.child);
      await call;
      // Where the kill landed: before the claim (open), inside it (finalizing) or after (done).
      const row = await db
        .selectFrom('pending_uploads')
        .select('state')
        .where('user_id', '=', userId)
        .where('name', '=', name)
        .executeTakeFirst();
      found[row?.state ?? 'gone'] = (found[row?.state ?? 'gone'] ?? 0) + 1;
      const second = await startServer();
      await resumeAndCheck(second.base, url.replace(first.base, second.base), src, name);
      await stop(second.child);
    }
    console.info(`kills during tus/entries: ${delays.length} tries, upload state at the kill ${JSON.stringify(found)}`);
  }, 400_000);

  it('a claim left by a killed process is taken over at once by HEAD and tus/entries', async () => {
    const name = `stale-claim-${attempt()}.bin`;
    const src = randomFile(2 * MIB, name);
    const first = await startServer();
    const url = await uploadAll(first.base, src, name);
    await kill(first.child);
    // What a kill inside tus/entries leaves when it lands after the claim and before the entry.
    const at = new Date().toISOString();
    await db
      .updateTable('pending_uploads')
      .set({ state: 'finalizing', claimed_at: at, updated_at: at })
      .where('user_id', '=', userId)
      .where('name', '=', name)
      .execute();
    const second = await startServer();
    const resumed = url.replace(first.base, second.base);
    const head = await fetch(resumed, { method: 'HEAD', headers: { ...headers, 'Tus-Resumable': '1.0.0' } });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('upload-offset'))).toBe(src.size);
    await db
      .updateTable('pending_uploads')
      .set({ state: 'finalizing', claimed_at: at, updated_at: at })
      .where('user_id', '=', userId)
      .where('name', '=', name)
      .execute();
    await resumeAndCheck(second.base, resumed, src, name);
    await stop(second.child);
  }, 120_000);

  it('killed after tus/entries answered: calling it again after restart answers the same entry', async () => {
    const name = `after-answer-${attempt()}.bin`;
    const src = randomFile(4 * MIB + 5, name);
    const first = await startServer();
    const url = await uploadAll(first.base, src, name);
    const res = await finish(first.base, url);
    expect(res.status).toBe(201);
    const { fileEntry } = (await res.json()) as { fileEntry: { id: number } };
    await kill(first.child);
    const second = await startServer();
    const again = await finish(second.base, url.replace(first.base, second.base));
    expect(again.status).toBeLessThan(300);
    expect(((await again.json()) as { fileEntry: { id: number } }).fileEntry.id).toBe(fileEntry.id);
    await resumeAndCheck(second.base, url.replace(first.base, second.base), src, name);
    await stop(second.child);
  }, 120_000);

  it('leaves nothing for kosh fsck --hashes to find after all the kills', () => {
    const run = spawnSync(process.execPath, [koshTs, 'fsck', '--hashes'], {
      env: {
        ...process.env,
        DATA_DIR: testDb.dataDir,
        LOG_LEVEL: 'warn',
        ...(testDb.databaseUrl ? { DATABASE_URL: testDb.databaseUrl } : {}),
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.stdout).toContain('fsck: no problems found');
    expect(run.status).toBe(0);
  }, 90_000);
});
