import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  FREE_STORAGE_BYTES,
  type CompleteS3MultipartResponse,
  type CreateS3MultipartResponse,
  type PresignS3UploadResponse,
  type S3UploadedPartsResponse,
  type SignS3PartsResponse,
  type UploadEntryResponse,
} from '@kosh/contracts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { startRgw, type Rgw } from '../helpers/rgw.ts';
import { DriveClient, sha256, storedBytes } from '../helpers/drive.ts';

const MIB = 1024 * 1024;
let rgw: Rgw;
let t: TestApp;
beforeAll(async () => {
  rgw = await startRgw();
  t = await createTestApp(rgw.env);
}, 240_000);
afterAll(async () => {
  await t?.close();
  await rgw?.stop();
}, 120_000);

const setSetting = (key: string, value: unknown) => t.modules.settings.service.set(key, value);
const reserved = (userId: number) => t.modules.drive.repos.reservations.reservedBytes(userId, new Date().toISOString());
const pendingRows = (userId: number) =>
  t.modules.db.selectFrom('pending_uploads').selectAll().where('user_id', '=', userId).execute();
const stat = (key: string) => t.modules.storage.stat(key);

/** What each direct-upload call answers (contracts/src/uploads.ts). */
type Answers = {
  's3/simple/presign': PresignS3UploadResponse;
  's3/entries': UploadEntryResponse;
  's3/multipart/create': CreateS3MultipartResponse;
  's3/multipart/get-uploaded-parts': S3UploadedPartsResponse;
  's3/multipart/batch-sign-part-urls': SignS3PartsResponse;
  's3/multipart/complete': CompleteS3MultipartResponse;
  's3/multipart/abort': undefined;
};

async function post<P extends keyof Answers>(
  me: DriveClient,
  path: P,
  body: unknown,
  status = 200,
): Promise<Answers[P]> {
  const res = await me.agent.post(`/api/v1/${path}`, body);
  if (res.statusCode !== status) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
  // Only abort answers no body (204), and its answer is typed undefined.
  return res.body ? res.json() : (undefined as Answers[P]);
}

/** PUTs one part to its signed address as a browser would, answering the ETag header. */
async function putPart(url: string, body: Buffer): Promise<string> {
  const res = await fetch(url, { method: 'PUT', body });
  if (res.status !== 200) throw new Error(`part PUT: ${res.status} ${await res.text()}`);
  return res.headers.get('etag')!;
}

async function signed(
  me: DriveClient,
  key: string,
  uploadId: string,
  partNumbers: number[],
): Promise<Map<number, string>> {
  const { urls } = await post(me, 's3/multipart/batch-sign-part-urls', { key, uploadId, partNumbers });
  return new Map(urls.map((u) => [u.partNumber, u.url]));
}

