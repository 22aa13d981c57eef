import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_IDS_MESSAGE, type BulkEntriesBody, type FileEntry } from '@kosh/contracts';
import { FORBIDDEN_SHARED, FORBIDDEN_WORKSPACE } from '../../src/drive/drive.policy.ts';
import { CYCLE_MESSAGE } from '../../src/drive/entries.service.ts';
import { fsckCommand } from '../../src/drive/fsck.command.ts';
import { newObjectKey } from '../../src/storage/keys.ts';
import { DriveClient } from '../helpers/drive.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { teamOf } from '../workspaces/workspaces.ts';
import { Person } from '../shares/sharing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const N = 5000;
const CONTENT = Buffer.from('abc');

/**
 * `n` files with real bytes in a folder, inserted many rows per statement (5,000 uploads through
 * HTTP would take minutes): rows first, then their paths from their ids, then the bytes.
 */
async function seedFiles(
  folder: Pick<FileEntry, 'id' | 'path' | 'owner_id'> & { workspace_id: number | null },
  n: number,
  prefix = 'file',
): Promise<void> {
  const at = new Date().toISOString();
  const rows = Array.from({ length: n }, (_, i) => ({
    hash: randomBytes(12).toString('base64url'),
    name: `${prefix}-${i}.txt`,
    file_name: newObjectKey('entries'),
    mime: 'text/plain',
    extension: 'txt',
    file_size: CONTENT.length,
    type: 'text',
    is_folder: 0,
    parent_id: folder.id,
    path: '',
    owner_id: folder.owner_id,
    workspace_id: folder.workspace_id === 0 ? null : folder.workspace_id,
    created_at: at,
    updated_at: at,
  }));
  const db = t.modules.db;
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('file_entries')
      .values(rows.slice(i, i + 500))
      .execute();
  await sql`update file_entries set path = ${folder.path} || cast(id as varchar(20)) || '/'
    where parent_id = ${folder.id} and path = ''`.execute(db);
  for (let i = 0; i < rows.length; i += 100)
    await Promise.all(rows.slice(i, i + 100).map((r) => t.modules.storage.put(r.file_name, CONTENT)));
}

async function fsck(): Promise<string[]> {
  const lines: string[] = [];
  await fsckCommand(t.modules.drive.fsck, {}, (line) => lines.push(line));
  return lines;
}

const bulk = (who: { agent: DriveClient['agent'] }, body: Omit<BulkEntriesBody, 'selection'> & { selection: object }) =>
  who.agent.post('/api/v1/file-entries/bulk', body);
const total = async (me: DriveClient, query: Record<string, string | number>) => (await me.list(query)).total;

