import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileEntry } from '@kosh/contracts';
import { confirmPassword, createAccountsApp, del, newAgent, put } from '../helpers/accounts.ts';
import { multipart } from '../helpers/drive.ts';
import type { Agent, TestApp } from '../helpers/test-app.ts';
import { Person } from '../shares/sharing.ts';
import { teamOf } from '../workspaces/workspaces.ts';

let t: TestApp;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, close } = await createAccountsApp());
});
afterAll(() => close());

const count = async (table: 'file_entries' | 'file_entry_shares' | 'shareable_links') =>
  (await t.modules.db.selectFrom(table).selectAll().execute()).length;

const linkUpload = (agent: Agent, hash: string, name: string, metadata: Record<string, unknown> = {}) => {
  const { payload, headers } = multipart([['metadata', JSON.stringify(metadata)]], { name, content: 'written' });
  return agent.request({ method: 'POST', url: `/api/v1/shareable-links/${hash}/upload`, payload, headers });
};

describe('read-only links used to write', () => {
  // Class: a link without edit permission used to write, and an edit link used outside its folder.
  it('refuses uploads through a link without edit, from visitors and signed-in users, writing nothing', async () => {
    const owner = await Person.create(t);
    const folder = await owner.folder('Shared');
    const { hash } = await owner.createLink(folder.id);
    const stranger = await Person.create(t);
    const before = await count('file_entries');
    for (const agent of [newAgent(t), stranger.agent, newAgent(t, { 'x-http-method-override': 'PUT' })]) {
      const res = await linkUpload(agent, hash, 'evil.txt');
      // 405 for the overridden method: the link has no PUT upload route.
      expect([403, 405]).toContain(res.statusCode);
    }
    expect(await count('file_entries')).toBe(before);
  });

  it('refuses downloads through a link without download permission', async () => {
    const owner = await Person.create(t);
    const file = await owner.upload('view-only.txt', 'look, do not take');
    const { hash } = await owner.createLink(file.id);
    await owner.updateLink(file.id, { allow_download: false });
    const visitor = newAgent(t);
    expect((await visitor.get(`/api/v1/shareable-links/${hash}/download`)).statusCode).toBe(403);
    expect((await visitor.get(`/api/v1/shareable-links/${hash}/entries/${file.hash}/download`)).statusCode).toBe(403);
  });

  it("keeps an edit link's uploads inside its folder, whatever parent the metadata names", async () => {
    const owner = await Person.create(t);
    const open = await owner.folder('Drop box');
    const closed = await owner.folder('Private');
    const { hash } = await owner.createLink(open.id);
    await owner.updateLink(open.id, { allow_edit: true });
    const visitor = newAgent(t);
    const res = await linkUpload(visitor, hash, 'outside.txt', { parentId: closed.id });
    expect([201, 403, 404, 422]).toContain(res.statusCode);
    const inClosed = await owner.list({ section: 'folder', folderHash: closed.hash });
    expect(inClosed.map((e) => e.name)).toEqual([]);
    const root = await owner.list({ section: 'home' });
    expect(root.map((e) => e.name).sort()).toEqual(['Drop box', 'Private']);
  });

  it('gives a link visitor no way into the drive routes of what the link shows', async () => {
    const owner = await Person.create(t);
    const folder = await owner.folder('Linked');
    const file = await owner.upload('in-link.txt', 'x', folder.id);
    await owner.createLink(folder.id);
    const visitor = newAgent(t);
    const stranger = await Person.create(t);
    for (const agent of [visitor, stranger.agent]) {
      expect((await put(agent, `/api/v1/file-entries/${file.id}`, { name: 'renamed' })).statusCode).not.toBe(200);
      expect((await agent.post('/api/v1/file-entries/delete', { entryIds: [file.id] })).statusCode).not.toBe(200);
    }
    const row = await t.modules.db.selectFrom('file_entries').selectAll().where('id', '=', file.id).executeTakeFirst();
    expect(row).toMatchObject({ name: 'in-link.txt', deleted_at: null });
  });
});

