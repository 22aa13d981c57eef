import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminFilesPage, type FileEntry, Permission } from '@kosh/contracts';
import { DriveClient } from '../helpers/drive.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';
import { newAgent } from '../helpers/accounts.ts';
import { staffAgent } from '../helpers/staff.ts';
import { marker, qs } from './users-fixtures.ts';

const FILES = '/api/v1/admin/files';

let t: TestApp;
let admin: Agent;
let staff: Agent;
let plain: Agent;
let visitor: Agent;
let alice: DriveClient;
let bob: DriveClient;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await staffAgent(t, { admin: true })).agent;
  staff = (await staffAgent(t, { permissions: [Permission.adminAccess, Permission.filesUpdate] })).agent;
  plain = (await staffAgent(t, { permissions: [Permission.adminAccess, Permission.usersUpdate] })).agent;
  visitor = newAgent(t);
  alice = await DriveClient.create(t);
  bob = await DriveClient.create(t);
});
afterAll(() => t.close());

async function page(query: Record<string, string | number | boolean>, agent = admin): Promise<AdminFilesPage> {
  const res = await agent.get(`${FILES}?${qs(query)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const names = (p: AdminFilesPage) => p.pagination.data.map((r) => r.name);

/** Sets columns the API does not let a user choose (dates, sizes). */
const setRow = (id: number, values: { created_at?: string; updated_at?: string; file_size?: number }) =>
  t.modules.db.updateTable('file_entries').set(values).where('id', '=', id).execute();

const now = () => new Date().toISOString();

async function share(entry: FileEntry, owner: DriveClient, to: DriveClient) {
  await t.modules.db
    .insertInto('file_entry_shares')
    .values({
      file_entry_id: entry.id,
      owner_id: owner.user.id,
      user_id: to.user.id,
      email: to.user.email,
      permission: 'view',
      invite_token_hash: null,
      created_at: now(),
      updated_at: now(),
    })
    .execute();
}

async function link(entry: FileEntry, owner: DriveClient, enabled = 1) {
  await t.modules.db
    .insertInto('shareable_links')
    .values({
      hash: randomBytes(9).toString('base64url'),
      file_entry_id: entry.id,
      user_id: owner.user.id,
      password: null,
      expires_at: null,
      enabled,
      allow_download: 1,
      allow_edit: 0,
      restricted: 0,
      created_at: now(),
      updated_at: now(),
    })
    .execute();
}

const spaceUsed = async (client: DriveClient) => {
  const res = await client.agent.get('/api/v1/user/space-usage');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { used: number }).used;
};

describe('GET admin/files', () => {
  it('answers 401 to a visitor and 403 to staff without files.update', async () => {
    expect((await visitor.get(FILES)).statusCode).toBe(401);
    expect((await plain.get(FILES)).statusCode).toBe(403);
    expect((await alice.agent.get(FILES)).statusCode).toBe(403);
  });

  it('lists every drive for staff holding files.update and for an admin, with owner, folder and flags', async () => {
    const mark = marker();
    const folder = await alice.folder(`${mark}-folder`);
    const file = await alice.upload(`${mark}-notes.txt`, 'hello', { parentId: folder.id });
    await bob.upload(`${mark}-bob.txt`, 'bob');
    const byStaff = await page({ query: mark }, staff);
    expect(byStaff.pagination.total).toBe(3);
    expect((await page({ query: mark })).pagination.total).toBe(3);
    const row = byStaff.pagination.data.find((r) => r.id === file.id);
    expect(row).toMatchObject({
      name: `${mark}-notes.txt`,
      type: 'text',
      extension: 'txt',
      file_size: 5,
      owner: { id: alice.user.id, email: alice.user.email },
      workspace: null,
      parent: { id: folder.id, name: `${mark}-folder` },
      is_shared: false,
      has_link: false,
      has_thumbnail: false,
      deleted_at: null,
    });
    expect(byStaff.pagination.data.find((r) => r.id === folder.id)).toMatchObject({ type: 'folder', parent: null });
  });

  it('pages with the total and the last page, newest first by default', async () => {
    const mark = marker();
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await alice.upload(`${mark}-${i}.bin`, 'x')).id);
    for (const [i, id] of ids.entries())
      await setRow(id, { created_at: new Date(Date.UTC(2025, 0, 1 + i)).toISOString() });
    const second = await page({ query: mark, perPage: 2, page: 2 });
    expect(second.pagination).toMatchObject({ current_page: 2, last_page: 3, per_page: 2, total: 5 });
    expect(second.pagination.data.map((r) => r.id)).toEqual([ids[2], ids[1]]);
    expect((await page({ query: mark, perPage: 2, page: 3 })).pagination.data.map((r) => r.id)).toEqual([ids[0]]);
  });

  it('finds names containing the search, short or long, wildcards taken literally', async () => {
    const mark = marker();
    await alice.upload(`${mark} Quarterly Report.pdf`, '%PDF-1.4');
    await alice.upload(`${mark} 100%_done.txt`, 'x');
    expect(names(await page({ query: `${mark} quarterly` }))).toEqual([`${mark} Quarterly Report.pdf`]);
    expect(names(await page({ query: `${mark} 100%_` }))).toEqual([`${mark} 100%_done.txt`]);
    expect((await page({ query: `${mark} 100__` })).pagination.total).toBe(0);
    expect((await page({ query: 'zq' })).pagination.total).toBe(0);
  });

  it('sorts by name, size, created and updated, both ways', async () => {
    const mark = marker();
    const a = await alice.upload(`${mark}-a.bin`, 'x');
    const b = await alice.upload(`${mark}-b.bin`, 'x');
    const c = await alice.upload(`${mark}-c.bin`, 'x');
    await setRow(a.id, {
      file_size: 30,
      created_at: '2025-01-02T00:00:00.000Z',
      updated_at: '2025-03-01T00:00:00.000Z',
    });
    await setRow(b.id, {
      file_size: 10,
      created_at: '2025-01-03T00:00:00.000Z',
      updated_at: '2025-02-01T00:00:00.000Z',
    });
    await setRow(c.id, {
      file_size: 20,
      created_at: '2025-01-01T00:00:00.000Z',
      updated_at: '2025-04-01T00:00:00.000Z',
    });
    const order = async (orderBy: string, orderDir: string) =>
      (await page({ query: mark, orderBy, orderDir })).pagination.data.map((r) => r.id);
    expect(await order('name', 'asc')).toEqual([a.id, b.id, c.id]);
    expect(await order('name', 'desc')).toEqual([c.id, b.id, a.id]);
    expect(await order('file_size', 'asc')).toEqual([b.id, c.id, a.id]);
    expect(await order('created_at', 'desc')).toEqual([b.id, a.id, c.id]);
    expect(await order('updated_at', 'asc')).toEqual([b.id, a.id, c.id]);
  });

  describe('filters', () => {
    it('by type, owner and size range', async () => {
      const mark = marker();
      const folder = await alice.folder(`${mark}-dir`);
      const small = await alice.upload(`${mark}-small.txt`, 'ab');
      const big = await alice.upload(`${mark}-big.zip`, Buffer.alloc(300));
      const other = await bob.upload(`${mark}-bob.txt`, 'abcdef');
      const ids = async (q: Record<string, string | number>) =>
        (await page({ query: mark, ...q })).pagination.data.map((r) => r.id).sort((x, y) => x - y);
      expect(await ids({ type: 'folder' })).toEqual([folder.id]);
      expect(await ids({ type: 'text' })).toEqual([small.id, other.id]);
      expect(await ids({ type: 'archive' })).toEqual([big.id]);
      expect(await ids({ ownerId: bob.user.id })).toEqual([other.id]);
      expect(await ids({ sizeMin: 2, sizeMax: 6 })).toEqual([small.id, other.id]);
      expect(await ids({ sizeMin: 100 })).toEqual([big.id]);
    });

    it('by created and updated ranges, inclusive calendar dates', async () => {
      const mark = marker();
      const early = await alice.upload(`${mark}-early.txt`, 'x');
      const late = await alice.upload(`${mark}-late.txt`, 'x');
      await setRow(early.id, { created_at: '2024-05-01T10:00:00.000Z', updated_at: '2024-06-30T23:59:00.000Z' });
      await setRow(late.id, { created_at: '2024-05-03T00:00:00.000Z', updated_at: '2024-07-01T00:00:00.000Z' });
      const ids = async (q: Record<string, string>) =>
        (await page({ query: mark, ...q })).pagination.data.map((r) => r.id);
      expect(await ids({ createdFrom: '2024-05-01', createdTo: '2024-05-01' })).toEqual([early.id]);
      expect(await ids({ createdFrom: '2024-05-02' })).toEqual([late.id]);
      expect(await ids({ updatedTo: '2024-06-30' })).toEqual([early.id]);
      expect(await ids({ updatedFrom: '2024-07-01', updatedTo: '2024-07-01' })).toEqual([late.id]);
    });

    it('in trash or not', async () => {
      const mark = marker();
      const kept = await alice.upload(`${mark}-kept.txt`, 'x');
      const trashed = await alice.upload(`${mark}-trashed.txt`, 'x');
      const res = await alice.agent.post('/api/v1/file-entries/delete', { entryIds: [trashed.id] });
      expect(res.statusCode, res.body).toBe(200);
      const inTrash = await page({ query: mark, inTrash: true });
      expect(inTrash.pagination.data.map((r) => r.id)).toEqual([trashed.id]);
      expect(inTrash.pagination.data[0].deleted_at).not.toBeNull();
      expect((await page({ query: mark, inTrash: false })).pagination.data.map((r) => r.id)).toEqual([kept.id]);
    });

    it('shared with people or by an enabled link, and not shared', async () => {
      const mark = marker();
      const byShare = await alice.upload(`${mark}-share.txt`, 'x');
      const byLink = await alice.upload(`${mark}-link.txt`, 'x');
      const offLink = await alice.upload(`${mark}-off.txt`, 'x');
      const none = await alice.upload(`${mark}-none.txt`, 'x');
      await share(byShare, alice, bob);
      await link(byLink, alice);
      await link(offLink, alice, 0);
      const shared = await page({ query: mark, shared: true, orderBy: 'name', orderDir: 'asc' });
      expect(shared.pagination.data.map((r) => [r.id, r.is_shared, r.has_link])).toEqual([
        [byLink.id, false, true],
        [byShare.id, true, false],
      ]);
      const unshared = await page({ query: mark, shared: false, orderBy: 'name', orderDir: 'asc' });
      expect(unshared.pagination.data.map((r) => r.id)).toEqual([none.id, offLink.id]);
    });
  });

  it('answers 422 for an unknown sort, a bad date, a smallest size above the largest and a bad type', async () => {
    const errorsOf = async (query: Record<string, string | number>) => {
      const res = await admin.get(`${FILES}?${qs(query)}`);
      expect(res.statusCode, res.body).toBe(422);
      return Object.keys((res.json() as { errors: Record<string, string[]> }).errors);
    };
    expect(await errorsOf({ orderBy: 'owner_id' })).toEqual(['orderBy']);
    expect(await errorsOf({ createdFrom: '2024-02-31' })).toEqual(['createdFrom']);
    expect(await errorsOf({ updatedFrom: '2024-03-02', updatedTo: '2024-03-01' })).toEqual(['updatedTo']);
    expect(await errorsOf({ sizeMin: 10, sizeMax: 5 })).toEqual(['sizeMax']);
    expect(await errorsOf({ sizeMin: -1 })).toEqual(['sizeMin']);
    expect(await errorsOf({ type: 'movie' })).toEqual(['type']);
  });
});

describe('GET admin/files/:id/preview', () => {
  it('sends any user’s bytes inline with the drive’s safe headers, or as an attachment', async () => {
    const name = `${marker()} report.pdf`;
    const entry = await bob.upload(name, '%PDF-1.4 bob');
    const inline = await staff.get(`${FILES}/${entry.id}/preview`);
    expect(inline.statusCode, inline.body).toBe(200);
    expect(inline.body).toBe('%PDF-1.4 bob');
    expect(inline.headers['content-type']).toBe('application/pdf');
    expect(inline.headers['content-disposition']).toBe(`inline; filename="${name}"`);
    expect(inline.headers['x-content-type-options']).toBe('nosniff');
    expect(inline.headers['content-security-policy']).toContain("default-src 'none'");
    const download = await staff.get(`${FILES}/${entry.id}/preview?download=1`);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${name}"`);
  });

  it('sends active content under a sandbox', async () => {
    const entry = await bob.upload('page.html', '<script>alert(1)</script>');
    const res = await admin.get(`${FILES}/${entry.id}/preview`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toMatch(/^sandbox/);
  });

  it('answers 404 for an unknown id or a folder, 403 without files.update', async () => {
    const entry = await bob.upload('secret.txt', 'x');
    const folder = await bob.folder(`dir-${marker()}`);
    expect((await admin.get(`${FILES}/999999999/preview`)).statusCode).toBe(404);
    expect((await admin.get(`${FILES}/${folder.id}/preview`)).statusCode).toBe(404);
    expect((await admin.get(`${FILES}/${entry.id}/thumbnail`)).statusCode).toBe(404);
    expect((await plain.get(`${FILES}/${entry.id}/preview`)).statusCode).toBe(403);
    expect((await alice.agent.get(`${FILES}/${entry.id}/preview`)).statusCode).toBe(403);
  });
});

