import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { Modules } from '../../src/modules.ts';
import { DriveClient, sha256, storedBytes } from '../helpers/drive.ts';
import { createTestApp, startTestRuntime, type TestApp } from '../helpers/test-app.ts';
import { browserHeaders, finishTus, listen, randomFile } from '../helpers/uploads.ts';

const MIB = 1024 * 1024;
const TUS = { 'Tus-Resumable': '1.0.0' };

const onPostgres = process.env.KOSH_TEST_DB === 'postgres';
let t: TestApp;
/** A second server process: its own modules (tus locker, pool) on the same database and data folder. */
let second: { modules: Modules; app: FastifyInstance; base: string } | undefined;
let firstBase: string;
beforeAll(async () => {
  t = await createTestApp();
  firstBase = await listen(t);
  // Several processes share one PostgreSQL; SQLite is one process (its locker is @tus/server's MemoryLocker).
  if (!onPostgres) return;
  const modules = await startTestRuntime(t.modules.config);
  const app = await buildApp(modules);
  await app.listen({ port: 0, host: '127.0.0.1' });
  second = { modules, app, base: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` };
});
afterAll(async () => {
  await second?.app.close();
  await second?.modules.lifecycle.stop();
  await t.close();
});

type Answer = { status: number; offset: string | null; body: string };

/**
 * A PATCH that sends bytes offset..sendTo of `file` and then stalls with its body unfinished (a
 * slow client) until the server answers; answers the answer and a way to cut the socket. It
 * writes nothing after that, so an answer given before the body ends (and the connection
 * closed) is read, not lost to a write error.
 */
function stallingPatch(
  url: string,
  headers: Record<string, string>,
  file: string,
  offset: number,
  sendTo: number,
  size: number,
): { answer: Promise<Answer>; cut(): void } {
  let req!: http.ClientRequest;
  const answer = new Promise<Answer>((resolve, reject) => {
    req = http.request(url, {
      method: 'PATCH',
      headers: {
        ...headers,
        ...TUS,
        'Upload-Offset': String(offset),
        'Content-Type': 'application/offset+octet-stream',
        'Content-Length': String(size - offset),
      },
    });
    req.on('error', () => undefined);
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () =>
        resolve({ status: res.statusCode!, offset: res.headers['upload-offset'] as string | null, body }),
      );
      res.on('error', reject);
    });
    fs.createReadStream(file, { start: offset, end: sendTo - 1 }).on('data', (chunk) => req.write(chunk));
  });
  return { answer, cut: () => req.destroy() };
}

/** A whole PATCH from `offset` to the end (the server reads all of it before it answers). */
function patch(url: string, headers: Record<string, string>, file: string, offset: number): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const size = fs.statSync(file).size;
    const req = http.request(
      url,
      {
        method: 'PATCH',
        headers: {
          ...headers,
          ...TUS,
          'Upload-Offset': String(offset),
          'Content-Type': 'application/offset+octet-stream',
          'Content-Length': String(size - offset),
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, offset: res.headers['upload-offset'] as string | null, body }),
        );
      },
    );
    req.on('error', reject);
    fs.createReadStream(file, { start: offset }).pipe(req);
  });
}

/** A whole PATCH that may lose its race: answers status 0 when the connection closed under its body. */
function racingPatch(url: string, headers: Record<string, string>, file: string, offset: number): Promise<Answer> {
  return patch(url, headers, file, offset).catch(() => ({ status: 0, offset: null, body: 'connection closed' }));
}

async function create(base: string, headers: Record<string, string>, size: number, name: string): Promise<string> {
  const res = await fetch(`${base}/api/v1/tus/upload`, {
    method: 'POST',
    headers: {
      ...headers,
      ...TUS,
      'Upload-Length': String(size),
      'Upload-Metadata': `name ${Buffer.from(name).toString('base64')}`,
    },
  });
  expect(res.status).toBe(201);
  return new URL(res.headers.get('location')!, base).toString();
}

/** The upload's bytes on disk (one data folder for both processes), once they reach `bytes`. */
async function storedReaches(url: string, bytes: number): Promise<void> {
  const file = path.join(t.modules.config.dataDir, 'files', '.tus', url.slice(-36));
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (fs.statSync(file).size >= bytes) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the upload never reached ${bytes} bytes`);
}

const on = (base: string, url: string) => base + new URL(url).pathname;

describe.each(onPostgres ? ['one process', 'two processes'] : ['one process'])('tus locks (%s)', (mode) => {
  /** Where the two requests of each race go: one server, or two sharing the database. */
  const bases = () => (mode === 'two processes' ? [firstBase, second!.base] : [firstBase, firstBase]);

  it("another process's PATCH stops the running one, is refused at a stale offset; the bytes end intact", async () => {
    const [one, two] = bases();
    const me = await DriveClient.create(t);
    const headers = await browserHeaders(me.agent);
    const src = randomFile(6 * MIB + 77, 'locked.bin');
    const url = await create(one, headers, src.size, 'locked.bin');

    // Process 1 receives the first 2 MiB and then the client stalls, holding the upload's lock.
    const slow = stallingPatch(on(one, url), headers, src.file, 0, 2 * MIB, src.size);
    await storedReaches(url, 2 * MIB);
    // Process 2 gets a PATCH for the same upload, from the start: it asks process 1 to let go (tus),
    // waits for the lock, then refuses the stale offset.
    const racing = stallingPatch(on(two, url), headers, src.file, 0, 64 * 1024, src.size);
    expect((await racing.answer).status).toBe(409);
    racing.cut();
    const stopped = await slow.answer;
    slow.cut();
    expect(stopped).toMatchObject({ status: 204, offset: String(2 * MIB) });

    // The client resumes through process 2 where the upload is, and finishes through process 1.
    const head = await fetch(on(two, url), { method: 'HEAD', headers: { ...headers, ...TUS } });
    expect(head.headers.get('upload-offset')).toBe(String(2 * MIB));
    expect(await patch(on(two, url), headers, src.file, 2 * MIB)).toMatchObject({
      status: 204,
      offset: String(src.size),
    });
    const entry = await finishTus(me.agent, url);
    expect(entry.file_size).toBe(src.size);
    expect(entry.sha256).toBe(src.sha256);
    const row = (await t.modules.drive.repos.entries.getById(entry.id))!;
    expect(await sha256(await storedBytes(t.modules, row.file_name!))).toBe(src.sha256);
  });

  it('a HEAD from another process waits for the running PATCH to stop, and answers the offset it reached', async () => {
    const [one, two] = bases();
    const me = await DriveClient.create(t);
    const headers = await browserHeaders(me.agent);
    const src = randomFile(5 * MIB + 3, 'resumed.bin');
    const url = await create(two, headers, src.size, 'resumed.bin');

    const slow = stallingPatch(on(two, url), headers, src.file, 0, 3 * MIB, src.size);
    await storedReaches(url, 3 * MIB);
    const head = await fetch(on(one, url), { method: 'HEAD', headers: { ...headers, ...TUS } });
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(3 * MIB));
    expect(await slow.answer).toMatchObject({ status: 204, offset: String(3 * MIB) });
    slow.cut();
    // Two PATCHes at the same offset from both at once: the later stops the earlier (204 with the
    // offset it reached) and writes on, or is refused at a stale offset (409); never both writing.
    const answers = await Promise.all([
      racingPatch(on(one, url), headers, src.file, 3 * MIB),
      racingPatch(on(two, url), headers, src.file, 3 * MIB),
    ]);
    // 0: the server answered early and closed the connection while this client was still writing.
    // Which of them wins is timing; what matters is that the bytes end up whole (below).
    for (const a of answers) expect([0, 204, 409], a.body).toContain(a.status);
    // The client resumes from what HEAD says until the upload is complete.
    for (let round = 0; round < 3; round++) {
      const offset = Number(
        (await fetch(on(one, url), { method: 'HEAD', headers: { ...headers, ...TUS } })).headers.get('upload-offset'),
      );
      if (offset === src.size) break;
      expect(await patch(on(two, url), headers, src.file, offset)).toMatchObject({
        status: 204,
        offset: String(src.size),
      });
    }
    const entry = await finishTus(me.agent, url);
    expect(entry.sha256).toBe(src.sha256);
    const row = (await t.modules.drive.repos.entries.getById(entry.id))!;
    expect(await sha256(await storedBytes(t.modules, row.file_name!))).toBe(src.sha256);
  });
});