describe('DriveBulkService', () => {
  describe('a folder of 5,000 entries in one action each', () => {
    it('trashes, restores, moves, stars, unstars and deletes forever, freeing the space', {
      timeout: 120_000,
    }, async () => {
      const me = await DriveClient.create(t);
      const big = await me.folder('Big');
      const other = await me.folder('Other');
      await seedFiles(big, N - 1);
      const sub = await me.folder('Sub', big.id);
      await me.upload('inner.txt', 'inner', { parentId: sub.id });
      const inBig = { section: 'folder', folderHash: big.hash };
      expect(await total(me, inBig)).toBe(N);
      const usedBefore = (await me.agent.get('/api/v1/user/space-usage')).json().used;

      const star = await bulk(me, { action: 'star', selection: { place: 'folder', folderId: big.id } });
      expect(star.json()).toEqual({ done: N, refused: 0, reasons: [] });
      expect(await total(me, { section: 'starred' })).toBe(N);
      const unstar = await bulk(me, { action: 'unstar', selection: { place: 'folder', folderId: big.id } });
      expect(unstar.json().done).toBe(N);
      expect(await total(me, { section: 'starred' })).toBe(0);

      const keep = (await me.list(inBig)).data.find((e) => e.type !== 'folder') as FileEntry;
      const trash = await bulk(me, {
        action: 'trash',
        selection: { place: 'folder', folderId: big.id, except: [keep.id] },
      });
      expect(trash.statusCode).toBe(200);
      expect(trash.json()).toEqual({ done: N - 1, refused: 0, reasons: [] });
      expect(await me.names(inBig)).toEqual([keep.name]);
      expect(await total(me, { section: 'trash' })).toBe(N - 1);
      expect((await t.modules.drive.repos.entries.getById(sub.id))?.trash_root_id).toBe(sub.id);

      const restore = await bulk(me, { action: 'restore', selection: { place: 'trash' } });
      expect(restore.json()).toEqual({ done: N - 1, refused: 0, reasons: [] });
      expect(await total(me, inBig)).toBe(N);
      expect(await me.names({ section: 'folder', folderHash: sub.hash })).toEqual(['inner.txt']);
      expect(await total(me, { section: 'trash' })).toBe(0);

      const move = await bulk(me, {
        action: 'move',
        selection: { place: 'folder', folderId: big.id },
        destinationId: other.id,
      });
      expect(move.json()).toEqual({ done: N, refused: 0, reasons: [] });
      expect(await total(me, inBig)).toBe(0);
      expect(await total(me, { section: 'folder', folderHash: other.hash })).toBe(N);
      expect((await t.modules.drive.repos.entries.getById(sub.id))?.path).toBe(`${other.path}${sub.id}/`);
      expect(await fsck()).toEqual(['fsck: no problems found']);

      await bulk(me, { action: 'trash', selection: { place: 'folder', folderId: other.id } });
      const gone = await bulk(me, { action: 'deleteForever', selection: { place: 'trash' } });
      expect(gone.json()).toEqual({ done: N, refused: 0, reasons: [] });
      await t.modules.drive.bulk.settled();
      const usedAfter = (await me.agent.get('/api/v1/user/space-usage')).json().used;
      expect(usedBefore - usedAfter).toBe((N - 1) * CONTENT.length + 'inner'.length);
      expect(await total(me, { section: 'trash' })).toBe(0);
      expect(await fsck()).toEqual(['fsck: no problems found']);
    });

    it('restores beside a live namesake under a number, and to the root when its folder is in trash', async () => {
      const me = await DriveClient.create(t);
      const docs = await me.folder('Docs');
      const old = await me.upload('a.txt', 'old', { parentId: docs.id });
      await bulk(me, { action: 'trash', selection: { place: 'folder', folderId: docs.id } });
      await me.upload('a.txt', 'new', { parentId: docs.id });
      const res = await bulk(me, { action: 'restore', selection: { place: 'trash' } });
      expect(res.json()).toEqual({ done: 1, refused: 0, reasons: [] });
      expect((await me.names({ section: 'folder', folderHash: docs.hash })).sort()).toEqual(['a (1).txt', 'a.txt']);

      const away = await me.folder('Away');
      const b = await me.upload('b.txt', 'b', { parentId: away.id });
      await bulk(me, { action: 'trash', selection: { place: 'folder', folderId: away.id } });
      await bulk(me, { action: 'trash', selection: { place: 'folder', folderId: null, except: [docs.id] } });
      const back = await bulk(me, { action: 'restore', selection: { place: 'trash', except: [away.id] } });
      expect(back.json()).toEqual({ done: 1, refused: 0, reasons: [] });
      expect((await t.modules.drive.repos.entries.getById(b.id))?.path).toBe(`/${b.id}/`);
      expect((await me.names()).sort()).toEqual(['Docs', 'b.txt']);
      expect((await t.modules.drive.repos.entries.getById(old.id))?.deleted_at).toBeNull();
      expect(await fsck()).toEqual(['fsck: no problems found']);
    });

    it('deletes forever all of the trash but what is left out, with what that holds', async () => {
      const me = await DriveClient.create(t);
      const kept = await me.folder('Kept');
      const inside = await me.upload('inside.txt', 'in', { parentId: kept.id });
      const lost = await me.upload('lost.txt', 'gone');
      await bulk(me, { action: 'trash', selection: { place: 'folder', folderId: null } });
      const res = await bulk(me, { action: 'deleteForever', selection: { place: 'trash', except: [kept.id] } });
      expect(res.json()).toEqual({ done: 1, refused: 0, reasons: [] });
      await t.modules.drive.bulk.settled();
      expect(await t.modules.drive.repos.entries.getById(lost.id)).toBeUndefined();
      expect(await t.modules.drive.repos.entries.getById(inside.id)).toBeDefined();
      expect(await me.names({ section: 'trash' })).toEqual(['Kept']);
    });

    it('moves a clashing name in under a number and refuses the folder the destination lies in', async () => {
      const me = await DriveClient.create(t);
      const from = await me.folder('From');
      const to = await me.folder('To');
      await me.upload('same.txt', '1', { parentId: from.id });
      await me.upload('same.txt', '2', { parentId: to.id });
      const holder = await me.folder('Holder', from.id);
      const deep = await me.folder('Deep', holder.id);
      // A child in trash stays where it was trashed from, and goes back there.
      const binned = await me.upload('binned.txt', 'b', { parentId: from.id });
      await me.agent.post('/api/v1/file-entries/delete', { entryIds: [binned.id], deleteForever: false });
      const res = await bulk(me, {
        action: 'move',
        selection: { place: 'folder', folderId: from.id },
        destinationId: to.id,
      });
      expect(res.json()).toEqual({ done: 2, refused: 0, reasons: [] });
      expect(await me.names({ section: 'folder', folderHash: to.hash, orderBy: 'name', orderDir: 'asc' })).toEqual([
        'Holder',
        'same (1).txt',
        'same.txt',
      ]);
      const cycle = await bulk(me, {
        action: 'move',
        selection: { place: 'folder', folderId: to.id },
        destinationId: deep.id,
      });
      expect(cycle.json()).toEqual({
        done: 2,
        refused: 1,
        reasons: [{ message: CYCLE_MESSAGE, count: 1, ids: [holder.id] }],
      });
      expect((await t.modules.drive.repos.entries.getById(binned.id))?.path).toBe(`${from.path}${binned.id}/`);
      await bulk(me, { action: 'restore', selection: { place: 'trash' } });
      expect(await me.names({ section: 'folder', folderHash: from.hash })).toEqual(['binned.txt']);
      expect(await fsck()).toEqual(['fsck: no problems found']);
    });
  });

  describe('over 1,000 entries left out of a statement', () => {
    it('moves 1,010 clashing names in under numbers, restores 1,010 beside namesakes, keeps 1,010 held back', {
      timeout: 180_000,
    }, async () => {
      const me = await DriveClient.create(t);
      const from = await me.folder('From');
      const to = await me.folder('To');
      await seedFiles(from, 1010, 'same');
      await seedFiles(to, 1010, 'same');
      await me.upload('only.txt', 'o', { parentId: from.id });
      const moved = await bulk(me, {
        action: 'move',
        selection: { place: 'folder', folderId: from.id },
        destinationId: to.id,
      });
      expect(moved.json()).toEqual({ done: 1011, refused: 0, reasons: [] });
      const rows = await t.modules.db
        .selectFrom('file_entries')
        .select('name')
        .where('parent_id', '=', to.id)
        .execute();
      const names = new Set(rows.map((r) => r.name));
      expect(names.size).toBe(2021);
      expect(names.has('same-7 (1).txt') && names.has('same-7.txt') && names.has('only.txt')).toBe(true);

      await bulk(me, { action: 'trash', selection: { place: 'folder', folderId: to.id } });
      await seedFiles(to, 1010, 'same');
      const restored = await bulk(me, { action: 'restore', selection: { place: 'trash' } });
      expect(restored.json()).toEqual({ done: 2021, refused: 0, reasons: [] });
      expect(await total(me, { section: 'folder', folderHash: to.hash })).toBe(3031);
      expect(await total(me, { section: 'trash' })).toBe(0);

      const held = await me.folder('Held');
      await seedFiles(held, 1010, 'held');
      await bulk(me, { action: 'trash', selection: { place: 'folder', folderId: null } });
      const gone = await bulk(me, { action: 'deleteForever', selection: { place: 'trash', except: [held.id] } });
      expect(gone.json()).toEqual({ done: 2, refused: 0, reasons: [] });
      await t.modules.drive.bulk.settled();
      expect(await me.names({ section: 'trash' })).toEqual(['Held']);
      const left = await t.modules.db
        .selectFrom('file_entries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('owner_id', '=', me.user.id)
        .executeTakeFirstOrThrow();
      expect(Number(left.n)).toBe(1011);
      expect(await fsck()).toEqual(['fsck: no problems found']);
    });
  });

  describe('permissions', () => {
    it("refuses a workspace viewer's trash of every entry, touching none", async () => {
      const { owner, ws, members } = await teamOf(t, ['viewer']);
      const file = await owner.upload(ws.id, 'kept.txt', 'k');
      const viewer = members[0];
      const res = await bulk(viewer, {
        action: 'trash',
        selection: { place: 'folder', folderId: null },
        workspaceId: ws.id,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        done: 0,
        refused: 1,
        reasons: [{ message: FORBIDDEN_WORKSPACE, count: 1, ids: [file.id] }],
      });
      expect(await owner.names(ws.id)).toEqual(['kept.txt']);
      const star = await bulk(viewer, {
        action: 'star',
        selection: { place: 'folder', folderId: null },
        workspaceId: ws.id,
      });
      expect(star.json()).toEqual({ done: 1, refused: 0, reasons: [] });
      const forever = await bulk(viewer, {
        action: 'deleteForever',
        selection: { place: 'trash' },
        workspaceId: ws.id,
      });
      expect(forever.statusCode).toBe(403);
    });

    it('acts on the entries a share allows and refuses the rest, one by one, touching none', {
      timeout: 60_000,
    }, async () => {
      const owner = await Person.create(t);
      const bob = await Person.create(t);
      const shared = await owner.folder('Shared');
      const copyable = await owner.upload('copyable.txt', 'c', shared.id);
      await seedFiles({ ...shared, workspace_id: null }, 1500, 'viewonly');
      await owner.share([shared.id], [bob.user.email], 'view');
      await owner.share([copyable.id], [bob.user.email], 'download');
      const inShared = { section: 'folder', folderHash: shared.hash };

      const copy = await bulk(bob, { action: 'copy', selection: { place: 'folder', folderId: shared.id } });
      expect(copy.statusCode).toBe(200);
      const answer = copy.json();
      expect(answer).toMatchObject({ done: 1, refused: 1500 });
      expect(answer.reasons).toHaveLength(1);
      expect(answer.reasons[0]).toMatchObject({ message: FORBIDDEN_SHARED, count: 1500 });
      expect(answer.reasons[0].ids).toHaveLength(20);
      expect(answer.reasons[0].ids).not.toContain(copyable.id);
      expect(await bob.list({ section: 'home' })).toMatchObject([{ name: 'copyable.txt', owner_id: bob.user.id }]);

      // Trashing needs edit on the folder the entry is in: every entry is refused, none touched.
      const trash = await bulk(bob, { action: 'trash', selection: { place: 'folder', folderId: shared.id } });
      expect(trash.json()).toMatchObject({ done: 0, refused: 1501 });
      expect((await owner.listRaw(inShared)).json().total).toBe(1501);
      const stranger = await DriveClient.create(t);
      const hidden = await bulk(stranger, { action: 'trash', selection: { place: 'folder', folderId: shared.id } });
      expect(hidden.statusCode).toBe(404);
    });
  });

  describe('input', () => {
    it('answers 422 with a readable message for over 1,000 ids, and for a trash-only action elsewhere', async () => {
      const me = await DriveClient.create(t);
      const ids = Array.from({ length: 1001 }, (_, i) => i + 1);
      for (const [url, body] of [
        ['/api/v1/file-entries/delete', { entryIds: ids }],
        ['/api/v1/file-entries/move', { entryIds: ids, destinationId: null }],
        ['/api/v1/file-entries/star', { entryIds: ids }],
        ['/api/v1/file-entries/shares', { entryIds: ids, emails: ['a@example.test'], permission: 'view' }],
      ] as const) {
        const res = await me.agent.post(url, body);
        expect(res.statusCode, url).toBe(422);
        expect(res.json().message).toBe(BULK_IDS_MESSAGE);
        expect(res.json().errors.entryIds).toEqual([BULK_IDS_MESSAGE]);
      }
      const many = await bulk(me, { action: 'trash', selection: { place: 'folder', except: ids } });
      expect(many.statusCode).toBe(422);
      expect(many.json().errors['selection.except']).toEqual([BULK_IDS_MESSAGE]);
      const wrong = await bulk(me, { action: 'restore', selection: { place: 'folder', folderId: null } });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errors.action).toBeDefined();
    });
  });

  describe('races', () => {
    it('leaves a consistent tree after two bulk moves and a bulk trash of one folder at once', {
      timeout: 60_000,
    }, async () => {
      const me = await DriveClient.create(t);
      const src = await me.folder('Src');
      const p = await me.folder('P');
      const q = await me.folder('Q');
      await seedFiles(src, 2000, 'r');
      const sub = await me.folder('Sub', src.id);
      await me.upload('deep.txt', 'd', { parentId: sub.id });
      const answers = await Promise.all([
        bulk(me, { action: 'move', selection: { place: 'folder', folderId: src.id }, destinationId: p.id }),
        bulk(me, { action: 'move', selection: { place: 'folder', folderId: src.id }, destinationId: q.id }),
        bulk(me, { action: 'trash', selection: { place: 'folder', folderId: src.id } }),
        // The opposite way: P's children into Sub while Sub may be on its way into P.
        bulk(me, { action: 'move', selection: { place: 'folder', folderId: p.id }, destinationId: sub.id }),
      ]);
      for (const res of answers) expect([200, 404], res.body).toContain(res.statusCode);
      // Nothing was lost or doubled: every row is still there, each in one place of a whole tree.
      const rows = await t.modules.db
        .selectFrom('file_entries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('owner_id', '=', me.user.id)
        .executeTakeFirstOrThrow();
      expect(Number(rows.n)).toBe(2000 + 5);
      expect(await fsck()).toEqual(['fsck: no problems found']);
    });
  });
});