describe('re-share escalation', () => {
  // Class: a recipient sharing wider than they hold (people or links).
  it.each(['view', 'download', 'edit'] as const)(
    'refuses a %s recipient sharing on, by people or link',
    async (held) => {
      const owner = await Person.create(t);
      const folder = await owner.folder('Team folder');
      const recipient = await Person.create(t);
      const outsider = await Person.create(t);
      await owner.share([folder.id], [recipient.user.email], held);
      const shares = await count('file_entry_shares');
      const links = await count('shareable_links');
      for (const wanted of ['view', 'edit'] as const) {
        const res = await recipient.shareRaw([folder.id], [outsider.user.email], wanted);
        expect(res.statusCode).toBe(403);
      }
      expect((await recipient.agent.post(`/api/v1/file-entries/${folder.id}/shareable-link`, {})).statusCode).toBe(403);
      const [mine] = (await owner.agent.get(`/api/v1/file-entries/${folder.id}/shares`)).json().people;
      expect(
        (await put(recipient.agent, `/api/v1/file-entries/shares/${mine.id}`, { permission: 'edit' })).statusCode,
      ).toBe(403);
      expect(await count('file_entry_shares')).toBe(shares);
      expect(await count('shareable_links')).toBe(links);
      expect(await outsider.list({ section: 'shares' })).toEqual([]);
    },
  );
});

