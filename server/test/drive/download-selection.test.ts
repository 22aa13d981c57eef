import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_IDS_MESSAGE } from '@kosh/contracts';
import { NOTHING_TO_DOWNLOAD } from '../../src/drive/download.service.ts';
import { FORBIDDEN_SHARED } from '../../src/drive/drive.policy.ts';
import { newAgent } from '../helpers/accounts.ts';
import { DriveClient } from '../helpers/drive.ts';
import { seedFiles } from '../helpers/seed-files.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { unzip } from '../helpers/zip.ts';
import { Person } from '../shares/sharing.ts';
import { teamOf } from '../workspaces/workspaces.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** GET file-entries/download of a select-all: place=folder and the rest of `query`. */
function selectAll(who: { agent: DriveClient['agent'] }, query: Record<string, string | number>) {
  const params = new URLSearchParams(Object.entries({ place: 'folder', ...query }).map(([k, v]) => [k, String(v)]));
  return who.agent.get(`/api/v1/file-entries/download?${params}`);
}

describe('DriveDownloadService', () => {
  describe('select all (place=folder)', () => {
    it('zips every entry of a folder of 1,200 files but those left out, with what subfolders hold', {
      timeout: 120_000,
    }, async () => {
      const me = await DriveClient.create(t);
      const big = await me.folder('Big');
      await seedFiles(t, big, 1200, 'file');
      const sub = await me.folder('Sub', big.id);
      await me.upload('inner.txt', 'inner', { parentId: sub.id });
      const [first, second] = (await me.list({ section: 'folder', folderHash: big.hash, perPage: 2, orderBy: 'name' }))
        .data;
      expect(first.name).toBe('Sub');

      const res = await selectAll(me, { folderId: big.id, except: second.id });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['content-disposition']).toBe('attachment; filename=Big.zip');
      const zip = await unzip(res.rawPayload, { directories: false });
      expect(zip.size).toBe(1200);
      expect(zip.has(second.name)).toBe(false);
      expect(zip.get('Sub/inner.txt')?.toString()).toBe('inner');
      expect(zip.get('file-1199.txt')?.toString()).toBe('1199');
    });

    it("zips the root of the caller's drive, leaving others' entries and trashed ones out", async () => {
      const me = await DriveClient.create(t);
      const other = await DriveClient.create(t);
      await other.upload('theirs.txt', 'theirs');
      await me.upload('a.txt', 'A');
      const dir = await me.folder('dir');
      await me.upload('b.txt', 'B', { parentId: dir.id });
      const gone = await me.upload('gone.txt', 'G');
      await me.agent.post('/api/v1/file-entries/delete', { entryIds: [gone.id] });
      const res = await selectAll(me, {});
      expect(res.headers['content-disposition']).toBe('attachment; filename=download.zip');
      const zip = await unzip(res.rawPayload);
      expect([...zip.keys()].sort()).toEqual(['a.txt', 'dir/', 'dir/b.txt']);
    });

    it('refuses (413) a folder past the entry cap of one ZIP before sending anything', async () => {
      const settings = t.modules.settings.service;
      const cap = await settings.get<number>('downloads.zip_max_entries');
      const me = await DriveClient.create(t);
      const dir = await me.folder('dir');
      for (const name of ['a.txt', 'b.txt', 'c.txt']) await me.upload(name, name, { parentId: dir.id });
      await settings.set('downloads.zip_max_entries', 2);
      try {
        const res = await selectAll(me, { folderId: dir.id });
        expect([res.statusCode, res.headers['content-type']]).toEqual([413, 'application/json; charset=utf-8']);
        expect(res.json().message).toMatch(/more than 2 items/);
      } finally {
        await settings.set('downloads.zip_max_entries', cap);
      }
    });

    it('answers 422 when everything is left out, and 404 for a trashed folder or a file', async () => {
      const me = await DriveClient.create(t);
      const dir = await me.folder('dir');
      const only = await me.upload('only.txt', 'o', { parentId: dir.id });
      const empty = await selectAll(me, { folderId: dir.id, except: only.id });
      expect([empty.statusCode, empty.json().errors]).toEqual([422, { except: [NOTHING_TO_DOWNLOAD] }]);
      expect((await selectAll(me, { folderId: only.id })).statusCode).toBe(404);
      await me.agent.post('/api/v1/file-entries/delete', { entryIds: [dir.id] });
      expect((await selectAll(me, { folderId: dir.id })).statusCode).toBe(404);
    });
  });

  describe('permissions', () => {
    it('answers 401 to a visitor', async () => {
      const me = await DriveClient.create(t);
      const dir = await me.folder('dir');
      const res = await newAgent(t).get(`/api/v1/file-entries/download?place=folder&folderId=${dir.id}`);
      expect(res.statusCode).toBe(401);
    });

    it('downloads a folder shared with download, refuses one shared to view (403), hides it (404)', async () => {
      const owner = await Person.create(t);
      const bob = await Person.create(t);
      const stranger = await Person.create(t);
      const viewOnly = await owner.folder('View only');
      await owner.upload('v.txt', 'v', viewOnly.id);
      const open = await owner.folder('Open');
      await owner.upload('o.txt', 'o', open.id);
      await owner.share([viewOnly.id], [bob.user.email], 'view');
      await owner.share([open.id], [bob.user.email], 'download');

      const allowed = await selectAll(bob, { folderId: open.id });
      // One file left in the selection downloads as itself, as when named alone.
      expect([allowed.statusCode, allowed.headers['content-disposition'], allowed.body]).toEqual([
        200,
        'attachment; filename=o.txt',
        'o',
      ]);
      const refused = await selectAll(bob, { folderId: viewOnly.id });
      expect([refused.statusCode, refused.json().message]).toEqual([403, FORBIDDEN_SHARED]);
      // In a view-only folder, what is left of the selection counts: entries shared again with download pass.
      const again = await owner.upload('again.txt', 'again', viewOnly.id);
      await owner.share([again.id], [bob.user.email], 'download');
      const vOnly = (await bob.list({ section: 'folder', folderHash: viewOnly.hash })).find((e) => e.name === 'v.txt');
      const passed = await selectAll(bob, { folderId: viewOnly.id, except: vOnly!.id });
      expect([passed.statusCode, passed.body]).toEqual([200, 'again']);
      const hidden = await selectAll(stranger, { folderId: open.id });
      expect(hidden.statusCode).toBe(404);
      expect(hidden.body).not.toContain('Open');
    });

    it("zips a workspace's root for a viewer, with the workspace id, and hides it from others (404)", async () => {
      const { owner, ws, members } = await teamOf(t, ['viewer']);
      const upload = await owner.person.uploadRaw('team.txt', 'team', { workspaceId: ws.id });
      expect(upload.statusCode).toBe(201);
      await owner.person.uploadRaw('plan.txt', 'plan', { workspaceId: ws.id });
      const zip = await unzip((await selectAll(members[0], { workspaceId: ws.id })).rawPayload);
      expect([...zip.keys()].sort()).toEqual(['plan.txt', 'team.txt']);
      const outsider = await Person.create(t);
      expect((await selectAll(outsider, { workspaceId: ws.id })).statusCode).toBe(404);
    });
  });

  describe('input', () => {
    it('answers 422 in readable words past 1,000 hashes (a link too) or ids left out, and for neither', async () => {
      const me = await DriveClient.create(t);
      const hashes = Array.from({ length: 1001 }, () => randomBytes(12).toString('base64url')).join(',');
      const many = await me.agent.get(`/api/v1/file-entries/download?hashes=${hashes}`);
      expect([many.statusCode, many.json().errors]).toEqual([422, { hashes: [BULK_IDS_MESSAGE] }]);
      const except = Array.from({ length: 1001 }, (_, i) => i + 1).join(',');
      const left = await selectAll(me, { except });
      expect([left.statusCode, left.json().errors]).toEqual([422, { except: [BULK_IDS_MESSAGE] }]);
      const long = await me.agent.get(`/api/v1/file-entries/download?hashes=${'x'.repeat(70_000)}`);
      expect([long.statusCode, long.json().message]).toEqual([422, BULK_IDS_MESSAGE]);
      const words = await selectAll(me, { except: 'one,two' });
      expect([words.statusCode, words.json().errors]).toEqual([
        422,
        { except: ['except lists entry ids separated by commas.'] },
      ]);
      const neither = await me.agent.get('/api/v1/file-entries/download');
      expect(neither.statusCode).toBe(422);
      expect(neither.json().errors.hashes).toEqual([
        'Name the entries to download: either hashes, or place=folder with folderId.',
      ]);
      const owner = await Person.create(t);
      const { hash } = await owner.createLink((await owner.folder('Linked')).id);
      const link = await newAgent(t).get(`/api/v1/shareable-links/${hash}/download?hashes=${hashes}`);
      expect([link.statusCode, link.json().errors]).toEqual([422, { hashes: [BULK_IDS_MESSAGE] }]);
      for (const res of [many, left, long, words, neither, link]) expect(res.body).not.toMatch(/Too big|expected/);
    });
  });
});
