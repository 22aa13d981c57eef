import type { FileEntry, SharePermission } from '@kosh/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAccountsApp, put } from '../helpers/accounts.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { unzip } from '../helpers/zip.ts';
import { Person } from './sharing.ts';

let t: TestApp;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, close } = await createAccountsApp());
});
afterAll(() => close());
beforeEach(() => t.modules.settings.service.set('drive.default_space_bytes', 25 * 1024 ** 3));

type Level = SharePermission | 'stranger';
const LEVELS: Level[] = ['view', 'download', 'edit', 'stranger'];

/**
 * The owner's drive: Shared/{doc.txt, Sub/deep.txt} shared with the caller at `level` (or not at
 * all for a stranger), and Other/secret.txt beside it, shared with nobody.
 */
type World = {
  owner: Person;
  me: Person;
  shared: FileEntry;
  doc: FileEntry;
  sub: FileEntry;
  deep: FileEntry;
  other: FileEntry;
  secret: FileEntry;
  mine: FileEntry;
};

async function world(level: Level): Promise<World> {
  const owner = await Person.create(t);
  const me = await Person.create(t);
  const shared = await owner.folder('Shared');
  const doc = await owner.upload('doc.txt', 'document bytes', shared.id);
  const sub = await owner.folder('Sub', shared.id);
  const deep = await owner.upload('deep.txt', 'deep bytes', sub.id);
  const other = await owner.folder('Other');
  const secret = await owner.upload('secret.txt', 'secret bytes', other.id);
  const mine = await me.folder('Mine');
  if (level !== 'stranger') await owner.share([shared.id], [me.user.email], level);
  return { owner, me, shared, doc, sub, deep, other, secret, mine };
}

/** What the owner's drive holds, to show a refused call changed nothing. */
async function ownerTree(w: World): Promise<string[]> {
  const rows = await t.modules.db
    .selectFrom('file_entries')
    .select(['name', 'path', 'deleted_at'])
    .where('owner_id', '=', w.owner.user.id)
    .orderBy('path')
    .execute();
  return rows.map((r) => `${r.path} ${r.name}${r.deleted_at ? ' (trash)' : ''}`);
}

type Op = {
  name: string;
  /** Expected status per level. */
  status: Record<Level, number>;
  run(w: World): Promise<LightMyRequestResponse>;
  /** Checks the effect of an allowed call. */
  after?(w: World, res: LightMyRequestResponse): Promise<void>;
  /** A read: nothing to compare before and after. */
  read?: boolean;
};

const seen = { view: 200, download: 200, edit: 200, stranger: 404 };
const editOnly = (ok: number) => ({ view: 403, download: 403, edit: ok, stranger: 404 });
const downloadUp = (ok: number) => ({ view: 403, download: ok, edit: ok, stranger: 404 });