describe('revocation', () => {
  // Class: revoked access still working (link, share, member, deleted user): the next request must fail.
  it('ends a link on the next request once deleted or disabled', async () => {
    const owner = await Person.create(t);
    const file = await owner.upload('soon-gone.txt', 'bytes');
    const visitor = newAgent(t);
    const first = await owner.createLink(file.id);
    expect((await visitor.get(`/api/v1/shareable-links/${first.hash}/download`)).statusCode).toBe(200);
    await owner.updateLink(file.id, { enabled: false });
    expect((await visitor.get(`/api/v1/shareable-links/${first.hash}/download`)).statusCode).toBe(404);
    expect((await visitor.get(`/api/v1/shareable-links/${first.hash}`)).statusCode).toBe(404);
    await owner.updateLink(file.id, { enabled: true });
    expect((await visitor.get(`/api/v1/shareable-links/${first.hash}/download`)).statusCode).toBe(200);
    expect((await del(owner.agent, `/api/v1/file-entries/${file.id}/shareable-link`)).statusCode).toBeLessThan(300);
    expect((await visitor.get(`/api/v1/shareable-links/${first.hash}/download`)).statusCode).toBe(404);
    expect((await visitor.get(`/api/v1/shareable-links/${first.hash}`)).statusCode).toBe(404);
  });

  it('ends a share on the next request once removed', async () => {
    const owner = await Person.create(t);
    const folder = await owner.folder('Was shared');
    const file = await owner.upload('inside.txt', 'bytes', folder.id);
    const recipient = await Person.create(t);
    const { people } = await owner.share([folder.id], [recipient.user.email], 'edit');
    expect((await recipient.agent.get(`/api/v1/file-entries/${file.hash}/download`)).statusCode).toBe(200);
    const share = people.find((p) => p.email === recipient.user.email);
    expect((await del(owner.agent, `/api/v1/file-entries/shares/${share?.id}`)).statusCode).toBe(204);
    expect((await recipient.agent.get(`/api/v1/file-entries/${file.hash}/download`)).statusCode).toBe(404);
    expect((await recipient.agent.get(`/api/v1/file-entries/${file.hash}`)).statusCode).toBe(404);
    expect((await recipient.uploadRaw('late.txt', 'x', { parentId: folder.id })).statusCode).toBe(404);
    expect(await recipient.list({ section: 'shares' })).toEqual([]);
  });

  it('ends a member on the next request once removed', async () => {
    const { owner, ws, members } = await teamOf(t, ['editor']);
    const [member] = members;
    const entry: FileEntry = await owner.upload(ws.id, 'plan.txt', 'team');
    expect((await member.listRaw(ws.id)).statusCode).toBe(200);
    expect((await owner.removeMember(ws.id, member.user.id)).statusCode).toBeLessThan(300);
    expect((await member.listRaw(ws.id)).statusCode).toBe(404);
    expect((await member.agent.get(`/api/v1/file-entries/${entry.hash}?workspaceId=${ws.id}`)).statusCode).toBe(404);
    expect((await member.uploadRaw(ws.id, 'late.txt', 'x')).statusCode).toBe(404);
  });

  it('ends the sessions and API tokens of a deleted user on the next request', async () => {
    const user = await Person.create(t);
    const token = (await user.agent.post('/api/v1/access-tokens', { tokenName: 'cli' })).json().plainTextToken;
    const other = newAgent(t);
    await other.post('/auth/login', { email: user.user.email, password: 'correct horse battery' });
    const bearer = { authorization: `Bearer ${token}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer })).statusCode).toBe(200);
    await confirmPassword(user.agent, 'correct horse battery');
    expect((await del(user.agent, `/api/v1/users/${user.user.id}`, { deleteCurrentUser: true })).statusCode).toBe(200);
    expect((await other.get('/api/v1/me')).statusCode).toBe(401);
    expect((await user.agent.get('/api/v1/me')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer })).statusCode).toBe(401);
  });
});

describe('prefix confusion', () => {
  // Class: prefix confusion (bob/bobby addresses; /1/2 versus /1/23 in ancestry checks).
  it('gives a share to bob@ and nobody whose address merely starts or ends the same', async () => {
    const owner = await Person.create(t);
    const stamp = Date.now();
    const bob = await Person.create(t, { email: `bob-${stamp}@example.test` });
    const lookalikes = [
      await Person.create(t, { email: `bob-${stamp}y@example.test` }),
      await Person.create(t, { email: `bob-${stamp}@example.test.evil` }),
      await Person.create(t, { email: `xbob-${stamp}@example.test` }),
    ];
    const file = await owner.upload('for-bob.txt', 'bob only');
    await owner.share([file.id], [bob.user.email], 'view');
    expect((await bob.list({ section: 'shares' })).map((e) => e.name)).toEqual(['for-bob.txt']);
    for (const other of lookalikes) {
      expect(await other.list({ section: 'shares' })).toEqual([]);
      expect((await other.agent.get(`/api/v1/file-entries/${file.hash}`)).statusCode).toBe(404);
    }
  });

  it('does not take folder 2 for an ancestor of folder 23 (shares and links)', async () => {
    const owner = await Person.create(t);
    const recipient = await Person.create(t);
    const shared = await owner.folder('Shared');
    // Folders until one's id starts with the shared folder's id (e.g. 7 and 71): paths /7/ and /71/
    // share a prefix.
    let twin = await owner.folder('twin-0');
    for (let i = 1; !String(twin.id).startsWith(String(shared.id)) || twin.id === shared.id; i++)
      twin = await owner.folder(`twin-${i}`);
    const hidden = await owner.upload('hidden.txt', 'not shared', twin.id);
    await owner.share([shared.id], [recipient.user.email], 'edit');
    const { hash } = await owner.createLink(shared.id);
    expect((await recipient.agent.get(`/api/v1/file-entries/${hidden.hash}`)).statusCode).toBe(404);
    expect((await recipient.agent.get(`/api/v1/file-entries/${hidden.hash}/download`)).statusCode).toBe(404);
    expect((await recipient.uploadRaw('in-twin.txt', 'x', { parentId: twin.id })).statusCode).toBe(404);
    const visitor = newAgent(t);
    expect((await visitor.get(`/api/v1/shareable-links/${hash}/entries/${hidden.hash}/download`)).statusCode).toBe(404);
    expect(
      (await visitor.get(`/api/v1/shareable-links/${hash}/download?hashes=${hidden.hash}`)).statusCode,
    ).toBeGreaterThanOrEqual(400);
  });
});
