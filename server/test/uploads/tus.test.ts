import fs from 'node:fs';
import path from 'node:path';
import * as tus from 'tus-js-client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FREE_STORAGE_BYTES } from '@kosh/contracts';
import { Agent } from '../helpers/test-app.ts';
import { DriveClient, sha256, storedBytes } from '../helpers/drive.ts';
import { browserHeaders, finishTus, listen, randomFile, tusUpload, tusUploadCutOff } from '../helpers/uploads.ts';
import { DRIVERS, useDriveApps } from '../drive/drive-apps.ts';

const MIB = 1024 * 1024;
const apps = useDriveApps();
const bases = {} as Record<(typeof DRIVERS)[number], string>;
beforeAll(async () => {
  for (const kind of DRIVERS) bases[kind] = await listen(apps[kind]);
});

describe.each(DRIVERS)('TusUploads (%s driver)', (kind) => {
  const t = () => apps[kind];
  const endpoint = () => `${bases[kind]}/api/v1/tus/upload`;
  const setSetting = (key: string, value: unknown) => t().modules.settings.service.set(key, value);
  const reserved = (userId: number) =>
    t().modules.drive.repos.reservations.reservedBytes(userId, new Date().toISOString());
  const pendingRows = (userId: number) =>
    t().modules.db.selectFrom('pending_uploads').selectAll().where('user_id', '=', userId).execute();
  const head = async (url: string, headers: Record<string, string>) =>
    fetch(url, { method: 'HEAD', headers: { ...headers, 'Tus-Resumable': '1.0.0' } });
  /** What the tus store holds: files under .tus (local), objects under tus/ (S3). */
  const storeLeftovers = async (url?: string): Promise<string[]> => {
    const id = url?.slice(-36) ?? '';
    if (kind === 'local')
      return fs.readdirSync(path.join(t().modules.config.dataDir, 'files', '.tus')).filter((n) => n.startsWith(id));
    const keys: string[] = [];
    for await (const o of t().modules.storage.list(`tus/${id}`)) keys.push(o.key);
    return keys;
  };
  afterEach(async () => {
    await setSetting('uploads.max_size', 0);
    await setSetting('uploads.blocked_types', []);
    await setSetting('uploads.resumable', true);
    await setSetting('drive.default_space_bytes', FREE_STORAGE_BYTES);
  });

  it('uploads a whole file in chunks and turns it into an entry with its SHA-256, once', async () => {
    const me = await DriveClient.create(t());
    const src = randomFile(9 * MIB + 123, 'holiday.mp4');
    const headers = await browserHeaders(me.agent);
    const { url } = await tusUpload(fs.createReadStream(src.file), {
      endpoint: endpoint(),
      headers,
      chunkSize: 4 * MIB,
      metadata: { name: 'holiday.mp4', clientMime: 'video/mp4', clientSize: String(src.size) },
    });
    expect(url).toMatch(new RegExp(`^${endpoint()}/[0-9a-f-]{36}$`));
    expect(await reserved(me.user.id)).toBe(src.size);
    const entry = await finishTus(me.agent, url);
    expect(entry).toMatchObject({
      name: 'holiday.mp4',
      type: 'video',
      mime: 'video/mp4',
      file_size: src.size,
      sha256: src.sha256,
      parent_id: null,
    });
    const row = (await t().modules.drive.repos.entries.getById(entry.id))!;
    expect(row.file_name).toBe(`entries/${url.slice(-36, -34)}/${url.slice(-36)}`);
    expect(await sha256(await storedBytes(t().modules, row.file_name!))).toBe(src.sha256);
    expect(await reserved(me.user.id)).toBe(0);
    expect(await storeLeftovers(url)).toEqual([]);
    // Idempotent: the same entry again, and nothing new in the drive.
    expect((await finishTus(me.agent, url)).id).toBe(entry.id);
    expect((await me.list()).total).toBe(1);
    expect((await head(url, headers)).status).toBe(404);
  });

  it('resumes an upload cut off half way and ends byte-identical', async () => {
    const me = await DriveClient.create(t());
    const src = randomFile(24 * MIB + 5, 'big.bin');
    const headers = await browserHeaders(me.agent);
    const url = await tusUploadCutOff(fs.createReadStream(src.file), 12 * MIB, {
      endpoint: endpoint(),
      headers,
      metadata: { name: 'big.bin' },
    });
    // The server keeps what arrived before the connection closed.
    await expect
      .poll(async () => Number((await head(url, headers)).headers.get('upload-offset')), { timeout: 10_000 })
      .toBeGreaterThan(0);
    const offset = Number((await head(url, headers)).headers.get('upload-offset'));
    expect(offset).toBeLessThan(src.size);
    const resumed = await tusUpload(fs.createReadStream(src.file), {
      uploadUrl: url,
      endpoint: endpoint(),
      headers,
      metadata: { name: 'big.bin' },
    });
    expect(resumed.url).toBe(url);
    const entry = await finishTus(me.agent, url);
    await t().modules.uploads.hashes.drain();
    const row = (await t().modules.drive.repos.entries.getById(entry.id))!;
    expect(await sha256(await storedBytes(t().modules, row.file_name!))).toBe(src.sha256);
    expect(row.sha256).toBe(src.sha256);
    expect(row.file_size).toBe(src.size);
  });

  it('terminates an upload: its bytes and its reserved space are gone', async () => {
    const me = await DriveClient.create(t());
    const src = randomFile(32 * MIB, 'drop.bin');
    const headers = await browserHeaders(me.agent);
    const url = await tusUploadCutOff(fs.createReadStream(src.file), 8 * MIB, {
      endpoint: endpoint(),
      headers,
      metadata: { name: 'drop.bin' },
    });
    expect(await reserved(me.user.id)).toBe(src.size);
    await tus.Upload.terminate(url, { headers, retryDelays: null as unknown as number[] });
    expect((await head(url, headers)).status).toBe(404);
    expect(await reserved(me.user.id)).toBe(0);
    expect(await pendingRows(me.user.id)).toEqual([]);
    await expect.poll(() => storeLeftovers(url)).toEqual([]);
    expect((await me.agent.post('/api/v1/tus/entries', { uploadKey: url })).statusCode).toBe(404);
  });

  it('removes an abandoned upload once it expires, giving its space back', async () => {
    const me = await DriveClient.create(t());
    const src = randomFile(32 * MIB, 'old.bin');
    const headers = await browserHeaders(me.agent);
    const url = await tusUploadCutOff(fs.createReadStream(src.file), 8 * MIB, {
      endpoint: endpoint(),
      headers,
      metadata: { name: 'old.bin' },
    });
    const maintenance = t().modules.uploads.maintenance;
    // Still alive: the job leaves it.
    expect(await maintenance.runOnce()).toMatchObject({ expired: 0 });
    expect((await head(url, headers)).headers.get('upload-expires')).toBeTruthy();
    await t()
      .modules.db.updateTable('pending_uploads')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', me.user.id)
      .execute();
    expect((await head(url, headers)).status).toBe(410);
    expect(await maintenance.runOnce()).toMatchObject({ expired: 1 });
    expect((await head(url, headers)).status).toBe(404);
    expect(await reserved(me.user.id)).toBe(0);
    expect(await pendingRows(me.user.id)).toEqual([]);
    expect(await storeLeftovers(url)).toEqual([]);
  });

  it('refuses at creation, before any byte is stored, what does not fit in the space left', async () => {
    await setSetting('drive.default_space_bytes', 4 * MIB);
    const me = await DriveClient.create(t());
    await me.upload('first.bin', Buffer.alloc(MIB));
    const src = randomFile(3 * MIB + 1, 'second.bin');
    const before = await storeLeftovers();
    const error = await tusUpload(fs.createReadStream(src.file), {
      endpoint: endpoint(),
      headers: await browserHeaders(me.agent),
      metadata: { name: 'second.bin' },
      uploadDataDuringCreation: true,
    }).catch((e: { status: number; body: string }) => e);
    expect(error).toMatchObject({ status: 413 });
    expect(JSON.parse((error as { body: string }).body).message).toBe(
      'You have exhausted your allowed space of 4 MB. Delete some files or upgrade your plan.',
    );
    expect(await pendingRows(me.user.id)).toEqual([]);
    expect(await reserved(me.user.id)).toBe(0);
    expect(await storeLeftovers()).toEqual(before);
  });

  it('lets exactly one of two parallel uploads through when together they pass the quota', async () => {
    await setSetting('drive.default_space_bytes', 10 * MIB);
    const me = await DriveClient.create(t());
    const headers = await browserHeaders(me.agent);
    const files = [randomFile(6 * MIB, 'a.bin'), randomFile(6 * MIB, 'b.bin')];
    const results = await Promise.allSettled(
      files.map((f, i) =>
        tusUpload(fs.createReadStream(f.file), { endpoint: endpoint(), headers, metadata: { name: `${i}.bin` } }),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(1);
    expect(refused.map((r) => r.reason.status)).toEqual([413]);
    await finishTus(me.agent, (ok[0] as PromiseFulfilledResult<{ url: string }>).value.url);
    expect((await me.agent.get('/api/v1/user/space-usage')).json()).toEqual({ used: 6 * MIB, available: 10 * MIB });
    expect(await reserved(me.user.id)).toBe(0);
  });

  it('refuses a size over uploads.max_size and a blocked type at creation', async () => {
    const me = await DriveClient.create(t());
    const headers = await browserHeaders(me.agent);
    await setSetting('uploads.max_size', MIB);
    const big = await tusUpload(Buffer.alloc(MIB + 1), {
      endpoint: endpoint(),
      headers,
      metadata: { name: 'big.bin' },
    }).catch((e) => e);
    expect(big.status).toBe(413);
    expect(JSON.parse(big.body).message).toBe('The file exceeds the maximum allowed size of 1 MB');
    await setSetting('uploads.max_size', 0);
    await setSetting('uploads.blocked_types', ['exe', 'text/html']);
    for (const metadata of [
      { name: 'setup.exe' },
      { name: 'page.bin', clientMime: 'text/html' },
      { name: 'x.bin', clientExtension: 'exe' },
    ] as Array<Record<string, string>>) {
      const refused = await tusUpload(Buffer.from('x'), { endpoint: endpoint(), headers, metadata }).catch((e) => e);
      expect(refused.status).toBe(422);
      expect(JSON.parse(refused.body).message).toBe('This file type is not allowed.');
    }
    expect(await pendingRows(me.user.id)).toEqual([]);
  });

  it('creates the folder tree of a folder upload once, with many files arriving in parallel', async () => {
    const me = await DriveClient.create(t());
    const base = await me.folder('Uploads');
    const headers = await browserHeaders(me.agent);
    const urls = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        tusUpload(Buffer.from(`file ${i}`), {
          endpoint: endpoint(),
          headers,
          metadata: { name: `${i}.txt`, parentId: String(base.id), relativePath: `Album/2024/${i}.txt` },
        }).then((r) => r.url),
      ),
    );
    const entries = await Promise.all(urls.map((url) => finishTus(me.agent, url)));
    expect(new Set(entries.map((e) => e.parent_id)).size).toBe(1);
    const album = (await me.list({ section: 'folder', folderHash: base.hash })).data;
    expect(album.map((e) => e.name)).toEqual(['Album']);
    const year = (await me.list({ section: 'folder', folderHash: album[0].hash })).data;
    expect(year.map((e) => e.name)).toEqual(['2024']);
    expect((await me.list({ section: 'folder', folderHash: year[0].hash })).total).toBe(8);
  });

  it.each(['../escape.txt', 'a/../../escape.txt', '/etc/escape.txt'])(
    'refuses the relativePath %j at creation',
    async (relativePath) => {
      const me = await DriveClient.create(t());
      const error = await tusUpload(Buffer.from('x'), {
        endpoint: endpoint(),
        headers: await browserHeaders(me.agent),
        metadata: { name: 'escape.txt', relativePath },
      }).catch((e) => e);
      expect(error.status).toBe(422);
      expect(JSON.parse(error.body).errors.relativePath[0]).toMatch(/^The relative path is not valid/);
      expect(await pendingRows(me.user.id)).toEqual([]);
    },
  );

  it('needs the session and the anti-forgery header, and keeps each upload to its owner', async () => {
    const me = await DriveClient.create(t());
    const other = await DriveClient.create(t());
    const headers = await browserHeaders(me.agent);
    const noXsrf = await tusUpload(Buffer.from('x'), {
      endpoint: endpoint(),
      headers: { Cookie: headers.Cookie },
      metadata: { name: 'a.txt' },
    }).catch((e) => e);
    expect(noXsrf.status).toBe(403);
    const guest = await tusUpload(Buffer.from('x'), {
      endpoint: endpoint(),
      headers: await browserHeaders(new Agent(t().app)),
      metadata: { name: 'a.txt' },
    }).catch((e) => e);
    expect(guest.status).toBe(401);
    const src = randomFile(32 * MIB, 'mine.bin');
    const url = await tusUploadCutOff(fs.createReadStream(src.file), 8 * MIB, {
      endpoint: endpoint(),
      headers,
      metadata: { name: 'mine.bin' },
    });
    const theirs = await browserHeaders(other.agent);
    expect((await head(url, theirs)).status).toBe(404);
    const patch = await fetch(url, {
      method: 'PATCH',
      headers: {
        ...theirs,
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': '0',
        'Content-Type': 'application/offset+octet-stream',
      },
      body: 'evil',
    });
    expect(patch.status).toBe(404);
    const terminate = await fetch(url, { method: 'DELETE', headers: { ...theirs, 'Tus-Resumable': '1.0.0' } });
    expect(terminate.status).toBe(404);
    expect((await other.agent.post('/api/v1/tus/entries', { uploadKey: url })).statusCode).toBe(404);
    expect((await head(url, headers)).status).toBe(200);
  });

  it('refuses new resumable uploads when they are turned off, and says so in bootstrap data', async () => {
    const me = await DriveClient.create(t());
    await setSetting('uploads.resumable', false);
    const error = await tusUpload(Buffer.from('x'), {
      endpoint: endpoint(),
      headers: await browserHeaders(me.agent),
      metadata: { name: 'a.txt' },
    }).catch((e) => e);
    expect(error.status).toBe(403);
    const uploads = (await me.agent.get('/api/v1/bootstrap-data')).json().settings.uploads;
    expect(uploads).toEqual({
      max_size: 0,
      allowed_types: [],
      blocked_types: [],
      resumable: false,
      chunk_size: 64 * MIB,
      direct_upload: kind === 's3',
    });
  });
});

