import { describe, expect, it } from 'vitest';
import { Actor } from '../auth/actor.ts';
import { DrivePolicy } from './drive.policy.ts';
import type { EntryRow, FileEntriesRepository } from './file-entries.repository.ts';

const row = (over: Partial<EntryRow>): EntryRow =>
  ({
    id: 1,
    hash: 'h',
    name: 'a',
    owner_id: 7,
    workspace_id: null,
    is_folder: 0,
    deleted_at: null,
    path: '/1/',
    parent_id: null,
    ...over,
  }) as EntryRow;

function sut(rows: EntryRow[]) {
  const repo = {
    getById: async (id: number) => rows.find((r) => r.id === id),
    getByHash: async (hash: string) => rows.find((r) => r.hash === hash),
    getManyByIds: async (ids: number[]) => rows.filter((r) => ids.includes(r.id)),
  } as unknown as FileEntriesRepository;
  return new DrivePolicy(repo);
}
const owner = new Actor({ id: 7, email: 'o@x.test' }, [], []);
const stranger = new Actor({ id: 8, email: 's@x.test' }, [], []);
const admin = new Actor({ id: 9, email: 'a@x.test' }, [], [{ id: 1, name: 'admin', restrictions: [] }]);

describe('DrivePolicy', () => {
  it("answers 404 alike for a missing entry and another user's, admins included", async () => {
    const policy = sut([row({})]);
    await expect(policy.getById(owner, 1)).resolves.toMatchObject({ id: 1 });
    for (const [actor, id] of [
      [stranger, 1],
      [owner, 2],
      [admin, 1],
    ] as const)
      await expect(policy.getById(actor, id)).rejects.toMatchObject({ status: 404 });
  });

  it('hides trashed entries unless asked for them', async () => {
    const policy = sut([row({ deleted_at: '2026-01-01T00:00:00.000Z' })]);
    await expect(policy.getByHash(owner, 'h')).rejects.toMatchObject({ status: 404 });
    await expect(policy.getByHash(owner, 'h', { allowTrashed: true })).resolves.toMatchObject({ id: 1 });
  });

  it("fails a batch with 404 when any one entry is not the caller's", async () => {
    const policy = sut([row({}), row({ id: 2, owner_id: 8 })]);
    await expect(policy.getManyByIds(owner, [1, 2])).rejects.toMatchObject({ status: 404 });
    await expect(policy.getManyByIds(owner, [1, 1])).resolves.toHaveLength(1);
  });

  it('takes a file for no folder, and no workspace without a membership', async () => {
    const policy = sut([row({})]);
    await expect(policy.getFolder(owner, 1)).rejects.toMatchObject({ status: 404 });
    await expect(policy.getFolder(owner, null)).resolves.toBeNull();
    await expect(policy.scopeFor(owner, 0)).resolves.toEqual({ ownerId: 7, workspaceId: null });
    await expect(policy.scopeFor(owner, 3)).rejects.toThrow(/workspace does not exist/);
  });
});

describe('DrivePolicy with people shares', () => {
  // /1/ Shared (owner 7) > /1/2/ Sub > /1/2/3/ file; /4/ Other beside it.
  const rows = [
    row({ id: 1, hash: 'h1', path: '/1/', is_folder: 1 }),
    row({ id: 2, hash: 'h2', path: '/1/2/', parent_id: 1, is_folder: 1 }),
    row({ id: 3, hash: 'h3', path: '/1/2/3/', parent_id: 2 }),
    row({ id: 4, hash: 'h4', path: '/4/', is_folder: 1 }),
  ];
  function shared(grants: Array<{ file_entry_id: number; permission: 'view' | 'download' | 'edit' }>, all = rows) {
    const repo = {
      getById: async (id: number) => all.find((r) => r.id === id),
      getByHash: async (hash: string) => all.find((r) => r.hash === hash),
      getManyByIds: async (ids: number[]) => all.filter((r) => ids.includes(r.id)),
    } as unknown as FileEntriesRepository;
    return new DrivePolicy(repo, {
      grants: {
        grantsOn: async (userId, ids) => (userId === 8 ? grants.filter((g) => ids.includes(g.file_entry_id)) : []),
      },
    });
  }

  it("reaches a shared folder's subtree at the highest permission granted, rooted at the top-most share", async () => {
    const policy = shared([
      { file_entry_id: 1, permission: 'view' },
      { file_entry_id: 2, permission: 'edit' },
    ]);
    const access = await policy.accessToMany(stranger, rows);
    expect(access.get(1)).toMatchObject({ level: 'view', root: { id: 1 } });
    expect(access.get(3)).toMatchObject({ level: 'edit', root: { id: 1 } });
    expect(access.has(4)).toBe(false);
    expect((await policy.accessToMany(owner, rows)).get(4)).toEqual({ level: 'owner', root: null });
  });

  it('answers 403 when seen but not allowed, 404 when not seen, and hides what is in trash', async () => {
    const policy = shared(
      [{ file_entry_id: 1, permission: 'download' }],
      [
        ...rows.slice(0, 3),
        row({ id: 4, hash: 'h4', path: '/1/4/', parent_id: 1, deleted_at: '2026-01-01T00:00:00.000Z' }),
      ],
    );
    await expect(policy.getById(stranger, 3, { need: 'download' })).resolves.toMatchObject({ id: 3 });
    await expect(policy.getById(stranger, 3, { need: 'edit' })).rejects.toMatchObject({ status: 403 });
    await expect(policy.getById(stranger, 4, { allowTrashed: true })).rejects.toMatchObject({ status: 404 });
    await expect(policy.getManyByIds(stranger, [3, 4])).rejects.toMatchObject({ status: 404 });
    await expect(policy.getById(admin, 3)).rejects.toMatchObject({ status: 404 });
  });

  it("gives a folder to write in only with edit, in the owner's drive; getFolder stays the owner's", async () => {
    const viewer = shared([{ file_entry_id: 1, permission: 'view' }]);
    await expect(viewer.getWritableFolder(stranger, 0, 2)).rejects.toMatchObject({ status: 403 });
    const editor = shared([{ file_entry_id: 1, permission: 'edit' }]);
    await expect(editor.getWritableFolder(stranger, 0, 2)).resolves.toMatchObject({
      folder: { id: 2 },
      scope: { ownerId: 7, workspaceId: null },
    });
    await expect(editor.getWritableFolder(stranger, 0, null)).resolves.toEqual({
      folder: null,
      scope: { ownerId: 8, workspaceId: null },
    });
    await expect(editor.getFolder(stranger, 2)).rejects.toMatchObject({ status: 403 });
    await expect(editor.getWritableFolder(stranger, 0, 4)).rejects.toMatchObject({ status: 404 });
  });

  it('keeps the top of a share where its owner put it: moving or trashing needs edit on its folder', async () => {
    const policy = shared([{ file_entry_id: 1, permission: 'edit' }]);
    await expect(policy.assertCanDetach(stranger, rows[0])).rejects.toMatchObject({ status: 403 });
    await expect(policy.assertCanDetach(stranger, rows[2])).resolves.toBeUndefined();
    await expect(policy.assertCanDetach(owner, rows[0])).resolves.toBeUndefined();
  });
});

