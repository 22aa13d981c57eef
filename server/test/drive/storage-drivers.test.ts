import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStorageDriver } from '../../src/storage/local.ts';
import { S3StorageDriver } from '../../src/storage/s3.ts';
import { newObjectKey } from '../../src/storage/keys.ts';
import { ObjectNotFoundError, ObjectTooLargeError, type StorageDriver } from '../../src/storage/storage-driver.ts';
import { startRgw, type Rgw } from '../helpers/rgw.ts';

let rgw: Rgw;
let dir: string;
const drivers: Record<string, StorageDriver> = {};
beforeAll(async () => {
  rgw = await startRgw();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kosh-storage-'));
  drivers.local = new LocalStorageDriver(dir);
  const e = rgw.env;
  drivers.s3 = new S3StorageDriver({
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    bucket: e.S3_BUCKET,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    forcePathStyle: true,
  });
}, 180_000);
afterAll(async () => {
  await rgw?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const read = async (s: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of s) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};
/** A stream of n pseudo-random bytes in uneven chunks, length unknown to the reader. */
function bytes(n: number, seed = 1): Buffer {
  const out = Buffer.alloc(n);
  let x = seed;
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    out[i] = x >> 16;
  }
  return out;
}
const chunked = (buf: Buffer, size = 70_000) =>
  Readable.from(
    (function* () {
      for (let i = 0; i < buf.length; i += size) yield buf.subarray(i, i + size);
    })(),
  );
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe.each(['local', 's3'])('StorageDriver (%s)', (kind) => {
  const driver = () => drivers[kind];

  it('keeps staged bytes invisible until commit, with size and SHA-256 computed on the way', async () => {
    const data = bytes(300_000);
    const key = newObjectKey();
    const staged = await driver().putStaged(key, chunked(data));
    expect(staged).toMatchObject({ key, size: data.length, sha256: sha(data) });
    expect(await driver().stat(key)).toBeUndefined();
    await staged.commit();
    expect((await driver().stat(key))?.size).toBe(data.length);
    expect((await read(await driver().getRange(key))).equals(data)).toBe(true);
  });

  it('throws staged bytes away on discard', async () => {
    const key = newObjectKey();
    const staged = await driver().putStaged(key, chunked(bytes(1000)));
    await staged.discard();
    expect(await driver().stat(key)).toBeUndefined();
    expect(await driver().sweepStaging(0)).toBe(0);
  });

  it('stops a write past maxBytes and keeps nothing', async () => {
    const key = newObjectKey();
    await expect(driver().putStaged(key, chunked(bytes(200_000)), { maxBytes: 100_000 })).rejects.toBeInstanceOf(
      ObjectTooLargeError,
    );
    expect(await driver().stat(key)).toBeUndefined();
    expect(await driver().sweepStaging(0)).toBe(0);
  });

  it('stores a stream of unknown length over several multipart parts', async () => {
    const data = bytes(20 * 1024 * 1024 + 123, 7);
    const key = newObjectKey();
    const staged = await driver().putStaged(key, chunked(data, 1 << 20));
    await staged.commit();
    expect(sha(await read(await driver().getRange(key)))).toBe(sha(data));
    const other = newObjectKey();
    const written = await driver().put(other, chunked(data, 1 << 20));
    expect(written).toEqual({ size: data.length, sha256: sha(data) });
  });

  it('stores an empty file', async () => {
    const key = newObjectKey();
    await (await driver().putStaged(key, Readable.from([]))).commit();
    expect((await read(await driver().getRange(key))).length).toBe(0);
  });

  it('reads byte ranges', async () => {
    const data = bytes(10_000, 3);
    const key = newObjectKey();
    await driver().put(key, data);
    expect((await read(await driver().getRange(key, 100, 199))).equals(data.subarray(100, 200))).toBe(true);
    expect((await read(await driver().getRange(key, 9_990))).equals(data.subarray(9_990))).toBe(true);
  });

  it('copies, deletes, lists, and reports missing objects', async () => {
    const key = newObjectKey();
    const copy = newObjectKey();
    await driver().put(key, Buffer.from('copy me'));
    await driver().copy(key, copy);
    expect((await read(await driver().getRange(copy))).toString()).toBe('copy me');
    const listed: string[] = [];
    for await (const o of driver().list('entries/')) listed.push(o.key);
    expect(listed).toEqual(expect.arrayContaining([key, copy]));
    await driver().deleteMany([key, copy]);
    expect(await driver().stat(key)).toBeUndefined();
    await expect(driver().getRange(key)).rejects.toBeInstanceOf(ObjectNotFoundError);
    await driver().delete(key);
  });

  it('refuses keys it did not generate', async () => {
    await expect(driver().put('../../etc/passwd', Buffer.from('x'))).rejects.toThrow(/not a generated key/);
    await expect(driver().getRange('entries/ab/../../x')).rejects.toThrow(/not a generated key/);
  });
});

describe('S3StorageDriver', () => {
  it('sweeps abandoned multipart uploads and presigns GET and PUT', async () => {
    const s3 = drivers.s3 as S3StorageDriver;
    const key = newObjectKey();
    await s3.putStaged(key, chunked(bytes(1000)));
    expect(await s3.sweepStaging(0)).toBeGreaterThanOrEqual(1);
    const putUrl = await s3.presignPut!(key, { contentType: 'text/plain' });
    expect(
      (await fetch(putUrl, { method: 'PUT', body: 'signed', headers: { 'content-type': 'text/plain' } })).status,
    ).toBe(200);
    const getUrl = await s3.presignGet!(key, { contentDisposition: 'attachment; filename="a.txt"' });
    const got = await fetch(getUrl);
    expect(await got.text()).toBe('signed');
    expect(got.headers.get('content-disposition')).toBe('attachment; filename="a.txt"');
  });
});

describe('LocalStorageDriver', () => {
  it('sweeps staging files left by a crash', async () => {
    const staging = path.join(dir, '.staging', 'leftover');
    fs.writeFileSync(staging, 'x');
    expect(await drivers.local.sweepStaging(0)).toBe(1);
    expect(fs.existsSync(staging)).toBe(false);
  });
});