describe('POST admin/files/delete', () => {
  it('refuses staff without files.update and changes nothing', async () => {
    const entry = await bob.upload(`${marker()}.txt`, 'x');
    expect((await visitor.post(`${FILES}/delete`, { ids: [entry.id] })).statusCode).toBe(401);
    expect((await plain.post(`${FILES}/delete`, { ids: [entry.id] })).statusCode).toBe(403);
    expect((await bob.agent.post(`${FILES}/delete`, { ids: [entry.id] })).statusCode).toBe(403);
    expect(
      await t.modules.db.selectFrom('file_entries').select('id').where('id', '=', entry.id).executeTakeFirst(),
    ).toEqual({ id: entry.id });
  });

  it('answers 422 for no ids or more than 100', async () => {
    expect((await admin.post(`${FILES}/delete`, { ids: [] })).statusCode).toBe(422);
    const many = Array.from({ length: 101 }, (_, i) => i + 1);
    const res = await admin.post(`${FILES}/delete`, { ids: many });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.ids).toBeDefined();
  });

  it('deletes files and folders with their contents forever: space, bytes, shares, links and audit', async () => {
    const owner = await DriveClient.create(t);
    const mark = marker();
    const folder = await owner.folder(`${mark}-dir`);
    const inside = await owner.upload(`${mark}-inside.txt`, 'inside bytes', { parentId: folder.id });
    const loose = await owner.upload(`${mark}-loose.txt`, 'loose');
    const kept = await owner.upload(`${mark}-kept.txt`, 'kept!');
    await share(folder, owner, bob);
    await link(loose, owner);
    const keys = await t.modules.db
      .selectFrom('file_entries')
      .select('file_name')
      .where('id', 'in', [inside.id, loose.id, kept.id])
      .orderBy('id')
      .execute();
    expect(await spaceUsed(owner)).toBe(12 + 5 + 5);

    const res = await staff.post(`${FILES}/delete`, { ids: [folder.id, loose.id, 999999999] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      results: [
        { id: folder.id, ok: true },
        { id: loose.id, ok: true },
        { id: 999999999, ok: false, message: 'This item no longer exists.' },
      ],
      deleted: 3,
      freed: [{ owner_id: owner.user.id, bytes: 17 }],
    });
    expect(await spaceUsed(owner)).toBe(5);
    expect(await owner.names()).toEqual([`${mark}-kept.txt`]);
    const { db } = t.modules;
    expect(
      await db.selectFrom('file_entry_shares').select('id').where('file_entry_id', '=', folder.id).execute(),
    ).toEqual([]);
    expect(await db.selectFrom('shareable_links').select('id').where('file_entry_id', '=', loose.id).execute()).toEqual(
      [],
    );

    await t.modules.drive.storageDeletions.drain();
    const [insideKey, looseKey, keptKey] = keys.map((k) => k.file_name ?? '');
    expect(await t.modules.storage.stat(insideKey)).toBeUndefined();
    expect(await t.modules.storage.stat(looseKey)).toBeUndefined();
    expect(await t.modules.storage.stat(keptKey)).toBeDefined();

    const audit = await db
      .selectFrom('admin_audit_log')
      .select(['action', 'target_type', 'target_id', 'target_label', 'before'])
      .where('action', '=', 'file.delete_forever')
      .where('target_id', 'in', [String(folder.id), String(loose.id)])
      .orderBy('id')
      .execute();
    expect(audit.map((a) => [a.target_type, a.target_id, a.target_label])).toEqual([
      ['file_entry', String(folder.id), `${mark}-dir`],
      ['file_entry', String(loose.id), `${mark}-loose.txt`],
    ]);
    expect(JSON.parse(audit[0].before ?? '{}')).toMatchObject({ owner_id: owner.user.id, entries: 2, bytes: 12 });
  });

  it('deletes what sits in trash too', async () => {
    const entry = await bob.upload(`${marker()}-trashed.txt`, 'x');
    await bob.agent.post('/api/v1/file-entries/delete', { entryIds: [entry.id] });
    const res = await admin.post(`${FILES}/delete`, { ids: [entry.id] });
    expect(res.json()).toMatchObject({ deleted: 1, results: [{ id: entry.id, ok: true }] });
    expect((await admin.get(`${FILES}/${entry.id}/preview`)).statusCode).toBe(404);
  });
});