describe.each(DRIVERS)('TusUploads checksum extension (%s driver)', (kind) => {
  const t = () => apps[kind];
  it('accepts a PATCH whose Upload-Checksum matches and keeps nothing of one whose checksum differs', async () => {
    const me = await DriveClient.create(t());
    const headers = { ...(await browserHeaders(me.agent)), 'Tus-Resumable': '1.0.0' };
    const options = await fetch(`${bases[kind]}/api/v1/tus/upload`, { method: 'OPTIONS' });
    expect(options.headers.get('tus-extension')).toContain('checksum');
    expect(options.headers.get('tus-checksum-algorithm')).toBe('sha1,sha256,md5');
    const created = await fetch(`${bases[kind]}/api/v1/tus/upload`, {
      method: 'POST',
      headers: {
        ...headers,
        'Upload-Length': '10',
        'Upload-Metadata': `name ${Buffer.from('c.txt').toString('base64')}`,
      },
    });
    expect(created.status).toBe(201);
    const url = new URL(created.headers.get('location')!, bases[kind]).toString();
    const patch = (body: string, offset: number, checksum: string) =>
      fetch(url, {
        method: 'PATCH',
        headers: {
          ...headers,
          'Upload-Offset': String(offset),
          'Content-Type': 'application/offset+octet-stream',
          'Upload-Checksum': checksum,
        },
        body,
      });
    const sha1 = (s: string) => `sha1 ${require_crypto().createHash('sha1').update(s).digest('base64')}`;
    expect((await patch('hello', 0, sha1('hello'))).status).toBe(204);
    const bad = await patch('WORLD', 5, sha1('world'));
    expect(bad.status).toBe(460);
    const offset = await fetch(url, { method: 'HEAD', headers });
    expect(offset.headers.get('upload-offset')).toBe('5');
    expect((await patch('world', 5, 'crc99 abc')).status).toBe(400);
    expect((await patch('world', 5, sha1('world'))).status).toBe(204);
    const entry = await finishTus(me.agent, url);
    expect(entry.sha256).toBe(await sha256('helloworld'));
  });
});

function require_crypto() {
  return process.getBuiltinModule('node:crypto');
}
