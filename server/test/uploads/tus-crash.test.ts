import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COOKIE, XSRF_HEADER } from '@kosh/contracts';
import { newSessionToken } from '../../src/auth/session-token.ts';
import { loadConfig } from '../../src/config.ts';
import { createLogger } from '../../src/logging/logger.ts';
import { openRuntime } from '../../src/runtime.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.ts';
import { randomFile, tusUpload } from '../helpers/uploads.ts';
import * as tus from 'tus-js-client';

const MIB = 1024 * 1024;
const mainTs = path.resolve(import.meta.dirname, '../../src/main.ts');

let db: TestDatabase;
let headers: Record<string, string>;
const children: ChildProcess[] = [];

/** `node server/src/main.ts` on this test's data dir and database; answers the process and its base URL. */
async function startServer(): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, ['--max-semi-space-size=8', mainTs], {
    env: {
      ...process.env,
      DATA_DIR: db.dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: path.join(db.dataDir, 'no-web'),
      ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let err = '';
  child.stderr!.on('data', (d) => (err += d));
  const base = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /running on http:\/\/localhost:(\d+)/.exec(out);
      if (m) resolve(`http://127.0.0.1:${m[1]}`);
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${err}`)));
  });
  return { child, base };
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve()),
  );

beforeAll(async () => {
  db = await createTestDatabase();
  // A user and a session in the database the server processes will open.
  const config = loadConfig({
    DATA_DIR: db.dataDir,
    LOG_LEVEL: 'warn',
    ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl } : {}),
  });
  const modules = await openRuntime(config, createLogger({ dataDir: db.dataDir, level: 'warn', stdout: false }));
  const user = await modules.users.service.createUser({
    email: 'crash@example.test',
    password: 'correct horse battery',
    verified: true,
  });
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
  const xsrf = randomBytes(24).toString('base64url');
  headers = { Cookie: `${COOKIE.session}=${token}; ${COOKIE.xsrf}=${xsrf}`, [XSRF_HEADER]: xsrf };
}, 60_000);

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await Promise.all(children.map(exited));
  await db.drop();
});

describe('TusUploads across a server crash', () => {
  it('resumes after the server process was killed with SIGKILL mid-upload, byte-identical', async () => {
    const src = randomFile(192 * MIB + 7, 'crash.bin');
    const first = await startServer();
    let killedAt = 0;
    const url = await new Promise<string>((resolve, reject) => {
      const upload: tus.Upload = new tus.Upload(fs.createReadStream(src.file), {
        endpoint: `${first.base}/api/v1/tus/upload`,
        headers,
        metadata: { name: 'crash.bin' },
        retryDelays: null as unknown as number[],
        onProgress: (sent) => {
          if (killedAt || sent < 24 * MIB || !upload.url) return;
          killedAt = sent;
          first.child.kill('SIGKILL');
          resolve(upload.url);
        },
        onSuccess: () => reject(new Error('finished before the kill')),
        onError: () => (killedAt ? undefined : reject(new Error('failed before the kill'))),
      });
      upload.start();
    });
    await exited(first.child);
    expect(first.child.signalCode).toBe('SIGKILL');

    const second = await startServer();
    const resumedUrl = url.replace(first.base, second.base);
    const head = await fetch(resumedUrl, { method: 'HEAD', headers: { ...headers, 'Tus-Resumable': '1.0.0' } });
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThan(src.size);

    await tusUpload(fs.createReadStream(src.file), {
      uploadUrl: resumedUrl,
      endpoint: `${second.base}/api/v1/tus/upload`,
      headers,
      metadata: { name: 'crash.bin' },
    });
    const res = await fetch(`${second.base}/api/v1/tus/entries`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ uploadKey: resumedUrl }),
    });
    expect(res.status).toBe(201);
    const { fileEntry } = (await res.json()) as { fileEntry: { url: string } };
    // The running hash died with the first process: the finished file was hashed once instead.
    expect(fileEntry).toMatchObject({ name: 'crash.bin', file_size: src.size, sha256: src.sha256 });
    const download = await fetch(`${second.base}${fileEntry.url}`, { headers });
    expect(download.status).toBe(200);
    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256');
    for await (const chunk of download.body!) hash.update(chunk);
    expect(hash.digest('hex')).toBe(src.sha256);
    second.child.kill('SIGTERM');
    await exited(second.child);
  }, 120_000);
});
