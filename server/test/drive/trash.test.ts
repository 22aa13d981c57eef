import { describe, expect, it } from 'vitest';
import { newObjectKey } from '../../src/storage/keys.ts';
import { DriveClient } from '../helpers/drive.ts';
import { DRIVERS, useDriveApps } from './drive-apps.ts';

const apps = useDriveApps();

describe.each(DRIVERS)('DriveTrashService (%s driver)', (kind) => {
  const t = () => apps[kind];
  const repo = () => t().modules.drive.repos.entries;
  const storage = () => t().modules.storage;
  const del = (me: DriveClient, entryIds: number[], deleteForever = false) =>
    me.agent.post('/api/v1/file-entries/delete', { entryIds, deleteForever });
  const restore = (me: DriveClient, entryIds: number[]) => me.agent.post('/api/v1/file-entries/restore', { entryIds });

  /** Docs/ with a.txt and Sub/ holding b.txt. */
  async function tree(me: DriveClient) {
    const docs = await me.folder('Docs');
    const a = await me.upload('a.txt', 'AAA', { parentId: docs.id });
    const sub = await me.folder('Sub', docs.id);
    const b = await me.upload('b.txt', 'BBB', { parentId: sub.id });
    return { docs, a, sub, b };
  }

  it('moves a folder and everything in it to trash, listing only what was trashed', async () => {
    const me = await DriveClient.create(t());
    const { docs, sub, b } = await tree(me);
    const res = await del(me, [docs.id]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ results: [{ id: docs.id, ok: true }], deleted: 4 });
    expect(await me.names()).toEqual([]);
    expect(await me.names({ section: 'trash' })).toEqual(['Docs']);
    expect((await me.list({ section: 'search', query: 'b.txt' })).total).toBe(0);
    expect((await repo().getById(b.id))?.deleted_at).toBeTruthy();
    expect((await repo().getById(sub.id))?.trash_root_id).toBe(docs.id);
  });

  it('tells in the trash listing which folder each entry was trashed from', async () => {
    const me = await DriveClient.create(t());
    const { docs, a, b } = await tree(me);
    const top = await me.upload('top.txt', 'TOP');
    await del(me, [a.id, b.id, top.id]);
    const page = await me.list({ section: 'trash' });
    const rows = page.data
      .map((e) => [e.name, e.original_location])
      .sort((x, y) => String(x[0]).localeCompare(String(y[0])));
    expect(rows).toEqual([
      ['a.txt', { hash: docs.hash, name: 'Docs' }],
      ['b.txt', { hash: expect.any(String), name: 'Sub' }],
      ['top.txt', null],
    ]);
    // Elsewhere entries carry no origin.
    expect((await me.list({ section: 'folder', folderHash: docs.hash })).data[0].original_location).toBeUndefined();
  });

  it('restores to the original place, leaving what was trashed on its own in trash', async () => {
    const me = await DriveClient.create(t());
    const { docs, a, sub } = await tree(me);
    await del(me, [a.id]);
    await del(me, [docs.id]);
    expect((await me.names({ section: 'trash' })).sort()).toEqual(['Docs', 'a.txt']);
    const res = await restore(me, [docs.id]);
    expect(res.json().entries[0]).toMatchObject({ id: docs.id, deleted_at: null, parent_id: null });
    expect(await me.names({ section: 'folder', folderHash: docs.hash })).toEqual(['Sub']);
    expect(await me.names({ section: 'folder', folderHash: sub.hash })).toEqual(['b.txt']);
    expect(await me.names({ section: 'trash' })).toEqual(['a.txt']);
    await restore(me, [a.id]);
    expect((await me.names({ section: 'folder', folderHash: docs.hash })).sort()).toEqual(['Sub', 'a.txt']);
  });

  it('restores to the root when the original folder is in trash, numbering a taken name', async () => {
    const me = await DriveClient.create(t());
    const { docs, a } = await tree(me);
    await del(me, [a.id]);
    await del(me, [docs.id]);
    await me.upload('a.txt', 'new one');
    const res = await restore(me, [a.id]);
    expect(res.json().entries[0]).toMatchObject({ name: 'a (1).txt', parent_id: null, path: `/${a.id}/` });
    expect(await me.names({ orderBy: 'name', orderDir: 'asc' })).toEqual(['a (1).txt', 'a.txt']);
  });

  it('deletes forever from trash or directly, bytes included', async () => {
    const me = await DriveClient.create(t());
    const { docs, a, b } = await tree(me);
    const keys = await Promise.all([a, b].map(async (e) => (await repo().getById(e.id))!.file_name!));
    await del(me, [docs.id]);
    const res = await del(me, [docs.id], true);
    expect(res.json().deleted).toBe(4);
    expect(await me.names({ section: 'trash' })).toEqual([]);
    expect(await repo().getById(b.id)).toBeUndefined();
    for (const key of keys) expect(await storage().stat(key)).toBeUndefined();
    const direct = await me.upload('direct.txt', 'x');
    const key = (await repo().getById(direct.id))!.file_name!;
    await del(me, [direct.id], true);
    expect(await storage().stat(key)).toBeUndefined();
    expect((await me.agent.get('/api/v1/user/space-usage')).json().used).toBe(0);
  });

  it('empties the trash', async () => {
    const me = await DriveClient.create(t());
    const one = await me.upload('one.txt', '1');
    const two = await me.folder('two');
    await me.upload('keep.txt', 'k');
    await del(me, [one.id, two.id]);
    const res = await me.agent.post('/api/v1/file-entries/empty-trash');
    expect(res.json()).toEqual({ deleted: 2 });
    expect(await me.names({ section: 'trash' })).toEqual([]);
    expect(await me.names()).toEqual(['keep.txt']);
  });

  it("answers 404 for another user's entries and changes nothing", async () => {
    const other = await DriveClient.create(t());
    const theirs = await other.upload('theirs.txt', 't');
    const me = await DriveClient.create(t());
    const mine = await me.upload('mine.txt', 'm');
    expect((await del(me, [mine.id, theirs.id])).statusCode).toBe(404);
    expect((await del(me, [theirs.id], true)).statusCode).toBe(404);
    expect(await me.names()).toEqual(['mine.txt']);
    await del(other, [theirs.id]);
    expect((await restore(me, [theirs.id])).statusCode).toBe(404);
    expect(await other.names({ section: 'trash' })).toEqual(['theirs.txt']);
  });

  it('purges trash older than drive.trash_purge_days, and sweeps orphaned bytes', async () => {
    const me = await DriveClient.create(t());
    const old = await me.upload('old.txt', 'old');
    const recent = await me.upload('recent.txt', 'recent');
    await del(me, [old.id, recent.id]);
    const oldKey = (await repo().getById(old.id))!.file_name!;
    await repo().update(old.id, { deleted_at: new Date(Date.now() - 31 * 86_400_000).toISOString() });
    const orphan = newObjectKey();
    await storage().put(orphan, Buffer.from('nobody names me'));
    const report = await t().modules.drive.maintenance.runOnce({ orphanGraceMs: 0 });
    expect(report).toMatchObject({ purged: 1 });
    expect(await me.names({ section: 'trash' })).toEqual(['recent.txt']);
    expect(await storage().stat(oldKey)).toBeUndefined();
    expect(await storage().stat(orphan)).toBeUndefined();
    expect(await storage().stat((await repo().getById(recent.id))!.file_name!)).toBeDefined();
  });
});
