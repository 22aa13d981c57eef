import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileEntry } from '@kosh/contracts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { Person } from '../shares/sharing.ts';
import { teamOf } from '../workspaces/workspaces.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Name to original_location of each search result ('absent' when the field is left out). */
const locations = (entries: FileEntry[]) =>
  Object.fromEntries(
    entries.map((e) => [e.name, 'original_location' in e ? (e.original_location?.name ?? null) : 'absent']),
  );

describe('DriveListingService', () => {
  describe('search', () => {
    it('gives each result the folder it is in, null at the root, and nothing above a share', async () => {
      const me = await Person.create(t);
      const owner = await Person.create(t);
      await me.upload('plan-root.txt', 'r');
      const taxes = await me.folder('Taxes');
      const old = await me.folder('Old', taxes.id);
      await me.upload('plan-2025.txt', 'a', taxes.id);
      await me.upload('plan-old.txt', 'o', old.id);
      const shared = await owner.folder('Shared');
      await owner.upload('plan-shared.txt', 's', shared.id);
      const hidden = await owner.folder('Private');
      const top = await owner.upload('plan-top.txt', 't', hidden.id);
      await owner.share([shared.id, top.id], [me.user.email], 'view');

      const res = await me.listRaw({ section: 'search', query: 'plan' });
      expect(res.statusCode).toBe(200);
      const data: FileEntry[] = res.json().data;
      expect(locations(data)).toEqual({
        'plan-root.txt': null,
        'plan-2025.txt': 'Taxes',
        'plan-old.txt': 'Old',
        'plan-shared.txt': 'Shared',
        'plan-top.txt': 'absent',
      });
      expect(data.find((e) => e.name === 'plan-2025.txt')?.original_location?.hash).toBe(taxes.hash);
      expect(res.body).not.toContain('Private');
    });

    it("puts entries at a workspace's root at the root (null) for its members", async () => {
      const { owner, ws, members } = await teamOf(t, ['viewer']);
      await owner.person.uploadRaw('plan-team.txt', 'p', { workspaceId: ws.id });
      const folder = await owner.agent.post('/api/v1/folders', { name: 'Budgets', workspaceId: ws.id });
      await owner.person.uploadRaw('plan-budget.txt', 'b', {
        workspaceId: ws.id,
        parentId: folder.json().fileEntry.id,
      });
      const data = await members[0].person.list({ section: 'search', query: 'plan', workspaceId: ws.id });
      expect(locations(data)).toEqual({ 'plan-team.txt': null, 'plan-budget.txt': 'Budgets' });
    });

    it('leaves the location out of folder listings', async () => {
      const me = await Person.create(t);
      const dir = await me.folder('Dir');
      await me.upload('plan.txt', 'p', dir.id);
      expect(locations(await me.list({ section: 'folder', folderHash: dir.hash }))).toEqual({ 'plan.txt': 'absent' });
    });
  });
});
