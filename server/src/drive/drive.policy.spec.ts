import { describe, expect, it } from 'vitest';
import { Actor } from '../auth/actor.ts';
import { DrivePolicy } from './drive.policy.ts';
import type { EntryRow, FileEntriesRepository } from './file-entries.repository.ts';

const row = (over: Partial<EntryRow>): EntryRow =>
  ({ id: 1, hash: 'h', name: 'a', owner_id: 7, workspace_id: null, is_folder: 0, deleted_at: null, path: '/1/', parent_id: null, ...over }) as EntryRow;

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
    for (const [actor, id] of [[stranger, 1], [owner, 2], [admin, 1]] as const) await expect(policy.getById(actor, id)).rejects.toMatchObject({ status: 404 });
  });

  it('hides trashed entries unless asked for them', async () => {
    const policy = sut([row({ deleted_at: '2026-01-01T00:00:00.000Z' })]);
    await expect(policy.getByHash(owner, 'h')).rejects.toMatchObject({ status: 404 });
    await expect(policy.getByHash(owner, 'h', { allowTrashed: true })).resolves.toMatchObject({ id: 1 });
  });

  it('fails a batch with 404 when any one entry is not the caller\'s', async () => {
    const policy = sut([row({}), row({ id: 2, owner_id: 8 })]);
    await expect(policy.getManyByIds(owner, [1, 2])).rejects.toMatchObject({ status: 404 });
    await expect(policy.getManyByIds(owner, [1, 1])).resolves.toHaveLength(1);
  });

  it('takes a file for no folder, and no workspace but the personal drive yet', async () => {
    const policy = sut([row({})]);
    await expect(policy.getFolder(owner, 1)).rejects.toMatchObject({ status: 404 });
    await expect(policy.getFolder(owner, null)).resolves.toBeNull();
    expect(policy.scopeFor(owner, 0)).toEqual({ ownerId: 7, workspaceId: null });
    expect(() => policy.scopeFor(owner, 3)).toThrow(/workspace does not exist/);
  });
});