const OPS: Op[] = [
  {
    name: 'list the shared folder',
    status: seen,
    read: true,
    run: (w) => w.me.listRaw({ section: 'folder', folderHash: w.shared.hash, orderBy: 'name', orderDir: 'asc' }),
    after: async (w, res) => {
      expect(res.json().data.map((e: FileEntry) => [e.name, e.path])).toEqual([
        ['Sub', `/${w.shared.id}/${w.sub.id}/`],
        ['doc.txt', `/${w.shared.id}/${w.doc.id}/`],
      ]);
      expect(res.json().folder).toMatchObject({ id: w.shared.id, parent_id: null, owner: { id: w.owner.user.id } });
    },
  },
  {
    name: 'list a subfolder',
    status: seen,
    read: true,
    run: (w) => w.me.listRaw({ section: 'folder', folderHash: w.sub.hash }),
  },
  {
    name: 'read the breadcrumbs of a subfolder (from the top of the share down)',
    status: seen,
    read: true,
    run: (w) => w.me.agent.get(`/api/v1/drive/folders/${w.sub.hash}/path`),
    after: async (_w, res) => expect(res.json().path.map((e: FileEntry) => e.name)).toEqual(['Shared', 'Sub']),
  },
  {
    name: 'get an entry by hash',
    status: seen,
    read: true,
    run: (w) => w.me.agent.get(`/api/v1/file-entries/${w.deep.hash}`),
  },
  {
    name: 'preview a file (inline)',
    status: seen,
    read: true,
    run: (w) => w.me.agent.get(`/api/v1/file-entries/${w.doc.hash}/download?inline=1`),
    after: async (_w, res) => expect(res.body).toBe('document bytes'),
  },
  {
    name: 'download a file (Range)',
    status: { view: 403, download: 206, edit: 206, stranger: 404 },
    read: true,
    run: (w) => w.me.agent.get(`/api/v1/file-entries/${w.doc.hash}/download`, { range: 'bytes=0-7' }),
    after: async (_w, res) => expect(res.body).toBe('document'),
  },
  {
    name: 'download the folder as a ZIP',
    status: downloadUp(200),
    read: true,
    run: (w) => w.me.agent.get(`/api/v1/file-entries/download?hashes=${w.shared.hash}`),
    after: async (_w, res) => {
      const files = await unzip(res.rawPayload);
      expect([...files.keys()].sort()).toEqual(['Shared/', 'Shared/Sub/', 'Shared/Sub/deep.txt', 'Shared/doc.txt']);
      expect(files.get('Shared/Sub/deep.txt')!.toString()).toBe('deep bytes');
    },
  },
  {
    name: 'star an entry (for themselves)',
    status: seen,
    run: (w) => w.me.agent.post('/api/v1/file-entries/star', { entryIds: [w.doc.id] }),
    after: async (w, res) => expect(res.json().entries[0]).toMatchObject({ id: w.doc.id, is_starred: true }),
    read: true,
  },
  {
    name: 'create a folder in the shared folder',
    status: editOnly(201),
    run: (w) => w.me.agent.post('/api/v1/folders', { name: 'New', parentId: w.shared.id }),
    after: async (w, res) =>
      expect(res.json().fileEntry).toMatchObject({
        owner_id: w.owner.user.id,
        parent_id: w.shared.id,
        permission: 'edit',
      }),
  },
  {
    name: 'upload into the shared folder',
    status: editOnly(201),
    run: (w) => w.me.uploadRaw('up.txt', 'uploaded', { parentId: w.sub.id }),
    after: async (w, res) => {
      expect(res.json().fileEntry).toMatchObject({ owner_id: w.owner.user.id, parent_id: w.sub.id });
      expect((await w.owner.list({ section: 'folder', folderHash: w.sub.hash })).map((e) => e.name).sort()).toEqual([
        'deep.txt',
        'up.txt',
      ]);
    },
  },
  {
    name: 'rename a file',
    status: editOnly(200),
    run: (w) => put(w.me.agent, `/api/v1/file-entries/${w.doc.id}`, { name: 'renamed.txt' }),
    after: async (w) =>
      expect((await w.owner.agent.get(`/api/v1/file-entries/${w.doc.hash}`)).json().fileEntry.name).toBe('renamed.txt'),
  },
  {
    name: 'move a file within the shared folder',
    status: editOnly(200),
    run: (w) => w.me.agent.post('/api/v1/file-entries/move', { entryIds: [w.deep.id], destinationId: w.shared.id }),
    after: async (w) =>
      expect((await w.owner.list({ section: 'folder', folderHash: w.shared.hash })).map((e) => e.name).sort()).toEqual([
        'Sub',
        'deep.txt',
        'doc.txt',
      ]),
  },
  {
    name: 'move a file out into their own drive',
    status: { view: 403, download: 403, edit: 403, stranger: 404 },
    run: (w) => w.me.agent.post('/api/v1/file-entries/move', { entryIds: [w.doc.id], destinationId: w.mine.id }),
  },
  {
    name: 'move their own file into the shared folder',
    status: { view: 403, download: 403, edit: 403, stranger: 404 },
    run: async (w) => {
      const own = await w.me.upload('own.txt', 'own');
      return w.me.agent.post('/api/v1/file-entries/move', { entryIds: [own.id], destinationId: w.shared.id });
    },
  },
  {
    name: 'move the top of the share',
    status: { view: 403, download: 403, edit: 403, stranger: 404 },
    run: (w) => w.me.agent.post('/api/v1/file-entries/move', { entryIds: [w.shared.id], destinationId: null }),
  },
  {
    name: 'copy a file into their own drive (their space)',
    status: downloadUp(201),
    run: (w) => w.me.agent.post('/api/v1/file-entries/copy', { entryIds: [w.doc.id], destinationId: w.mine.id }),
    after: async (w, res) => {
      expect(res.json().entries[0]).toMatchObject({ owner_id: w.me.user.id, parent_id: w.mine.id, name: 'doc.txt' });
      expect((await w.me.agent.get('/api/v1/user/space-usage')).json().used).toBe('document bytes'.length);
    },
  },
  {
    name: 'make a copy beside the original (goes to their root unless they may edit there)',
    status: downloadUp(201),
    run: (w) => w.me.agent.post('/api/v1/file-entries/copy', { entryIds: [w.doc.id] }),
    after: async (w, res) => {
      const copy = res.json().entries[0];
      if (copy.owner_id === w.owner.user.id)
        expect(copy).toMatchObject({ parent_id: w.shared.id, name: 'doc (1).txt' });
      else expect(copy).toMatchObject({ owner_id: w.me.user.id, parent_id: null, name: 'doc.txt' });
    },
  },
  {
    name: "trash a file inside the shared folder (to the owner's trash)",
    status: editOnly(200),
    run: (w) => w.me.agent.post('/api/v1/file-entries/delete', { entryIds: [w.doc.id] }),
    after: async (w) => {
      expect((await w.owner.list({ section: 'trash' })).map((e) => e.name)).toEqual(['doc.txt']);
      expect((await w.me.agent.get(`/api/v1/file-entries/${w.doc.hash}`)).statusCode).toBe(404);
    },
  },
  {
    name: 'trash the top of the share',
    status: { view: 403, download: 403, edit: 403, stranger: 404 },
    run: (w) => w.me.agent.post('/api/v1/file-entries/delete', { entryIds: [w.shared.id] }),
  },
  {
    name: 'delete a file for good',
    status: { view: 403, download: 403, edit: 403, stranger: 404 },
    run: (w) => w.me.agent.post('/api/v1/file-entries/delete', { entryIds: [w.doc.id], deleteForever: true }),
  },
  {
    name: 'restore what the owner trashed',
    status: { view: 404, download: 404, edit: 404, stranger: 404 },
    read: true,
    run: async (w) => {
      await w.owner.agent.post('/api/v1/file-entries/delete', { entryIds: [w.deep.id] });
      return w.me.agent.post('/api/v1/file-entries/restore', { entryIds: [w.deep.id] });
    },
  },
  {
    name: 'share it on with someone else',
    status: { view: 403, download: 403, edit: 403, stranger: 404 },
    run: (w) => w.me.shareRaw([w.doc.id], ['third@example.test'], 'view'),
  },
  {
    name: 'create a shareable link',
    status: { view: 403, download: 403, edit: 403, stranger: 404 },
    run: (w) => w.me.agent.post(`/api/v1/file-entries/${w.shared.id}/shareable-link`, {}),
  },
  {
    name: 'reach the folder beside the share (by hash, by id, by ZIP)',
    status: { view: 404, download: 404, edit: 404, stranger: 404 },
    read: true,
    run: async (w) => {
      const byId = await w.me.agent.post('/api/v1/file-entries/move', {
        entryIds: [w.secret.id],
        destinationId: w.shared.id,
      });
      const byZip = await w.me.agent.get(`/api/v1/file-entries/download?hashes=${w.shared.hash},${w.other.hash}`);
      const byHash = await w.me.agent.get(`/api/v1/file-entries/${w.secret.hash}/download?inline=1`);
      const breadcrumbs = await w.me.agent.get(`/api/v1/drive/folders/${w.other.hash}/path`);
      expect([byId.statusCode, byZip.statusCode, breadcrumbs.statusCode]).toEqual([404, 404, 404]);
      return byHash;
    },
  },
];

