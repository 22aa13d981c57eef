import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { DriveClient } from '../helpers/drive.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('DriveEntriesService', () => {
  describe('createFolder', () => {
    it('creates a folder at the root and inside another, with the entry fields', async () => {
      const me = await DriveClient.create(t);
      const docs = await me.folder('Docs');
      expect(docs).toMatchObject({
        name: 'Docs',
        type: 'folder',
        parent_id: null,
        file_size: 0,
        url: null,
        path: `/${docs.id}/`,
        workspace_id: 0,
        owner_id: me.user.id,
      });
      expect(docs.hash).toMatch(/^[A-Za-z0-9_-]{22}$/);
      for (const key of [
        'id',
        'hash',
        'name',
        'type',
        'mime',
        'extension',
        'file_size',
        'url',
        'parent_id',
        'path',
        'sha256',
        'created_at',
        'updated_at',
      ])
        expect(docs).toHaveProperty(key);
      const inner = await me.folder('2024', docs.id);
      expect(inner).toMatchObject({ parent_id: docs.id, path: `/${docs.id}/${inner.id}/` });
      expect(await me.names({ section: 'folder', folderHash: docs.hash })).toEqual(['2024']);
    });

    it('refuses a name a sibling has, ignoring case', async () => {
      const me = await DriveClient.create(t);
      await me.folder('Photos');
      const res = await me.agent.post('/api/v1/folders', { name: 'photos' });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.name).toEqual(['An item named "Photos" already exists in this folder.']);
    });

    it.each([
      ['a/b', 'slashes'],
      ['a\\b', 'slashes'],
      ['bad\u0007name', 'control characters'],
      ['..', '"."'],
      ['x'.repeat(256), '255 bytes'],
      ['   ', 'required'],
    ])('refuses the name %j', async (name, why) => {
      const me = await DriveClient.create(t);
      const res = await me.agent.post('/api/v1/folders', { name });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.name[0]).toContain(why);
    });

    it("answers 404 for a parent that does not exist or is another user's", async () => {
      const me = await DriveClient.create(t);
      const other = await DriveClient.create(t);
      const theirs = await other.folder('Theirs');
      expect((await me.agent.post('/api/v1/folders', { name: 'x', parentId: theirs.id })).statusCode).toBe(404);
      expect((await me.agent.post('/api/v1/folders', { name: 'x', parentId: 999_999 })).statusCode).toBe(404);
      expect(await other.names({ section: 'folder', folderHash: theirs.hash })).toEqual([]);
    });

    it('needs a login', async () => {
      const { Agent } = await import('../helpers/test-app.ts');
      const res = await new Agent(t.app).post('/api/v1/folders', { name: 'x' });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('rename', () => {
    it('renames and refuses a clash and bad names', async () => {
      const me = await DriveClient.create(t);
      const a = await me.folder('A');
      await me.folder('B');
      const ok = await me.agent.request({
        method: 'PUT',
        url: `/api/v1/file-entries/${a.id}`,
        payload: { name: 'Alpha' },
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().fileEntry.name).toBe('Alpha');
      const clash = await me.agent.request({
        method: 'PUT',
        url: `/api/v1/file-entries/${a.id}`,
        payload: { name: 'b' },
      });
      expect(clash.statusCode).toBe(422);
      expect(clash.json().message).toBe('An item named "B" already exists in this folder.');
      const slash = await me.agent.post(`/api/v1/file-entries/${a.id}?_method=PUT`, { name: 'x/y' });
      expect(slash.statusCode).toBe(422);
      const caseOnly = await me.agent.request({
        method: 'PUT',
        url: `/api/v1/file-entries/${a.id}`,
        payload: { name: 'ALPHA' },
      });
      expect(caseOnly.json().fileEntry.name).toBe('ALPHA');
    });

    it("answers 404 for another user's entry and leaves it alone", async () => {
      const me = await DriveClient.create(t);
      const other = await DriveClient.create(t);
      const theirs = await other.folder('Private');
      const res = await me.agent.request({
        method: 'PUT',
        url: `/api/v1/file-entries/${theirs.id}`,
        payload: { name: 'Mine now' },
      });
      expect(res.statusCode).toBe(404);
      expect(await other.names()).toEqual(['Private']);
    });
  });

  describe('move', () => {
    it('moves a folder with its subtree and rewrites every path', async () => {
      const me = await DriveClient.create(t);
      const a = await me.folder('A');
      const b = await me.folder('B', a.id);
      const c = await me.folder('C', b.id);
      const target = await me.folder('Target');
      const res = await me.agent.post('/api/v1/file-entries/move', { entryIds: [b.id], destinationId: target.id });
      expect(res.statusCode).toBe(200);
      expect(res.json().entries[0]).toMatchObject({ id: b.id, parent_id: target.id, path: `/${target.id}/${b.id}/` });
      const moved = (await me.list({ section: 'folder', folderHash: b.hash })).data[0];
      expect(moved).toMatchObject({ id: c.id, path: `/${target.id}/${b.id}/${c.id}/` });
      expect(await me.names({ section: 'folder', folderHash: a.hash })).toEqual([]);
      const toRoot = await me.agent.post('/api/v1/file-entries/move', { entryIds: [c.id], destinationId: null });
      expect(toRoot.json().entries[0]).toMatchObject({ parent_id: null, path: `/${c.id}/` });
    });

    it('refuses moving a folder into itself or its descendants', async () => {
      const me = await DriveClient.create(t);
      const a = await me.folder('A');
      const b = await me.folder('B', a.id);
      for (const destinationId of [a.id, b.id]) {
        const res = await me.agent.post('/api/v1/file-entries/move', { entryIds: [a.id], destinationId });
        expect(res.statusCode).toBe(422);
        expect(res.json().errors.destinationId).toEqual([
          'A folder cannot be put inside itself or one of its own folders.',
        ]);
      }
      expect((await me.list()).data.map((e) => e.path)).toEqual([`/${a.id}/`]);
    });

    it('numbers a name taken at the destination', async () => {
      const me = await DriveClient.create(t);
      const dest = await me.folder('Dest');
      await me.folder('Same', dest.id);
      const same = await me.folder('Same');
      const res = await me.agent.post('/api/v1/file-entries/move', { entryIds: [same.id], destinationId: dest.id });
      expect(res.json().entries[0].name).toBe('Same (1)');
    });

    it("answers 404 when an entry or the destination is another user's", async () => {
      const me = await DriveClient.create(t);
      const other = await DriveClient.create(t);
      const mine = await me.folder('Mine');
      const theirs = await other.folder('Theirs');
      expect(
        (await me.agent.post('/api/v1/file-entries/move', { entryIds: [theirs.id], destinationId: mine.id }))
          .statusCode,
      ).toBe(404);
      expect(
        (await me.agent.post('/api/v1/file-entries/move', { entryIds: [mine.id], destinationId: theirs.id }))
          .statusCode,
      ).toBe(404);
      expect((await other.list()).data[0].parent_id).toBeNull();
    });
  });

  describe('star', () => {
    it('stars and unstars, and lists starred entries', async () => {
      const me = await DriveClient.create(t);
      const a = await me.folder('A');
      await me.folder('B');
      const res = await me.agent.post('/api/v1/file-entries/star', { entryIds: [a.id] });
      expect(res.json().entries[0].is_starred).toBe(true);
      expect(await me.names({ section: 'starred' })).toEqual(['A']);
      expect((await me.list()).data.find((e) => e.id === a.id)?.is_starred).toBe(true);
      await me.agent.post('/api/v1/file-entries/unstar', { entryIds: [a.id] });
      expect(await me.names({ section: 'starred' })).toEqual([]);
    });

    it("answers 404 for another user's entry", async () => {
      const me = await DriveClient.create(t);
      const theirs = await (await DriveClient.create(t)).folder('X');
      expect((await me.agent.post('/api/v1/file-entries/star', { entryIds: [theirs.id] })).statusCode).toBe(404);
    });
  });
});

describe('DriveListingService', () => {
  it('pages folders first, then files, in the chosen order', async () => {
    const me = await DriveClient.create(t);
    for (const name of ['f1', 'f2', 'f3']) await me.folder(name);
    for (const name of ['b.txt', 'a.txt', 'c.txt']) await me.upload(name, name);
    const page1 = await me.list({ perPage: 2, orderBy: 'name', orderDir: 'asc' });
    expect(page1).toMatchObject({ current_page: 1, last_page: 3, per_page: 2, total: 6 });
    expect(page1.data.map((e) => e.name)).toEqual(['f1', 'f2']);
    expect(await me.names({ perPage: 2, page: 2, orderBy: 'name', orderDir: 'asc' })).toEqual(['f3', 'a.txt']);
    expect(await me.names({ perPage: 2, page: 3, orderBy: 'name', orderDir: 'asc' })).toEqual(['b.txt', 'c.txt']);
    expect(await me.names({ orderBy: 'name', orderDir: 'desc' })).toEqual([
      'f3',
      'f2',
      'f1',
      'c.txt',
      'b.txt',
      'a.txt',
    ]);
    // Default: updated_at desc, the newest first.
    expect(await me.names()).toEqual(['f3', 'f2', 'f1', 'c.txt', 'a.txt', 'b.txt']);
  });

  it('sorts by size and type', async () => {
    const me = await DriveClient.create(t);
    await me.upload('big.txt', 'x'.repeat(300));
    await me.upload('small.txt', 'x');
    await me.upload('mid.png', Buffer.alloc(100));
    expect(await me.names({ orderBy: 'file_size', orderDir: 'asc' })).toEqual(['small.txt', 'mid.png', 'big.txt']);
    expect(await me.names({ orderBy: 'type', orderDir: 'asc' })).toEqual(['mid.png', 'big.txt', 'small.txt']);
  });

  it('lists recent files, newest first, without folders', async () => {
    const me = await DriveClient.create(t);
    const dir = await me.folder('Dir');
    await me.upload('old.txt', 'o');
    await me.upload('new.txt', 'n', { parentId: dir.id });
    expect(await me.names({ section: 'recent' })).toEqual(['new.txt', 'old.txt']);
  });

  it('searches names case-insensitively, with type and date filters', async () => {
    const me = await DriveClient.create(t);
    const dir = await me.folder('Quarterly Reports');
    await me.upload('Report-Q1.pdf', '%PDF-1.4', { parentId: dir.id });
    await me.upload('report notes.txt', 'notes');
    await me.upload('photo.png', Buffer.alloc(10));
    const other = await DriveClient.create(t);
    await other.upload('report secret.txt', 'no');
    expect((await me.names({ section: 'search', query: 'REPORT' })).sort()).toEqual([
      'Quarterly Reports',
      'Report-Q1.pdf',
      'report notes.txt',
    ]);
    expect(await me.names({ section: 'search', query: 're', type: 'pdf' })).toEqual(['Report-Q1.pdf']);
    expect(await me.names({ section: 'search', query: 'report', type: 'folder' })).toEqual(['Quarterly Reports']);
    expect(await me.names({ section: 'search', query: '%' })).toEqual([]);
    expect(await me.names({ section: 'search', type: 'image' })).toEqual(['photo.png']);
    const future = new Date(Date.now() + 3600_000).toISOString();
    expect(await me.names({ section: 'search', query: 'report', modifiedAfter: future })).toEqual([]);
    expect((await me.names({ section: 'search', query: 'report', modifiedBefore: future })).length).toBe(3);
    const bad = await me.agent.get('/api/v1/drive/file-entries?section=search&type=nonsense');
    expect(bad.statusCode).toBe(422);
  });

  it('answers breadcrumbs for a folder', async () => {
    const me = await DriveClient.create(t);
    const a = await me.folder('A');
    const b = await me.folder('B', a.id);
    const res = await me.agent.get(`/api/v1/drive/folders/${b.hash}/path`);
    expect(res.json().path.map((e: { name: string }) => e.name)).toEqual(['A', 'B']);
  });

  it("answers 404 for another user's folder and entry, and for a workspace that does not exist", async () => {
    const me = await DriveClient.create(t);
    const theirs = await (await DriveClient.create(t)).folder('Secret');
    expect((await me.agent.get(`/api/v1/drive/file-entries?section=folder&folderHash=${theirs.hash}`)).statusCode).toBe(
      404,
    );
    expect((await me.agent.get(`/api/v1/file-entries/${theirs.hash}`)).statusCode).toBe(404);
    expect((await me.agent.get(`/api/v1/drive/folders/${theirs.hash}/path`)).statusCode).toBe(404);
    expect((await me.agent.get('/api/v1/drive/file-entries?workspaceId=5')).statusCode).toBe(404);
  });

  it('needs a folderHash for the folder section', async () => {
    const me = await DriveClient.create(t);
    const res = await me.agent.get('/api/v1/drive/file-entries?section=folder');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.folderHash).toBeDefined();
  });
});
