import { describe, expect, it } from 'vitest';
import { DriveClient, bytes } from '../helpers/drive.ts';
import { unzip } from '../helpers/zip.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { DRIVERS, useDriveApps } from './drive-apps.ts';

const apps = useDriveApps();

describe.each(DRIVERS)('DriveDownloadService (%s driver)', (kind) => {
  const t = () => apps[kind];

  describe('one file', () => {
    it('sends the bytes with type, length, validators and nosniff, as an attachment', async () => {
      const me = await DriveClient.create(t());
      const data = bytes(100_000, 1);
      const entry = await me.upload('data.bin', data);
      const res = await me.download(entry.hash);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(data)).toBe(true);
      expect(res.headers).toMatchObject({
        'content-type': 'application/octet-stream',
        'content-length': '100000',
        'accept-ranges': 'bytes',
        'x-content-type-options': 'nosniff',
        etag: `"${entry.sha256!.slice(0, 32)}"`,
        'content-disposition': 'attachment; filename=data.bin',
      });
      expect(new Date(res.headers['last-modified'] as string).getTime()).toBe(
        Math.floor(Date.parse(entry.updated_at) / 1000) * 1000,
      );
    });

    it('answers ranges with 206, a suffix range, and 416 past the end', async () => {
      const me = await DriveClient.create(t());
      const data = bytes(5000, 2);
      const entry = await me.upload('video.mp4', data);
      const mid = await me.download(entry.hash, { range: 'bytes=100-1099' });
      expect(mid.statusCode).toBe(206);
      expect(mid.headers['content-range']).toBe('bytes 100-1099/5000');
      expect(mid.headers['content-length']).toBe('1000');
      expect(mid.rawPayload.equals(data.subarray(100, 1100))).toBe(true);
      const tail = await me.download(entry.hash, { range: 'bytes=-10' });
      expect(tail.rawPayload.equals(data.subarray(4990))).toBe(true);
      const open = await me.download(entry.hash, { range: 'bytes=4000-' });
      expect(open.headers['content-range']).toBe('bytes 4000-4999/5000');
      const past = await me.download(entry.hash, { range: 'bytes=5000-' });
      expect(past.statusCode).toBe(416);
      expect(past.headers['content-range']).toBe('bytes */5000');
    });

    it('answers 304 to a matching If-None-Match or If-Modified-Since, and ignores a stale If-Range', async () => {
      const me = await DriveClient.create(t());
      const entry = await me.upload('a.txt', 'abcdef');
      const first = await me.download(entry.hash);
      const etag = first.headers.etag as string;
      expect((await me.download(entry.hash, { 'if-none-match': etag })).statusCode).toBe(304);
      expect(
        (await me.download(entry.hash, { 'if-modified-since': first.headers['last-modified'] as string })).statusCode,
      ).toBe(304);
      expect((await me.download(entry.hash, { 'if-none-match': '"other"' })).statusCode).toBe(200);
      const stale = await me.download(entry.hash, { range: 'bytes=0-1', 'if-range': '"stale"' });
      expect([stale.statusCode, stale.body]).toEqual([200, 'abcdef']);
      const fresh = await me.download(entry.hash, { range: 'bytes=0-1', 'if-range': etag });
      expect([fresh.statusCode, fresh.body]).toEqual([206, 'ab']);
    });

    it('sends HTML and SVG as attachments, and inline only under a sandbox CSP', async () => {
      const me = await DriveClient.create(t());
      for (const [name, content] of [
        ['page.html', '<script>alert(1)</script>'],
        ['logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
      ]) {
        const entry = await me.upload(name, content);
        const attachment = await me.download(entry.hash);
        expect(attachment.headers['content-disposition']).toMatch(/^attachment/);
        expect(attachment.headers['x-content-type-options']).toBe('nosniff');
        const inline = await me.agent.get(`/api/v1/file-entries/${entry.hash}/download?inline=1`);
        expect(inline.headers['content-disposition']).toMatch(/^inline/);
        expect(inline.headers['content-security-policy']).toMatch(/^sandbox; default-src 'none'/);
        expect(inline.headers['content-security-policy']).not.toContain('allow-scripts');
      }
      const png = await me.upload('pic.png', Buffer.alloc(16));
      const preview = await me.agent.get(`/api/v1/file-entries/${png.hash}/download?inline=1`);
      expect(preview.headers['content-type']).toBe('image/png');
      expect(preview.headers['content-disposition']).toMatch(/^inline/);
    });

    it('answers HEAD with the headers and no body', async () => {
      const me = await DriveClient.create(t());
      const entry = await me.upload('head.bin', Buffer.alloc(4096, 7));
      const res = await me.agent.request({ method: 'HEAD', url: `/api/v1/file-entries/${entry.hash}/download` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-length']).toBe('4096');
      expect(res.rawPayload.length).toBe(0);
    });

    it("answers 404 for another user's file", async () => {
      const theirs = await (await DriveClient.create(t())).upload('secret.txt', 'secret');
      const me = await DriveClient.create(t());
      const res = await me.download(theirs.hash);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('secret');
      expect((await me.agent.get(`/api/v1/file-entries/download?hashes=${theirs.hash}`)).statusCode).toBe(404);
    });
  });

  describe('ZIP', () => {
    it('streams a folder as a ZIP whose entries match the stored bytes exactly', async () => {
      const me = await DriveClient.create(t());
      const root = await me.folder('Project');
      const src = await me.folder('src', root.id);
      await me.folder('empty', root.id);
      const files = {
        'Project/readme.md': Buffer.from('# Project\n'),
        'Project/src/main.bin': bytes(300_000, 3),
        'Project/src/photo.jpg': bytes(50_000, 4),
      };
      await me.upload('readme.md', files['Project/readme.md'], { parentId: root.id });
      await me.upload('main.bin', files['Project/src/main.bin'], { parentId: src.id });
      await me.upload('photo.jpg', files['Project/src/photo.jpg'], { parentId: src.id });
      const res = await me.agent.get(`/api/v1/file-entries/download?hashes=${root.hash}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['content-disposition']).toBe('attachment; filename=Project.zip');
      const zip = await unzip(res.rawPayload);
      expect([...zip.keys()].sort()).toEqual([
        'Project/',
        'Project/empty/',
        'Project/readme.md',
        'Project/src/',
        'Project/src/main.bin',
        'Project/src/photo.jpg',
      ]);
      for (const [name, bytes] of Object.entries(files)) expect(zip.get(name)!.equals(bytes)).toBe(true);
    });

    it('puts several entries side by side in download.zip, and sends a single file as itself', async () => {
      const me = await DriveClient.create(t());
      const a = await me.upload('a.txt', 'AAA');
      const dir = await me.folder('dir');
      await me.upload('b.txt', 'BBB', { parentId: dir.id });
      const res = await me.agent.get(`/api/v1/file-entries/download?hashes=${a.hash},${dir.hash}`);
      expect(res.headers['content-disposition']).toBe('attachment; filename=download.zip');
      const zip = await unzip(res.rawPayload);
      expect(zip.get('a.txt')!.toString()).toBe('AAA');
      expect(zip.get('dir/b.txt')!.toString()).toBe('BBB');
      const single = await me.agent.get(`/api/v1/file-entries/download?hashes=${a.hash}`);
      expect([single.headers['content-disposition'], single.body]).toEqual(['attachment; filename=a.txt', 'AAA']);
    });

    it('leaves trashed entries out of a folder ZIP', async () => {
      const me = await DriveClient.create(t());
      const dir = await me.folder('dir');
      await me.upload('keep.txt', 'k', { parentId: dir.id });
      const gone = await me.upload('gone.txt', 'g', { parentId: dir.id });
      await me.agent.post('/api/v1/file-entries/delete', { entryIds: [gone.id] });
      const zip = await unzip((await me.agent.get(`/api/v1/file-entries/download?hashes=${dir.hash}`)).rawPayload);
      expect([...zip.keys()].sort()).toEqual(['dir/', 'dir/keep.txt']);
    });
  });
});

describe('X-Accel-Redirect handoff', () => {
  it('answers local-disk downloads with the nginx location and no body', async () => {
    const t = await createTestApp({ X_ACCEL_REDIRECT_PREFIX: '/_kosh_files/' });
    try {
      const me = await DriveClient.create(t);
      const entry = await me.upload('movie.mp4', Buffer.alloc(1000));
      const row = (await t.modules.drive.repos.entries.getById(entry.id))!;
      const res = await me.download(entry.hash);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-accel-redirect']).toBe(`/_kosh_files/${row.file_name}`);
      expect(res.headers['content-type']).toBe('video/mp4');
      expect(res.headers['content-disposition']).toBe('attachment; filename=movie.mp4');
      expect(res.rawPayload.length).toBe(0);
    } finally {
      await t.close();
    }
  });
});