describe.each(LEVELS)('drive operations with %s access to a shared folder', (level) => {
  it.each(OPS.map((op) => [op.name, op] as const))('%s', async (_name, op) => {
    const w = await world(level);
    const before = await ownerTree(w);
    const res = await op.run(w);
    expect(res.statusCode, res.body).toBe(op.status[level]);
    if (res.statusCode < 300) await op.after?.(w, res);
    else if (!op.read) expect(await ownerTree(w)).toEqual(before);
  });
});

describe('space', () => {
  it('counts what a recipient uploads into a shared folder against the owner', async () => {
    const w = await world('edit');
    const usage = async (p: Person) => (await p.agent.get('/api/v1/user/space-usage')).json().used as number;
    const [ownerBefore, meBefore] = [await usage(w.owner), await usage(w.me)];
    expect((await w.me.uploadRaw('big.bin', Buffer.alloc(5000, 1), { parentId: w.shared.id })).statusCode).toBe(201);
    expect(await usage(w.owner)).toBe(ownerBefore + 5000);
    expect(await usage(w.me)).toBe(meBefore);
  });

  it('refuses uploads into a shared folder whose owner is out of space, whatever the recipient has left', async () => {
    const w = await world('edit');
    await t.modules.settings.service.set('drive.default_space_bytes', 100);
    expect((await w.me.uploadRaw('big.bin', Buffer.alloc(200, 1), { parentId: w.shared.id })).statusCode).toBe(413);
    expect((await w.me.uploadRaw('small.bin', Buffer.alloc(60, 1))).statusCode).toBe(201);
    expect((await w.me.uploadRaw('over.bin', Buffer.alloc(70, 1), { parentId: w.shared.id })).statusCode).toBe(413);
    expect((await w.me.uploadRaw('fits.bin', Buffer.alloc(60, 1), { parentId: w.shared.id })).statusCode).toBe(201);
    const ownerUsed = (await w.owner.agent.get('/api/v1/user/space-usage')).json().used as number;
    expect(ownerUsed).toBe('document bytes'.length + 'deep bytes'.length + 'secret bytes'.length + 60);
  });

  it('lets a recipient whose own drive is full still upload into a shared folder with room', async () => {
    const w = await world('edit');
    await t.modules.settings.service.set('drive.default_space_bytes', 200);
    expect((await w.me.uploadRaw('fill.bin', Buffer.alloc(200, 1))).statusCode).toBe(201);
    expect((await w.me.uploadRaw('more.bin', Buffer.alloc(10, 1))).statusCode).toBe(413);
    expect((await w.me.uploadRaw('shared.bin', Buffer.alloc(100, 1), { parentId: w.shared.id })).statusCode).toBe(201);
  });
});