describe('DirectUploads (S3, RADOS Gateway)', () => {
  afterEach(async () => {
    await setSetting('drive.default_space_bytes', FREE_STORAGE_BYTES);
    await setSetting('uploads.direct_upload', true);
  });

  it('simple: presigns a PUT of a minted key, then makes the entry and hashes it in the background', async () => {
    const me = await DriveClient.create(t);
    const folder = await me.folder('Docs');
    const bytes = randomBytes(3 * MIB + 11);
    const presigned = await post(me, 's3/simple/presign', {
      filename: 'report.pdf',
      mime: 'application/pdf',
      size: bytes.length,
      extension: 'pdf',
      metadata: { parentId: folder.id },
    });
    expect(presigned).toMatchObject({
      acl: 'private',
      key: expect.stringMatching(/^entries\/[0-9a-f]{2}\/[0-9a-f-]{36}$/),
    });
    expect(await reserved(me.user.id)).toBe(bytes.length);
    const put = await fetch(presigned.url, {
      method: 'PUT',
      body: bytes,
      headers: { 'content-type': 'application/pdf', 'x-amz-acl': presigned.acl },
    });
    expect(put.status).toBe(200);
    const { fileEntry } = await post(
      me,
      's3/entries',
      {
        filename: presigned.key.split('/').pop(),
        size: bytes.length,
        clientMime: 'application/pdf',
        clientName: 'report.pdf',
        clientExtension: 'pdf',
      },
      201,
    );
    expect(fileEntry).toMatchObject({ name: 'report.pdf', type: 'pdf', file_size: bytes.length, parent_id: folder.id });
    expect(await reserved(me.user.id)).toBe(0);
    await t.modules.uploads.hashes.drain();
    const row = (await t.modules.drive.repos.entries.getById(fileEntry.id))!;
    expect(row.sha256).toBe(await sha256(bytes));
    expect(row.file_name).toBe(presigned.key);
    // Idempotent.
    expect((await post(me, 's3/entries', { key: presigned.key }, 201)).fileEntry.id).toBe(fileEntry.id);
  });

  it('simple: the store refuses a body of another length than the signed one', async () => {
    const me = await DriveClient.create(t);
    const presigned = await post(me, 's3/simple/presign', {
      filename: 'a.bin',
      mime: 'application/octet-stream',
      size: 1000,
    });
    const put = await fetch(presigned.url, {
      method: 'PUT',
      body: Buffer.alloc(1001),
      headers: { 'content-type': 'application/octet-stream', 'x-amz-acl': 'private' },
    });
    expect(put.status).toBe(403);
    expect(await stat(presigned.key)).toBeUndefined();
    expect((await me.agent.post('/api/v1/s3/entries', { key: presigned.key })).statusCode).toBe(409);
  });

  it('multipart: signs parts in batches, completes, and makes the entry byte-identical', async () => {
    const me = await DriveClient.create(t);
    const bytes = randomBytes(11 * MIB + 3);
    const { uploadId, key } = await post(me, 's3/multipart/create', {
      filename: 'movie.mkv',
      mime: 'video/x-matroska',
      size: bytes.length,
      extension: 'mkv',
    });
    const urls = await signed(me, key, uploadId, [1, 2, 3]);
    const chunks = [bytes.subarray(0, 5 * MIB), bytes.subarray(5 * MIB, 10 * MIB), bytes.subarray(10 * MIB)];
    const parts = await Promise.all(
      chunks.map(async (chunk, i) => ({ PartNumber: i + 1, ETag: await putPart(urls.get(i + 1)!, chunk) })),
    );
    const listed = await post(me, 's3/multipart/get-uploaded-parts', { key, uploadId });
    expect(listed.parts.map((p: { PartNumber: number; Size: number }) => [p.PartNumber, p.Size])).toEqual([
      [1, 5 * MIB],
      [2, 5 * MIB],
      [3, MIB + 3],
    ]);
    expect(await post(me, 's3/multipart/complete', { key, uploadId, parts })).toEqual({ key, size: bytes.length });
    const { fileEntry } = await post(me, 's3/entries', { key, clientName: 'movie.mkv' }, 201);
    expect(fileEntry).toMatchObject({ name: 'movie.mkv', file_size: bytes.length });
    expect(await sha256(await storedBytes(t.modules, key))).toBe(await sha256(bytes));
    await t.modules.uploads.hashes.drain();
    expect((await t.modules.drive.repos.entries.getById(fileEntry.id))!.sha256).toBe(await sha256(bytes));
  });

  it('multipart: resumes from the uploaded parts after a reload', async () => {
    const me = await DriveClient.create(t);
    const bytes = randomBytes(10 * MIB + 1);
    const { uploadId, key } = await post(me, 's3/multipart/create', { filename: 'resume.bin', size: bytes.length });
    const first = await putPart((await signed(me, key, uploadId, [1])).get(1)!, bytes.subarray(0, 5 * MIB));
    // The page reloads: the client only kept {key, uploadId} and asks what is stored.
    const { parts } = await post(me, 's3/multipart/get-uploaded-parts', { key, uploadId });
    expect(parts).toEqual([{ PartNumber: 1, ETag: first, Size: 5 * MIB }]);
    const urls = await signed(me, key, uploadId, [2, 3]);
    const rest = [
      { PartNumber: 2, ETag: await putPart(urls.get(2)!, bytes.subarray(5 * MIB, 10 * MIB)) },
      { PartNumber: 3, ETag: await putPart(urls.get(3)!, bytes.subarray(10 * MIB)) },
    ];
    await post(me, 's3/multipart/complete', {
      key,
      uploadId,
      parts: [
        ...parts.map(({ PartNumber, ETag }: { PartNumber: number; ETag: string }) => ({ PartNumber, ETag })),
        ...rest,
      ],
    });
    await post(me, 's3/entries', { key }, 201);
    expect(await sha256(await storedBytes(t.modules, key))).toBe(await sha256(bytes));
  });

  it('multipart: abort removes the parts and gives the space back', async () => {
    const me = await DriveClient.create(t);
    const { uploadId, key } = await post(me, 's3/multipart/create', { filename: 'gone.bin', size: 12 * MIB });
    await putPart((await signed(me, key, uploadId, [1])).get(1)!, randomBytes(5 * MIB));
    expect(await reserved(me.user.id)).toBe(12 * MIB);
    await post(me, 's3/multipart/abort', { key, uploadId }, 204);
    expect(await reserved(me.user.id)).toBe(0);
    expect(await pendingRows(me.user.id)).toEqual([]);
    expect(await t.modules.storage.listParts!(key, uploadId).catch((e: Error) => e.name)).toBe('ObjectNotFoundError');
    expect((await me.agent.post('/api/v1/s3/multipart/get-uploaded-parts', { key, uploadId })).statusCode).toBe(404);
  });

  it('multipart: a completion whose real size is not the declared one is refused and its bytes deleted', async () => {
    const me = await DriveClient.create(t);
    const { uploadId, key } = await post(me, 's3/multipart/create', { filename: 'liar.bin', size: 6 * MIB });
    const urls = await signed(me, key, uploadId, [1, 2]);
    const parts = [
      { PartNumber: 1, ETag: await putPart(urls.get(1)!, randomBytes(5 * MIB)) },
      { PartNumber: 2, ETag: await putPart(urls.get(2)!, randomBytes(2 * MIB)) },
    ];
    const res = await me.agent.post('/api/v1/s3/multipart/complete', { key, uploadId, parts });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(`The uploaded file has ${7 * MIB} bytes, not the ${6 * MIB} declared.`);
    expect(await stat(key)).toBeUndefined();
    expect(await reserved(me.user.id)).toBe(0);
    expect(await pendingRows(me.user.id)).toEqual([]);
    expect((await me.agent.post('/api/v1/s3/entries', { key })).statusCode).toBe(404);
  });

  it("refuses and deletes an object written behind the server's back with other than the declared size", async () => {
    const me = await DriveClient.create(t);
    const presigned = await post(me, 's3/simple/presign', { filename: 'swap.bin', size: 100 });
    // Bytes that did not come through the signed PUT: the key's object has another size.
    await t.modules.storage.put(presigned.key, Buffer.alloc(150));
    const res = await me.agent.post('/api/v1/s3/entries', { key: presigned.key });
    expect(res.statusCode).toBe(422);
    expect(await stat(presigned.key)).toBeUndefined();
    expect(await pendingRows(me.user.id)).toEqual([]);
    expect((await me.list()).total).toBe(0);
  });

  it("refuses another user's keys everywhere: entries, signing, listing, completing, aborting", async () => {
    const owner = await DriveClient.create(t);
    const thief = await DriveClient.create(t);
    const presigned = await post(owner, 's3/simple/presign', { filename: 'secret.txt', size: 5 });
    await fetch(presigned.url, {
      method: 'PUT',
      body: 'hello',
      headers: { 'content-type': 'text/plain', 'x-amz-acl': 'private' },
    });
    expect((await thief.agent.post('/api/v1/s3/entries', { key: presigned.key })).statusCode).toBe(404);
    expect(
      (await thief.agent.post('/api/v1/s3/entries', { filename: presigned.key.split('/').pop() })).statusCode,
    ).toBe(404);
    const { uploadId, key } = await post(owner, 's3/multipart/create', { filename: 'big.bin', size: 8 * MIB });
    for (const [path, body] of [
      ['s3/multipart/batch-sign-part-urls', { key, uploadId, partNumbers: [1] }],
      ['s3/multipart/get-uploaded-parts', { key, uploadId }],
      ['s3/multipart/complete', { key, uploadId, parts: [{ PartNumber: 1, ETag: '"x"' }] }],
      ['s3/multipart/abort', { key, uploadId }],
    ] as const) {
      expect((await thief.agent.post(`/api/v1/${path}`, body)).statusCode, path).toBe(404);
    }
    // A key that is not one the server minted, or an upload id that does not go with the key.
    expect(
      (
        await owner.agent.post('/api/v1/s3/multipart/batch-sign-part-urls', {
          key: 'entries/aa/../../etc',
          uploadId,
          partNumbers: [1],
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await owner.agent.post('/api/v1/s3/multipart/batch-sign-part-urls', {
          key: presigned.key,
          uploadId,
          partNumbers: [1],
        })
      ).statusCode,
    ).toBe(404);
    // The owner's upload is untouched and works.
    expect((await post(owner, 's3/entries', { key: presigned.key }, 201)).fileEntry.name).toBe('secret.txt');
  });

  it('refuses part numbers the declared size cannot need, and more than 10 per batch', async () => {
    const me = await DriveClient.create(t);
    const { uploadId, key } = await post(me, 's3/multipart/create', { filename: 'p.bin', size: 6 * MIB });
    expect(
      (await me.agent.post('/api/v1/s3/multipart/batch-sign-part-urls', { key, uploadId, partNumbers: [3] }))
        .statusCode,
    ).toBe(422);
    expect(
      (
        await me.agent.post('/api/v1/s3/multipart/batch-sign-part-urls', {
          key,
          uploadId,
          partNumbers: Array.from({ length: 11 }, (_, i) => i + 1),
        })
      ).statusCode,
    ).toBe(422);
  });

  it('refuses at presign what does not fit; lets one of two parallel uploads through when both do not', async () => {
    await setSetting('drive.default_space_bytes', 10 * MIB);
    const me = await DriveClient.create(t);
    const big = await me.agent.post('/api/v1/s3/simple/presign', { filename: 'big.bin', size: 11 * MIB });
    expect(big.statusCode).toBe(413);
    const both = await Promise.all([
      me.agent.post('/api/v1/s3/multipart/create', { filename: 'a.bin', size: 6 * MIB }),
      me.agent.post('/api/v1/s3/simple/presign', { filename: 'b.bin', size: 6 * MIB }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 413]);
    expect(await reserved(me.user.id)).toBe(6 * MIB);
  });

  it('keeps uploads in flight through the drive sweeps, and removes them once they expire', async () => {
    const me = await DriveClient.create(t);
    const simple = await post(me, 's3/simple/presign', { filename: 's.bin', size: 4 });
    // No Content-Type at all (what a browser sends for a file of unknown type): not part of the signature.
    expect(
      (await fetch(simple.url, { method: 'PUT', body: Buffer.from('abcd'), headers: { 'x-amz-acl': 'private' } }))
        .status,
    ).toBe(200);
    const multi = await post(me, 's3/multipart/create', { filename: 'm.bin', size: 6 * MIB });
    await putPart((await signed(me, multi.key, multi.uploadId, [1])).get(1)!, randomBytes(5 * MIB));
    await t.modules.drive.maintenance.runOnce({ stagingGraceMs: 0, orphanGraceMs: 0 });
    expect(await stat(simple.key)).toMatchObject({ size: 4 });
    expect(await t.modules.storage.listParts!(multi.key, multi.uploadId)).toHaveLength(1);

    await t.modules.db
      .updateTable('pending_uploads')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', me.user.id)
      .execute();
    expect(await t.modules.uploads.maintenance.runOnce()).toMatchObject({ expired: 2 });
    expect(await stat(simple.key)).toBeUndefined();
    expect(await t.modules.storage.listParts!(multi.key, multi.uploadId).catch((e: Error) => e.name)).toBe(
      'ObjectNotFoundError',
    );
    expect(await reserved(me.user.id)).toBe(0);
  });

  it('fills a missing SHA-256 from the maintenance job', async () => {
    const me = await DriveClient.create(t);
    const entry = await me.upload('plain.txt', 'plain bytes');
    await t.modules.drive.repos.entries.update(entry.id, { sha256: null });
    expect(await t.modules.uploads.maintenance.runOnce()).toMatchObject({ hashed: 1 });
    expect((await t.modules.drive.repos.entries.getById(entry.id))!.sha256).toBe(await sha256('plain bytes'));
  });

  it('answers 403 when direct uploads are turned off, and bootstrap data says so', async () => {
    const me = await DriveClient.create(t);
    expect((await me.agent.get('/api/v1/bootstrap-data')).json().settings.uploads.direct_upload).toBe(true);
    await setSetting('uploads.direct_upload', false);
    expect((await me.agent.post('/api/v1/s3/simple/presign', { filename: 'a.bin', size: 1 })).statusCode).toBe(403);
    expect((await me.agent.get('/api/v1/bootstrap-data')).json().settings.uploads.direct_upload).toBe(false);
  });
});
