import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bytes, DriveClient, storedBytes } from '../helpers/drive.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { browserHeaders, listen } from '../helpers/uploads.ts';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t);
});
afterAll(() => t.close());
beforeEach(() => t.modules.settings.service.set('drive.default_space_bytes', 25 * 1024 ** 3));

const setSpace = (bytesAllowed: number) => t.modules.settings.service.set('drive.default_space_bytes', bytesAllowed);

/** The live files of a user as stored: size in the row and the bytes behind it. */
async function liveFiles(userId: number) {
  const rows = await t.modules.db
    .selectFrom('file_entries')
    .selectAll()
    .where('owner_id', '=', userId)
    .where('type', '!=', 'folder')
    .where('deleted_at', 'is', null)
    .execute();
  return Promise.all(
    rows.map(async (r) => ({
      name: r.name,
      size: Number(r.file_size),
      stored: r.file_name ? (await storedBytes(t.modules, r.file_name)).length : 0,
    })),
  );
}

async function tusCreate(me: DriveClient, length: number, name = 'f.bin') {
  const headers = { ...(await browserHeaders(me.agent)), 'Tus-Resumable': '1.0.0' };
  const created = await fetch(`${base}/api/v1/tus/upload`, {
    method: 'POST',
    headers: {
      ...headers,
      'Upload-Length': String(length),
      'Upload-Metadata': `name ${Buffer.from(name).toString('base64')}`,
    },
  });
  const url = created.headers.get('location');
  return { status: created.status, url: url ? new URL(url, base).toString() : '', headers };
}

const tusPatch = (url: string, headers: Record<string, string>, body: Buffer, offset = 0) =>
  fetch(url, {
    method: 'PATCH',
    headers: { ...headers, 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
    body,
  }).catch(() => ({ status: 0 }));

describe('declared versus actual upload size', () => {
  // Class: declared versus actual upload size (tus Upload-Length, the plain upload's size field).
  it('keeps no more than a tus upload declared, and the entry tells the size of the bytes kept', async () => {
    const me = await DriveClient.create(t);
    const up = await tusCreate(me, 10);
    expect(up.status).toBe(201);
    const res = await tusPatch(up.url, up.headers, bytes(5000, 1));
    expect(res.status).not.toBe(204);
    const finish = await me.agent.post('/api/v1/tus/entries', { uploadKey: up.url });
    if (finish.statusCode === 201) expect(finish.json().fileEntry.file_size).toBeLessThanOrEqual(10);
    for (const f of await liveFiles(me.user.id)) {
      expect(f.size).toBeLessThanOrEqual(10);
      expect(f.stored).toBe(f.size);
    }
  });

  it('does not let a small declared tus length carry more bytes than the space left', async () => {
    await setSpace(1000);
    const me = await DriveClient.create(t);
    const up = await tusCreate(me, 100);
    expect(up.status).toBe(201);
    await tusPatch(up.url, up.headers, bytes(20_000, 2));
    await me.agent.post('/api/v1/tus/entries', { uploadKey: up.url });
    const used = (await liveFiles(me.user.id)).reduce((sum, f) => sum + f.stored, 0);
    expect(used).toBeLessThanOrEqual(1000);
  });

  it('refuses a tus upload whose declared length is over the space left (413)', async () => {
    await setSpace(1000);
    const me = await DriveClient.create(t);
    expect((await tusCreate(me, 5000)).status).toBe(413);
  });

  it('counts the bytes a plain upload carries, not the size it declares', async () => {
    await setSpace(1000);
    const me = await DriveClient.create(t);
    const lying = await me.uploadRaw({ name: 'big.bin', content: bytes(5000, 3) }, { size: 1 }, [['size', '1']]);
    expect(lying.statusCode).toBe(413);
    await setSpace(25 * 1024 ** 3);
    const honest = await me.uploadRaw({ name: 'real.bin', content: bytes(5000, 4) }, { size: 1 }, [['size', '1']]);
    expect(honest.statusCode).toBe(201);
    expect(honest.json().fileEntry.file_size).toBe(5000);
    expect(await liveFiles(me.user.id)).toEqual([{ name: 'real.bin', size: 5000, stored: 5000 }]);
  });
});

describe('quota races', () => {
  // Class: quota races (parallel uploads that together exceed the space: at most the space is used).
  it('lets parallel plain uploads use at most the space', async () => {
    await setSpace(10_000);
    const me = await DriveClient.create(t);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => me.uploadRaw({ name: `part-${i}.bin`, content: bytes(3000, i) })),
    );
    const created = answers.filter((r) => r.statusCode === 201).length;
    expect(created).toBeLessThanOrEqual(3);
    for (const r of answers) expect([201, 413]).toContain(r.statusCode);
    const files = await liveFiles(me.user.id);
    expect(files).toHaveLength(created);
    expect(files.reduce((sum, f) => sum + f.stored, 0)).toBeLessThanOrEqual(10_000);
  });

  it('lets parallel tus uploads reserve and use at most the space', async () => {
    await setSpace(10_000);
    const me = await DriveClient.create(t);
    const uploads = await Promise.all(Array.from({ length: 6 }, (_, i) => tusCreate(me, 3000, `tus-${i}.bin`)));
    const accepted = uploads.filter((u) => u.status === 201);
    expect(accepted.length).toBeLessThanOrEqual(3);
    await Promise.all(accepted.map((u, i) => tusPatch(u.url, u.headers, bytes(3000, 10 + i))));
    await Promise.all(accepted.map((u) => me.agent.post('/api/v1/tus/entries', { uploadKey: u.url })));
    const files = await liveFiles(me.user.id);
    expect(files.reduce((sum, f) => sum + f.stored, 0)).toBeLessThanOrEqual(10_000);
    // A second wave after the first finished: the space is as full as it was.
    const more = await tusCreate(me, 3000, 'late.bin');
    if (files.length === 3) expect(more.status).toBe(413);
  });
});
