import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { FREE_STORAGE_BYTES } from '@kosh/contracts';
import { Agent } from '../helpers/test-app.ts';
import { DriveClient, multipart, sha256, storedBytes } from '../helpers/drive.ts';
import { DRIVERS, useDriveApps } from './drive-apps.ts';

const apps = useDriveApps();

describe.each(DRIVERS)('DriveUploadService (%s driver)', (kind) => {
  const t = () => apps[kind];
  const settings = () => t().modules.drive.uploads;
  const setSetting = (key: string, value: unknown) => t().modules.settings.service.set(key, value);
  afterEach(async () => {
    await setSetting('uploads.max_size', 0);
    await setSetting('uploads.allowed_types', []);
    await setSetting('uploads.blocked_types', []);
    await setSetting('drive.default_space_bytes', FREE_STORAGE_BYTES);
  });
  const entryRow = (id: number) => t().modules.drive.repos.entries.getById(id);
  /** Nothing half-written may stay behind a refused upload. */
  const expectNoStaging = async () => {
    const storage = t().modules.storage;
    if (kind === 'local')
      expect(fs.readdirSync(path.join(t().modules.config.dataDir, 'files', '.staging'))).toEqual([]);
    else expect(await storage.sweepStaging(0)).toBe(0);
  };

  it('stores the bytes under a generated key and answers the entry with its SHA-256', async () => {
    const me = await DriveClient.create(t());
    const content = 'hello, drive\n'.repeat(1000);
    const res = await me.uploadRaw({ name: 'notes.txt', content, type: 'text/plain' }, {}, [
      ['clientMime', 'text/plain'],
      ['clientExtension', 'txt'],
    ]);
    expect(res.statusCode).toBe(201);
    const entry = res.json().fileEntry;
    expect(entry).toMatchObject({
      name: 'notes.txt',
      type: 'text',
      mime: 'text/plain',
      extension: 'txt',
      file_size: content.length,
      sha256: await sha256(content),
      parent_id: null,
      url: `/api/v1/file-entries/${entry.hash}/download`,
    });
    const row = (await entryRow(entry.id))!;
    expect(row.file_name).toMatch(/^entries\/[0-9a-f]{2}\/[0-9a-f-]{36}$/);
    expect((await storedBytes(t().modules, row.file_name!)).toString()).toBe(content);
    await expectNoStaging();
  });

  it('uploads into a folder named by metadata.parentId, numbering a taken name', async () => {
    const me = await DriveClient.create(t());
    const docs = await me.folder('Docs');
    await me.upload('a.txt', 'one', { parentId: docs.id });
    const second = await me.upload('a.txt', 'two', { parentId: docs.id });
    expect(second).toMatchObject({ name: 'a (1).txt', parent_id: docs.id, path: `/${docs.id}/${second.id}/` });
    expect(await me.names({ section: 'folder', folderHash: docs.hash, orderBy: 'name', orderDir: 'asc' })).toEqual([
      'a (1).txt',
      'a.txt',
    ]);
  });

  it('creates the folders of a relativePath once and reuses them', async () => {
    const me = await DriveClient.create(t());
    const base = await me.folder('Uploads');
    const one = await me.upload('1.txt', '1', { parentId: base.id, relativePath: 'Album/2024/1.txt' });
    const two = await me.upload('2.txt', '2', { parentId: base.id, relativePath: 'Album/2024/2.txt' });
    expect(two.parent_id).toBe(one.parent_id);
    const album = (await me.list({ section: 'folder', folderHash: base.hash })).data;
    expect(album.map((e) => [e.name, e.type])).toEqual([['Album', 'folder']]);
    const year = (await me.list({ section: 'folder', folderHash: album[0].hash })).data;
    expect(year.map((e) => e.name)).toEqual(['2024']);
    expect(await me.names({ section: 'folder', folderHash: year[0].hash, orderBy: 'name', orderDir: 'asc' })).toEqual([
      '1.txt',
      '2.txt',
    ]);
  });

  it.each([
    ['../escape.txt', 'climbs out'],
    ['a/../../escape.txt', 'climbs out'],
    ['/etc/escape.txt', 'absolute'],
    ['C:/escape.txt', 'absolute'],
    ['a\u0000b/escape.txt', 'control'],
    [`${'deep/'.repeat(900)}escape.txt`, 'longer than'],
    ['a//escape.txt', 'empty folder name'],
  ])('refuses the relativePath %j and keeps nothing', async (relativePath, why) => {
    const me = await DriveClient.create(t());
    const res = await me.uploadRaw({ name: 'escape.txt', content: 'x' }, { relativePath });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.relativePath[0]).toContain(why);
    expect((await me.list()).total).toBe(0);
    await expectNoStaging();
  });

  it("answers 404 for a parent that is missing or another user's", async () => {
    const me = await DriveClient.create(t());
    const theirs = await (await DriveClient.create(t())).folder('Theirs');
    expect((await me.uploadRaw({ name: 'a.txt', content: 'x' }, { parentId: theirs.id })).statusCode).toBe(404);
    expect((await me.uploadRaw({ name: 'a.txt', content: 'x' }, { parentId: 987_654 })).statusCode).toBe(404);
    await expectNoStaging();
  });

  it('needs a file and a login', async () => {
    const me = await DriveClient.create(t());
    const { payload, headers } = multipart([['metadata', '{}']]);
    const res = await me.agent.request({ method: 'POST', url: '/api/v1/file-entries', payload, headers });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.file).toEqual(['The file is required.']);
    const guest = await new Agent(t().app).request({
      method: 'POST',
      url: '/api/v1/file-entries',
      ...multipart([], { name: 'a.txt', content: 'x' }),
    });
    expect(guest.statusCode).toBe(401);
  });

  it('refuses a bad file name', async () => {
    const me = await DriveClient.create(t());
    const res = await me.uploadRaw({ name: `${'x'.repeat(300)}.txt`, content: 'x' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.file[0]).toContain('255 bytes');
  });

  it("refuses a file over uploads.max_size with the spec's message", async () => {
    await setSetting('uploads.max_size', 1024);
    const me = await DriveClient.create(t());
    const res = await me.uploadRaw({ name: 'big.bin', content: Buffer.alloc(1025) });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The file exceeds the maximum allowed size of 1 KB');
    expect((await me.uploadRaw({ name: 'fits.bin', content: Buffer.alloc(1024) })).statusCode).toBe(201);
    await expectNoStaging();
    expect(await settings().rules()).toMatchObject({ maxSize: 1024 });
  });

  it('refuses blocked types by extension and MIME pattern, and what an allow list leaves out', async () => {
    const me = await DriveClient.create(t());
    await setSetting('uploads.blocked_types', ['exe', 'text/html']);
    for (const name of ['setup.exe', 'page.html']) {
      const res = await me.uploadRaw({ name, content: 'x' });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('This file type is not allowed.');
    }
    await setSetting('uploads.blocked_types', []);
    await setSetting('uploads.allowed_types', ['image/*']);
    expect((await me.uploadRaw({ name: 'notes.txt', content: 'x' })).statusCode).toBe(422);
    expect((await me.uploadRaw({ name: 'pic.png', content: Buffer.alloc(8) })).statusCode).toBe(201);
    await expectNoStaging();
  });

  it('refuses what does not fit in the space left, counting trash', async () => {
    await setSetting('drive.default_space_bytes', 100);
    const me = await DriveClient.create(t());
    const first = await me.upload('a.bin', Buffer.alloc(60));
    await me.agent.post('/api/v1/file-entries/delete', { entryIds: [first.id] });
    expect((await me.agent.get('/api/v1/user/space-usage')).json()).toEqual({ used: 60, available: 100 });
    const res = await me.uploadRaw({ name: 'b.bin', content: Buffer.alloc(41) });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/^You have exhausted your allowed space of 100 B/);
    expect((await me.uploadRaw({ name: 'c.bin', content: Buffer.alloc(40) })).statusCode).toBe(201);
    await expectNoStaging();
  });

  it('reports space usage: 25 GB by default, unlimited for admins', async () => {
    const me = await DriveClient.create(t());
    await me.upload('a.txt', 'abc');
    expect((await me.agent.get('/api/v1/user/space-usage')).json()).toEqual({ used: 3, available: 25 * 1024 ** 3 });
    const admin = await DriveClient.create(t(), { admin: true });
    expect((await admin.agent.get('/api/v1/user/space-usage')).json()).toEqual({ used: 0, available: null });
  });

  it('makes a thumbnail for an image in the background and serves it', async () => {
    const me = await DriveClient.create(t());
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3366aa' } })
      .png()
      .toBuffer();
    const entry = await me.upload('photo.png', png);
    expect(entry.type).toBe('image');
    await t().modules.drive.thumbnails.drain();
    const [fresh] = (await me.list()).data;
    expect(fresh.thumbnail_url).toBe(`/api/v1/file-entries/${entry.hash}/thumbnail`);
    const res = await me.agent.get(fresh.thumbnail_url!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 320, 240]);
  });
});
