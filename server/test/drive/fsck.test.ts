import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as uniqueLiveNames } from '../../src/db/migrations/0010-unique-live-names.ts';
import { fsckCommand } from '../../src/drive/fsck.command.ts';
import type { FsckOptions } from '../../src/drive/fsck.service.ts';
import { newObjectKey } from '../../src/storage/keys.ts';
import { DriveClient } from '../helpers/drive.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Runs `kosh fsck` as the CLI does; answers its exit code and printed lines. */
async function fsck(options: FsckOptions = {}): Promise<{ code: number; lines: string[] }> {
  const lines: string[] = [];
  const code = await fsckCommand(t.modules.drive.fsck, options, (line) => lines.push(line));
  return { code, lines };
}

const CLEAN = { code: 0, lines: ['fsck: no problems found'] };
const found = (lines: string[], kind: string) => lines.filter((l) => l.startsWith(`found ${kind}:`));
const repaired = (lines: string[], kind: string) => lines.filter((l) => l.startsWith(`repaired ${kind}:`));
const entry = (id: number) => t.modules.drive.repos.entries.getById(id);

describe('kosh fsck', () => {
  it('finds nothing wrong in a drive the API made', async () => {
    const me = await DriveClient.create(t);
    const docs = await me.folder('Docs');
    await me.upload('a.txt', 'hello', { parentId: docs.id });
    expect(await fsck({ hashes: true })).toEqual(CLEAN);
  });

  it('finds a cycle of parents and cuts it into a recovered folder at the owner root', async () => {
    const me = await DriveClient.create(t);
    const p = await me.folder('P');
    const q = await me.folder('Q', p.id);
    await t.modules.drive.repos.entries.update(p.id, { parent_id: q.id });

    const before = await fsck();
    expect(before.code).toBe(1);
    expect(found(before.lines, 'cycle')).toHaveLength(1);
    expect(before.lines.at(-1)).toMatch(/problem\(s\) found, 0 repaired/);

    const repair = await fsck({ repair: true });
    expect(repaired(repair.lines, 'cycle')).toHaveLength(1);
    expect(repair.code).toBe(0);
    expect(await fsck()).toEqual(CLEAN);
    const cut = await entry(p.id);
    const recovered = cut?.parent_id ? await entry(cut.parent_id) : undefined;
    expect(recovered).toMatchObject({ name: 'Recovered items', parent_id: null, owner_id: me.user.id });
    expect(await me.names()).toContain('Recovered items');
    expect((await entry(q.id))?.path).toBe(`/${recovered?.id}/${p.id}/${q.id}/`);
  });

  it('finds live entries inside a trashed folder and moves them to the recovered folder', async () => {
    const me = await DriveClient.create(t);
    const gone = await me.folder('Gone');
    const kept = await me.upload('kept.txt', 'k', { parentId: gone.id });
    await t.modules.drive.repos.entries.update(gone.id, {
      deleted_at: new Date().toISOString(),
      trash_root_id: gone.id,
    });

    const before = await fsck();
    expect(found(before.lines, 'live_in_trash')).toEqual([
      `found live_in_trash: entry ${kept.id}: not in trash, inside folder ${gone.id} which is`,
    ]);
    expect(before.code).toBe(1);
    expect((await fsck({ repair: true })).code).toBe(0);
    expect(await fsck()).toEqual(CLEAN);
    const moved = await entry(kept.id);
    const recovered = moved?.parent_id ? await entry(moved.parent_id) : undefined;
    expect(recovered).toMatchObject({ name: 'Recovered items', parent_id: null, deleted_at: null });
    expect(moved?.path).toBe(`/${recovered?.id}/${kept.id}/`);
  });

  it("finds paths that do not follow their parent's and recomputes them", async () => {
    const me = await DriveClient.create(t);
    const a = await me.folder('A');
    const b = await me.folder('B', a.id);
    const file = await me.upload('c.txt', 'c', { parentId: b.id });
    await t.modules.drive.repos.entries.update(b.id, { path: `/999999/${b.id}/` });

    const before = await fsck();
    expect(found(before.lines, 'bad_path').map((l) => l.split(':')[1].trim())).toEqual([
      `entry ${b.id}`,
      `entry ${file.id}`,
    ]);
    expect(before.code).toBe(1);
    expect((await fsck({ repair: true })).code).toBe(0);
    expect(await fsck()).toEqual(CLEAN);
    expect((await entry(file.id))?.path).toBe(`/${a.id}/${b.id}/${file.id}/`);
  });

  it('refuses two live siblings of one name in the database, numbering duplicates made without it', async () => {
    const me = await DriveClient.create(t);
    const folder = await me.folder('Names');
    const one = await me.upload('Report.txt', '1', { parentId: folder.id });
    const two = await me.upload('other.txt', '2', { parentId: folder.id });
    const rename = () => t.modules.drive.repos.entries.update(two.id, { name: 'REPORT.txt' });
    await expect(rename()).rejects.toThrow();

    await sql`drop index fe_live_name_unique`.execute(t.modules.db);
    try {
      await rename();
      const before = await fsck();
      expect(found(before.lines, 'duplicate_name')).toHaveLength(1);
      expect(before.code).toBe(1);
      const repair = await fsck({ repair: true });
      expect(repaired(repair.lines, 'duplicate_name')[0]).toContain('renamed "REPORT (2).txt"');
      expect(await fsck()).toEqual(CLEAN);
      expect((await entry(one.id))?.name).toBe('Report.txt');
      expect((await entry(two.id))?.name).toBe('REPORT (2).txt');
    } finally {
      await uniqueLiveNames(t.modules.db as never);
    }
  });

  it('finds bytes that are missing, of the wrong size, or (with --hashes) of the wrong SHA-256', async () => {
    const me = await DriveClient.create(t);
    const gone = await t.modules.drive.repos.entries.getById((await me.upload('gone.txt', 'gone')).id);
    const short = await t.modules.drive.repos.entries.getById((await me.upload('short.txt', 'longer')).id);
    const flipped = await t.modules.drive.repos.entries.getById((await me.upload('flipped.txt', 'abcd')).id);
    if (!gone?.file_name || !short?.file_name || !flipped?.file_name) throw new Error('uploads stored no bytes');
    await t.modules.storage.delete(gone.file_name);
    await t.modules.storage.put(short.file_name, Buffer.from('x'));
    await t.modules.storage.put(flipped.file_name, Buffer.from('dcba'));

    const sizes = await fsck({ repair: true });
    expect(found(sizes.lines, 'missing_bytes')[0]).toContain(`entry ${gone.id}`);
    expect(found(sizes.lines, 'size_mismatch')[0]).toContain(`entry ${short.id}`);
    expect(found(sizes.lines, 'hash_mismatch')).toEqual([]);
    // Bytes cannot be made up: still wrong after --repair.
    expect(sizes.code).toBe(1);
    const hashes = await fsck({ hashes: true });
    expect(found(hashes.lines, 'hash_mismatch')[0]).toContain(`entry ${flipped.id}`);

    await me.agent.post('/api/v1/file-entries/delete', {
      entryIds: [gone.id, short.id, flipped.id],
      deleteForever: true,
    });
    expect(await fsck({ hashes: true })).toEqual(CLEAN);
  });

  it('finds bytes no entry names past the grace period, and deletes them with --repair', async () => {
    const key = newObjectKey('entries');
    await t.modules.storage.put(key, Buffer.from('orphan'));
    expect(await fsck()).toEqual(CLEAN);
    await new Promise((resolve) => setTimeout(resolve, 20));

    const before = await fsck({ graceMs: 0 });
    expect(found(before.lines, 'orphan_bytes')).toEqual([`found orphan_bytes: ${key}: stored bytes no entry names`]);
    expect((await fsck({ graceMs: 0, repair: true })).code).toBe(0);
    expect(await t.modules.storage.stat(key)).toBeUndefined();
    expect(await fsck({ graceMs: 0 })).toEqual(CLEAN);
  });

  it('reports uploads left unfinished past their expiry and the grace period', async () => {
    const me = await DriveClient.create(t);
    const at = '2000-01-01T00:00:00.000Z';
    const { id } = await t.modules.db
      .insertInto('pending_uploads')
      .values({
        user_id: me.user.id,
        kind: 'tus',
        key: newObjectKey('entries'),
        upload_id: 'abandoned',
        size: 3,
        name: 'abandoned.txt',
        mime: 'text/plain',
        extension: 'txt',
        parent_id: null,
        relative_path: null,
        workspace_id: null,
        reservation_id: null,
        state: 'open',
        entry_id: null,
        claimed_at: null,
        claimed_by: null,
        created_at: at,
        updated_at: at,
        expires_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const before = await fsck({ repair: true });
    expect(found(before.lines, 'stale_upload')).toEqual([
      expect.stringContaining(`found stale_upload: upload ${id} (tus,`),
    ]);
    expect(before.code).toBe(1);
    await t.modules.db.deleteFrom('pending_uploads').where('id', '=', id).execute();
    expect(await fsck()).toEqual(CLEAN);
  });

  it('releases stale reservations and reports space used past the limit', async () => {
    const me = await DriveClient.create(t);
    await me.upload('ten.txt', '0123456789');
    await t.modules.db
      .insertInto('space_reservations')
      .values({ user_id: me.user.id, bytes: 5, expires_at: '2000-01-01T00:00:00.000Z', created_at: '2000-01-01' })
      .execute();
    const stale = await fsck({ repair: true });
    expect(repaired(stale.lines, 'stale_reservation')).toHaveLength(1);
    expect(await fsck()).toEqual(CLEAN);

    const limit = await t.modules.settings.service.get<number>('drive.default_space_bytes');
    await t.modules.settings.service.set('drive.default_space_bytes', 4);
    try {
      const over = await fsck({ repair: true });
      expect(found(over.lines, 'over_limit')).toContain(
        `found over_limit: user ${me.user.id}: 10 bytes used + 0 reserved, over the limit of 4`,
      );
      expect(over.code).toBe(1);
    } finally {
      await t.modules.settings.service.set('drive.default_space_bytes', limit);
    }
    expect(await fsck()).toEqual(CLEAN);
  });
});