describe('DrivePolicy in workspaces', () => {
  // Workspace 5 of owner 7: stranger 8 is a viewer there, user 10 an editor; user 11 is not a member.
  const roles: Record<number, 'viewer' | 'editor'> = { 8: 'viewer', 10: 'editor' };
  const workspaces = {
    roleOf: async (userId: number, workspaceId: number) =>
      workspaceId === 5 && roles[userId] ? { role: roles[userId], owner_id: 7 } : undefined,
    rolesIn: async (userId: number, ids: number[]) =>
      new Map(ids.includes(5) && roles[userId] ? [[5, roles[userId]]] : []),
  };
  const rows = [
    row({ id: 1, workspace_id: 5, is_folder: 1, path: '/1/' }),
    row({ id: 2, workspace_id: 5, parent_id: 1, path: '/1/2/' }),
  ];
  const policy = () => {
    const repo = {
      getById: async (id: number) => rows.find((r) => r.id === id),
      getManyByIds: async (ids: number[]) => rows.filter((r) => ids.includes(r.id)),
    } as unknown as FileEntriesRepository;
    return new DrivePolicy(repo, { workspaces });
  };
  const editor = new Actor({ id: 10, email: 'e@x.test' }, [], []);
  const outsider = new Actor({ id: 11, email: 'x@x.test' }, [], []);

  it('scopes a member to the workspace and its owner; a viewer may not write; a non-member gets 404', async () => {
    await expect(policy().scopeFor(stranger, 5)).resolves.toEqual({ ownerId: 7, workspaceId: 5 });
    await expect(policy().scopeFor(stranger, 5, 'edit')).rejects.toMatchObject({
      status: 403,
      message: 'Your role in this workspace does not allow this.',
    });
    await expect(policy().scopeFor(editor, 5, 'edit')).resolves.toEqual({ ownerId: 7, workspaceId: 5 });
    await expect(policy().scopeFor(outsider, 5)).rejects.toMatchObject({ status: 404 });
    await expect(policy().scopeFor(admin, 5)).rejects.toMatchObject({ status: 404 });
  });

  it('gives viewers download, editors everything; non-members see nothing', async () => {
    await expect(policy().getById(stranger, 2, { need: 'download' })).resolves.toMatchObject({ id: 2 });
    await expect(policy().getById(stranger, 2, { need: 'edit' })).rejects.toMatchObject({
      status: 403,
      message: 'Your role in this workspace does not allow this.',
    });
    await expect(policy().getById(editor, 2, { need: 'owner' })).resolves.toMatchObject({ id: 2 });
    await expect(policy().assertCanDetach(editor, rows[0])).resolves.toBeUndefined();
    await expect(policy().getWritableFolder(stranger, 5, 1)).rejects.toMatchObject({ status: 403 });
    await expect(policy().getWritableFolder(editor, 5, 1)).resolves.toMatchObject({
      folder: { id: 1 },
      scope: { ownerId: 7, workspaceId: 5 },
    });
    await expect(policy().getById(outsider, 2)).rejects.toMatchObject({ status: 404 });
  });
});
