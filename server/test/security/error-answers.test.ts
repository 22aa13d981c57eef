import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DriveClient } from '../helpers/drive.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const BOUNDARY = '----kosh-broken';
const multipartHeaders = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

/** Lines of the error log (DATA_DIR/logs/error.log) so far; the stream is written asynchronously. */
async function errorLogLines(t: TestApp): Promise<string[]> {
  await new Promise((r) => setTimeout(r, 200));
  const file = path.join(t.modules.config.dataDir, 'logs', 'error.log');
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
}

// Internal details in errors: broken bodies, a database that is down and a full disk are not crashes.
describe('broken multipart bodies', () => {
  let t: TestApp;
  let me: DriveClient;
  beforeAll(async () => {
    t = await createTestApp();
    me = await DriveClient.create(t);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it.each([
    [
      'a body cut off inside the file',
      [
        `--${BOUNDARY}`,
        'Content-Disposition: form-data; name="file"; filename="a.txt"',
        'Content-Type: text/plain',
        '',
        'half of the byt',
      ].join('\r\n'),
    ],
    ['a body cut off inside the part headers', `--${BOUNDARY}\r\nContent-Disposition: form-da`],
    ['a body that is not multipart at all', 'not multipart at all'],
  ])('%s answers 400 and writes no error-log line', async (_what, payload) => {
    const before = (await errorLogLines(t)).length;
    for (let i = 0; i < 3; i++) {
      const res = await me.agent.request({
        method: 'POST',
        url: '/api/v1/file-entries',
        payload,
        headers: multipartHeaders,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'bad_request' });
    }
    expect((await errorLogLines(t)).length).toBe(before);
  });

  it('an empty form says the file is required (422)', async () => {
    const res = await me.agent.request({
      method: 'POST',
      url: '/api/v1/file-entries',
      payload: '',
      headers: multipartHeaders,
    });
    expect(res.statusCode).toBe(422);
  });
});

describe('a database that is down', () => {
  let t: TestApp;
  let me: DriveClient;
  beforeAll(async () => {
    t = await createTestApp();
    me = await DriveClient.create(t);
  }, 60_000);
  afterAll(async () => {
    await t?.close().catch(() => undefined);
  });

  it('answers 503 with Retry-After, and serves again once the database is back (PostgreSQL)', async () => {
    const url = t.db.databaseUrl;
    if (!url) {
      // SQLite: the pool is closed under the running app, as when the file cannot be used any more.
      expect((await me.agent.get('/api/v1/drive/file-entries')).statusCode).toBe(200);
      await t.modules.db.destroy();
      const res = await me.agent.get('/api/v1/drive/file-entries');
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toMatch(/^\d+$/);
      expect(res.json()).toMatchObject({ code: 'service_unavailable' });
      return;
    }
    const name = new URL(url).pathname.slice(1);
    const admin = new pg.Client({
      connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString(),
    });
    await admin.connect();
    try {
      expect((await me.agent.get('/api/v1/drive/file-entries')).statusCode).toBe(200);
      // Stop accepting connections and end those open: what a database restart or outage looks like.
      await admin.query(`alter database "${name}" allow_connections false`);
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
      for (let i = 0; i < 3; i++) {
        const res = await me.agent.get('/api/v1/drive/file-entries');
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toMatch(/^\d+$/);
      }
      await admin.query(`alter database "${name}" allow_connections true`);
      let status = 0;
      for (let i = 0; i < 20 && status !== 200; i++) {
        status = (await me.agent.get('/api/v1/drive/file-entries')).statusCode;
        if (status !== 200) await new Promise((r) => setTimeout(r, 250));
      }
      expect(status).toBe(200);
    } finally {
      await admin.query(`alter database "${name}" allow_connections true`).catch(() => undefined);
      await admin.end();
    }
  });
});

describe('a full disk', () => {
  const isRoot = process.getuid?.() === 0;
  let mount: string;
  let logs: string;
  let t: TestApp;
  let me: DriveClient;
  beforeAll(async () => {
    if (!isRoot) return;
    // A real small file system: the data folder (files, and the SQLite database) on an 8 MiB tmpfs.
    mount = fs.mkdtempSync(path.join(os.tmpdir(), 'kosh-full-'));
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=8m', 'tmpfs', mount]);
    // The logs stay on the roomy disk: a log line that cannot be written is not what this test is about.
    logs = fs.mkdtempSync(path.join(os.tmpdir(), 'kosh-full-logs-'));
    fs.symlinkSync(logs, path.join(mount, 'logs'));
    t = await createTestApp({ DATA_DIR: mount });
    me = await DriveClient.create(t);
  }, 60_000);
  afterAll(async () => {
    if (!isRoot) return;
    await t?.close().catch(() => undefined);
    execFileSync('umount', ['--lazy', mount]);
    fs.rmSync(mount, { recursive: true, force: true });
    fs.rmSync(logs, { recursive: true, force: true });
  });

  /** Fills the file system to the last byte; answers a function that gives the room back. */
  function fill(): () => void {
    const filler = path.join(mount, 'filler');
    const fd = fs.openSync(filler, 'w');
    const chunk = Buffer.alloc(64 * 1024);
    try {
      for (;;) fs.writeSync(fd, chunk);
    } catch (error) {
      if ((error as { code?: string }).code !== 'ENOSPC') throw error;
    }
    try {
      for (;;) fs.writeSync(fd, chunk, 0, 512);
    } catch {}
    fs.closeSync(fd);
    return () => fs.rmSync(filler);
  }

  it('answers 507 for uploads and new folders, and works again once there is room', async () => {
    if (!isRoot)
      throw new Error('This test mounts a tmpfs (mount -t tmpfs -o size=8m): run the integration tests as root.');
    const release = fill();
    try {
      const upload = await me.uploadRaw({ name: 'big.bin', content: Buffer.alloc(1024 * 1024, 7) });
      expect(upload.statusCode).toBe(507);
      expect(upload.json()).toMatchObject({ code: 'insufficient_storage', message: expect.stringMatching(/no room/) });
      if (!t.db.databaseUrl) {
        // SQLite keeps its database in the data folder: a new folder needs room too.
        const folder = await me.agent.post('/api/v1/folders', { name: 'Needs room', parentId: null });
        expect(folder.statusCode).toBe(507);
        expect(folder.json()).toMatchObject({ code: 'insufficient_storage' });
      }
    } finally {
      release();
    }
    expect((await me.uploadRaw({ name: 'small.bin', content: Buffer.alloc(1024, 7) })).statusCode).toBe(201);
    expect((await me.agent.post('/api/v1/folders', { name: 'Fits', parentId: null })).statusCode).toBe(201);
  });
});
