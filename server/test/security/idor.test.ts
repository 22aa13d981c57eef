import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileEntry, Workspace } from '@kosh/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { del, put } from '../helpers/accounts.ts';
import { PushClient } from '../helpers/push-receiver.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { Person } from '../shares/sharing.ts';
import { inviteNotifications, Member } from '../workspaces/workspaces.ts';

/** Tables an id-taking call could touch; a refused call must leave every row of them as it was. */
const WATCHED = [
  'users',
  'file_entries',
  'stars',
  'file_entry_shares',
  'shareable_links',
  'workspaces',
  'workspace_members',
  'workspace_invites',
  'personal_access_tokens',
  'space_reservations',
  'pending_uploads',
  'notifications',
  'push_subscriptions',
] as const;

async function snapshot(t: TestApp): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of WATCHED) {
    const rows = await t.modules.db.selectFrom(table).selectAll().execute();
    out[table] = rows.map((r) => JSON.stringify(r)).sort();
  }
  return out;
}

/** A call naming someone else's id; `control` names an id that exists nowhere (for calls answering 200 as a no-op). */
type Attack = [
  name: string,
  call: () => Promise<LightMyRequestResponse>,
  control?: () => Promise<LightMyRequestResponse>,
];

describe('IDOR', () => {
  // Class: insecure direct object references (another user's and another workspace's ids).
  let t: TestApp;
  let alice: Person;
  let bob: Person;
  let folder: FileEntry;
  let file: FileEntry;
  let bobFile: FileEntry;
  let bobFolderInOwnWorkspace: FileEntry;
  let workspaceFile: FileEntry;
  let workspace: Workspace;
  let bobWorkspace: Workspace;
  let shareId: number;
  let inviteId: string;
  let tokenId: number;
  let carolNotification: string;
  let tusUpload: string;
  const pushEndpoint = 'https://push.example.test/alice-device';

  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' });
    alice = await Person.create(t);
    bob = await Person.create(t);
    const carol = await Person.create(t);
    folder = await alice.folder('Private');
    file = await alice.upload('secret.txt', 'alice only', folder.id);
    const shared = await alice.share([file.id], [carol.user.email], 'view');
    shareId = shared.people.find((p) => p.email === carol.user.email)?.id ?? 0;
    expect(shareId).toBeGreaterThan(0);
    await alice.createLink(file.id);
    const owner = new Member(alice);
    workspace = await owner.createWorkspace('Alice team');
    workspaceFile = await owner.upload(workspace.id, 'plan.txt', 'team only');
    await owner.invite(workspace.id, [carol.user.email], 'viewer');
    const [invite] = await inviteNotifications(t, carol.user.id);
    inviteId = invite.data.inviteId;
    carolNotification = invite.id;
    const push = { endpoint: pushEndpoint, keys: new PushClient().keys };
    expect((await alice.agent.post('/api/v1/notifications/push-subscriptions', push)).statusCode).toBeLessThan(300);
    const created = await alice.agent.request({
      method: 'POST',
      url: '/api/v1/tus/upload',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': '5',
        'upload-metadata': `name ${Buffer.from('half.txt').toString('base64')}`,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    tusUpload = new URL(String(created.headers.location), 'http://x').pathname;
    const token = await alice.agent.post('/api/v1/access-tokens', { tokenName: 'cli' });
    tokenId = token.json().token.id;
    bobFile = await bob.upload('mine.txt', 'bob');
    const bobOwner = new Member(bob);
    bobWorkspace = await bobOwner.createWorkspace('Bob team');
    const made = await bobOwner.folderRaw(bobWorkspace.id, 'Bob folder');
    bobFolderInOwnWorkspace = made.json().fileEntry;
  });
  afterAll(() => t.close());

  const entryAttacks = (): Attack[] => {
    const a = bob.agent;
    return [
      ['GET file-entries/{hash}', () => a.get(`/api/v1/file-entries/${file.hash}`)],
      ['GET drive/folders/{hash}/path', () => a.get(`/api/v1/drive/folders/${folder.hash}/path`)],
      ['list a folder', () => a.get(`/api/v1/drive/file-entries?section=folder&folderHash=${folder.hash}`)],
      ['rename', () => put(a, `/api/v1/file-entries/${file.id}`, { name: 'taken' })],
      [
        'move theirs to my root',
        () => a.post('/api/v1/file-entries/move', { entryIds: [file.id], destinationId: null }),
      ],
      [
        'move mine into theirs',
        () => a.post('/api/v1/file-entries/move', { entryIds: [bobFile.id], destinationId: folder.id }),
      ],
      ['copy theirs', () => a.post('/api/v1/file-entries/copy', { entryIds: [file.id] })],
      [
        'copy mine into theirs',
        () => a.post('/api/v1/file-entries/copy', { entryIds: [bobFile.id], destinationId: folder.id }),
      ],
      ['star', () => a.post('/api/v1/file-entries/star', { entryIds: [file.id] })],
      ['unstar', () => a.post('/api/v1/file-entries/unstar', { entryIds: [file.id] })],
      ['trash', () => a.post('/api/v1/file-entries/delete', { entryIds: [file.id] })],
      ['delete forever', () => a.post('/api/v1/file-entries/delete', { entryIds: [file.id], deleteForever: true })],
      ['restore', () => a.post('/api/v1/file-entries/restore', { entryIds: [file.id] })],
      ['folder inside theirs', () => a.post('/api/v1/folders', { name: 'x', parentId: folder.id })],
      ['upload inside theirs', () => bob.uploadRaw('x.txt', 'x', { parentId: folder.id })],
      ['download', () => a.get(`/api/v1/file-entries/${file.hash}/download`)],
      ['ZIP download', () => a.get(`/api/v1/file-entries/download?hashes=${folder.hash}`)],
      ['thumbnail', () => a.get(`/api/v1/file-entries/${file.hash}/thumbnail`)],
      ['list shares', () => a.get(`/api/v1/file-entries/${file.id}/shares`)],
      [
        'share theirs with me',
        () =>
          a.post('/api/v1/file-entries/shares', { entryIds: [file.id], emails: [bob.user.email], permission: 'edit' }),
      ],
      ['change a share', () => put(a, `/api/v1/file-entries/shares/${shareId}`, { permission: 'edit' })],
      ['remove a share', () => del(a, `/api/v1/file-entries/shares/${shareId}`)],
      ['GET shareable-link', () => a.get(`/api/v1/file-entries/${file.id}/shareable-link`)],
      ['POST shareable-link', () => a.post(`/api/v1/file-entries/${file.id}/shareable-link`, {})],
      ['PUT shareable-link', () => put(a, `/api/v1/file-entries/${file.id}/shareable-link`, { allowEdit: true })],
      ['DELETE shareable-link', () => del(a, `/api/v1/file-entries/${file.id}/shareable-link`)],
      ['revoke an access token', () => del(a, `/api/v1/access-tokens/${tokenId}`)],
    ];
  };

  const workspaceAttacks = (): Attack[] => {
    const a = bob.agent;
    const ws = `/api/v1/workspace/${workspace.id}`;
    return [
      ['GET workspace', () => a.get(ws)],
      ['rename workspace', () => put(a, ws, { name: 'taken' })],
      ['delete workspace', () => del(a, ws)],
      ['invite myself', () => a.post(`${ws}/invite`, { emails: [bob.user.email], role: 'admin' })],
      ['cancel an invite', () => del(a, `${ws}/invite/${inviteId}`)],
      ['change a role', () => put(a, `${ws}/member/${alice.user.id}`, { role: 'viewer' })],
      ['remove a member', () => del(a, `${ws}/member/${alice.user.id}`)],
      ['leave', () => a.post(`${ws}/leave`)],
      ["join with someone else's invite", () => a.get(`/api/v1/workspace/join/${inviteId}`)],
      ["decline someone else's invite", () => del(a, `/api/v1/workspace/invite/${inviteId}`)],
      ['list its drive', () => a.get(`/api/v1/drive/file-entries?workspaceId=${workspace.id}`)],
      ['create a folder in it', () => a.post('/api/v1/folders', { name: 'x', workspaceId: workspace.id })],
      ['upload into it', () => bob.uploadRaw('x.txt', 'x', {}, `/api/v1/file-entries?workspaceId=${workspace.id}`)],
      ['GET its entry', () => a.get(`/api/v1/file-entries/${workspaceFile.hash}?workspaceId=${workspace.id}`)],
      [
        'rename its entry from my workspace',
        () => put(a, `/api/v1/file-entries/${workspaceFile.id}`, { name: 'taken', workspaceId: bobWorkspace.id }),
      ],
      [
        'move its entry into my workspace',
        () =>
          a.post('/api/v1/file-entries/move', {
            entryIds: [workspaceFile.id],
            destinationId: bobFolderInOwnWorkspace.id,
            workspaceId: bobWorkspace.id,
          }),
      ],
      [
        'trash its entry from my workspace',
        () => a.post('/api/v1/file-entries/delete', { entryIds: [workspaceFile.id], workspaceId: bobWorkspace.id }),
      ],
      [
        'download its entry from my workspace',
        () => a.get(`/api/v1/file-entries/${workspaceFile.hash}/download?workspaceId=${bobWorkspace.id}`),
      ],
    ];
  };

  const otherAttacks = (): Attack[] => {
    const a = bob.agent;
    const tus = { 'tus-resumable': '1.0.0' };
    return [
      [
        "mark another's notification read",
        () => a.post('/api/v1/notifications/mark-as-read', { ids: [carolNotification] }),
        () => a.post('/api/v1/notifications/mark-as-read', { ids: ['no-such-notification'] }),
      ],
      [
        "remove another's push subscription",
        () => del(a, '/api/v1/notifications/push-subscriptions', { endpoint: pushEndpoint }),
        () => del(a, '/api/v1/notifications/push-subscriptions', { endpoint: 'https://push.example.test/none' }),
      ],
      [
        "write into another's upload",
        () =>
          a.request({
            method: 'PATCH',
            url: tusUpload,
            payload: Buffer.from('hello'),
            headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
          }),
      ],
      ["cancel another's upload", () => a.request({ method: 'DELETE', url: tusUpload, headers: tus })],
      ["finish another's upload", () => a.post('/api/v1/tus/entries', { uploadKey: tusUpload })],
    ];
  };

  // Bulk calls answer per item (spec): there a refusal is a 200 whose every item failed.
  it.each(['entries', 'workspaces', 'uploads and notifications'])(
    "refuses every %s call naming ids not the caller's, changing nothing",
    async (group) => {
      const groups: Record<string, () => Attack[]> = { entries: entryAttacks, workspaces: workspaceAttacks };
      const attacks = (groups[group] ?? otherAttacks)();
      const wrong: string[] = [];
      for (const [name, call, control] of attacks) {
        const before = await snapshot(t);
        const res = await call();
        const after = await snapshot(t);
        const refused =
          res.statusCode === 404 ||
          (res.statusCode === 200 && res.json().results?.every((r: { ok: boolean }) => !r.ok));
        // A no-op answer must not tell whether the id exists: the same as for an id that exists nowhere.
        const same = control !== undefined && res.statusCode === 200 && (await control()).body === res.body;
        if (!refused && !same) wrong.push(`${name} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
        for (const table of WATCHED) expect(after[table], `${name}: ${table} changed`).toEqual(before[table]);
      }
      expect(wrong).toEqual([]);
    },
  );

  it("answers the same for another user's account id as for an id that does not exist, changing nothing", async () => {
    const a = bob.agent;
    const missing = 999_999;
    const calls = (id: number): Attack[] => [
      ['GET users/{id}', () => a.get(`/api/v1/users/${id}`)],
      ['PUT users/{id}', () => put(a, `/api/v1/users/${id}`, { first_name: 'Taken' })],
      ['DELETE users/{id}', () => del(a, `/api/v1/users/${id}`)],
      ['POST users/{id}/avatar', () => a.post(`/api/v1/users/${id}/avatar`, { url: 'http://127.0.0.1:9/a.png' })],
      ['DELETE users/{id}/avatar', () => del(a, `/api/v1/users/${id}/avatar`)],
    ];
    const theirs = calls(alice.user.id);
    const nobody = calls(missing);
    for (const [i, [name, call]] of theirs.entries()) {
      const before = await snapshot(t);
      const res = await call();
      expect(await snapshot(t), name).toEqual(before);
      const control = await nobody[i][1]();
      // Accounts answer 403 (users.update holders may act on anyone); the same answer for a missing id
      // hides which exist.
      expect([res.statusCode, res.json().code], name).toEqual([control.statusCode, control.json().code]);
      expect([403, 404], name).toContain(res.statusCode);
    }
  });
});
