import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileEntry } from '@kosh/contracts';
import { createAccountsApp, put } from '../helpers/accounts.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { browserHeaders, finishTus, listen, tusUpload } from '../helpers/uploads.ts';
import { Member, teamOf } from './workspaces.ts';

let t: TestApp;
let close: () => Promise<void>;
let base: string;
beforeAll(async () => {
  ({ t, close } = await createAccountsApp());
  base = await listen(t);
});
afterAll(() => close());

const ROLE_REFUSED = 'Your role in this workspace does not allow this.';
const rowOf = (id: number) => t.modules.drive.repos.entries.getById(id);

describe('the drive inside a workspace', () => {
  it("editors upload, create, rename, move, copy, trash, restore; the entries fill the owner's space", async () => {
    const { owner, ws, members } = await teamOf(t, ['editor']);
    const [editor] = members;
    const file = await editor.upload(ws.id, 'plan.txt', 'the plan');
    expect(file).toMatchObject({ name: 'plan.txt', workspace_id: ws.id, owner_id: owner.user.id });
    expect(file.permission).toBeUndefined();
    const folder: FileEntry = (await editor.folderRaw(ws.id, 'Docs')).json().fileEntry;
    expect(folder).toMatchObject({ workspace_id: ws.id, owner_id: owner.user.id });
    expect(
      (await put(editor.agent, `/api/v1/file-entries/${file.id}`, { name: 'plan-v2.txt', workspaceId: ws.id }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await editor.agent.post('/api/v1/file-entries/move', {
          entryIds: [file.id],
          destinationId: folder.id,
          workspaceId: ws.id,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await editor.agent.post('/api/v1/file-entries/copy', { entryIds: [file.id], workspaceId: ws.id })).statusCode,
    ).toBe(201);
    expect((await owner.names(ws.id, { section: 'folder', folderHash: folder.hash })).sort()).toEqual([
      'plan-v2 (1).txt',
      'plan-v2.txt',
    ]);
    expect(
      (await editor.agent.post('/api/v1/file-entries/delete', { entryIds: [folder.id], workspaceId: ws.id }))
        .statusCode,
    ).toBe(200);
    expect(await owner.names(ws.id, { section: 'trash' })).toEqual(['Docs']);
    expect(
      (await editor.agent.post('/api/v1/file-entries/restore', { entryIds: [folder.id], workspaceId: ws.id }))
        .statusCode,
    ).toBe(200);
    expect(await editor.names(ws.id)).toEqual(['Docs']);
    // Not in anyone's personal drive; the owner's space counts it, the editor's does not.
    expect(await owner.names(0)).toEqual([]);
    expect(await editor.names(0)).toEqual([]);
    expect((await owner.agent.get('/api/v1/user/space-usage')).json().used).toBe(16);
    expect((await editor.agent.get('/api/v1/user/space-usage')).json().used).toBe(0);
    expect((await editor.agent.get(`/api/v1/user/space-usage?workspaceId=${ws.id}`)).json().used).toBe(16);
    // The sections work within the workspace.
    expect(await editor.names(ws.id, { section: 'recent' })).toHaveLength(2);
    expect(await editor.names(ws.id, { section: 'search', query: 'plan' })).toHaveLength(2);
    expect(
      (await editor.agent.post('/api/v1/file-entries/star', { entryIds: [folder.id], workspaceId: ws.id })).statusCode,
    ).toBe(200);
    expect(await editor.names(ws.id, { section: 'starred' })).toEqual(['Docs']);
    // Every member sees whose space the entries use: the workspace's owner.
    for (const member of [owner, editor]) {
      const [listed] = (await member.listRaw(ws.id)).json().data as FileEntry[];
      expect(listed.owner).toMatchObject({ id: owner.user.id, name: expect.stringContaining('Olga') });
    }
  });

  it('viewers list and download; upload, create, rename, move, copy and trash answer 403 with the reason', async () => {
    const { owner, ws, members } = await teamOf(t, ['viewer']);
    const [viewer] = members;
    const folder: FileEntry = (await owner.folderRaw(ws.id, 'Shared')).json().fileEntry;
    const file = await owner.upload(ws.id, 'read-me.txt', 'read only');
    const listed = (await viewer.listRaw(ws.id)).json().data as FileEntry[];
    expect(listed.map((e) => [e.name, e.permission])).toEqual([
      ['Shared', 'download'],
      ['read-me.txt', 'download'],
    ]);
    const download = await viewer.agent.get(`/api/v1/file-entries/${file.hash}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('read only');

    const refused = [
      await viewer.uploadRaw(ws.id, 'nope.txt', 'x'),
      await viewer.uploadRaw(ws.id, 'nope.txt', 'x', folder.id),
      await viewer.folderRaw(ws.id, 'Nope'),
      await viewer.folderRaw(ws.id, 'Nope', folder.id),
      await put(viewer.agent, `/api/v1/file-entries/${file.id}`, { name: 'renamed.txt', workspaceId: ws.id }),
      await viewer.agent.post('/api/v1/file-entries/move', {
        entryIds: [file.id],
        destinationId: folder.id,
        workspaceId: ws.id,
      }),
      await viewer.agent.post('/api/v1/file-entries/copy', { entryIds: [file.id], workspaceId: ws.id }),
      await viewer.agent.post('/api/v1/file-entries/delete', { entryIds: [file.id], workspaceId: ws.id }),
      await viewer.agent.post('/api/v1/file-entries/empty-trash', { workspaceId: ws.id }),
    ];
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe(ROLE_REFUSED);
    }
    expect((await owner.names(ws.id)).sort()).toEqual(['Shared', 'read-me.txt']);

    // Promoted to editor, the same upload goes through.
    expect((await owner.setRole(ws.id, viewer.user.id, 'editor')).statusCode).toBe(200);
    expect((await viewer.uploadRaw(ws.id, 'now.txt', 'x', folder.id)).statusCode).toBe(201);
  });

  it("tus uploads honour the metadata's workspace: an editor's lands there; a viewer's fails at creation", async () => {
    const { owner, ws, members } = await teamOf(t, ['editor', 'viewer']);
    const [editor, viewer] = members;
    const endpoint = `${base}/api/v1/tus/upload`;
    const { url } = await tusUpload(Buffer.from('tus bytes'), {
      endpoint,
      headers: await browserHeaders(editor.agent),
      metadata: { name: 'tus.txt', workspaceId: String(ws.id) },
    });
    const entry = await finishTus(editor.agent, url);
    expect(entry).toMatchObject({ name: 'tus.txt', workspace_id: ws.id, owner_id: owner.user.id });
    expect(await owner.names(ws.id)).toEqual(['tus.txt']);

    const refused = await tusUpload(Buffer.from('nope'), {
      endpoint,
      headers: await browserHeaders(viewer.agent),
      metadata: { name: 'nope.txt', workspaceId: String(ws.id) },
    }).catch((e: { status?: number }) => e);
    expect((refused as { status?: number }).status).toBe(403);
    const outsider = await Member.create(t);
    const hidden = await tusUpload(Buffer.from('nope'), {
      endpoint,
      headers: await browserHeaders(outsider.agent),
      metadata: { name: 'nope.txt', workspaceId: String(ws.id) },
    }).catch((e: { status?: number }) => e);
    expect((hidden as { status?: number }).status).toBe(404);
    expect(await owner.names(ws.id)).toEqual(['tus.txt']);
  });

  it('keeps workspaces apart: a non-member gets 404 for the workspace or its entries; listings never mix', async () => {
    const { owner, ws, members } = await teamOf(t, ['editor']);
    const [editor] = members;
    const other = await owner.createWorkspace('Other');
    const folder: FileEntry = (await owner.folderRaw(ws.id, 'Team folder')).json().fileEntry;
    const file = await owner.upload(ws.id, 'team.txt', 'team');
    await owner.upload(other.id, 'other.txt', 'other');
    await owner.upload(0, 'personal.txt', 'mine');
    expect(await owner.names(ws.id)).toEqual(['Team folder', 'team.txt']);
    expect(await owner.names(other.id)).toEqual(['other.txt']);
    expect(await owner.names(0)).toEqual(['personal.txt']);
    // The editor is not in "Other": it does not exist for them.
    expect((await editor.listRaw(other.id)).statusCode).toBe(404);

    const outsider = await Member.create(t);
    const asOutsider = [
      ...(await Promise.all(
        ['home', 'recent', 'starred', 'trash'].map((section) => outsider.listRaw(ws.id, { section })),
      )),
      await outsider.listRaw(ws.id, { section: 'search', query: 'team' }),
      await outsider.listRaw(ws.id, { section: 'folder', folderHash: folder.hash }),
      await outsider.agent.get(`/api/v1/file-entries/${file.hash}?workspaceId=${ws.id}`),
      await outsider.agent.get(`/api/v1/file-entries/${file.hash}`),
      await outsider.agent.get(`/api/v1/file-entries/${file.hash}/download`),
      await outsider.agent.get(`/api/v1/drive/folders/${folder.hash}/path`),
      await outsider.agent.get(`/api/v1/user/space-usage?workspaceId=${ws.id}`),
      await outsider.uploadRaw(ws.id, 'x.txt', 'x'),
      await outsider.uploadRaw(0, 'x.txt', 'x', folder.id),
      await outsider.folderRaw(ws.id, 'X'),
      await put(outsider.agent, `/api/v1/file-entries/${file.id}`, { name: 'x.txt', workspaceId: ws.id }),
      await outsider.agent.post('/api/v1/file-entries/move', {
        entryIds: [file.id],
        destinationId: folder.id,
        workspaceId: ws.id,
      }),
      await outsider.agent.post('/api/v1/file-entries/copy', { entryIds: [file.id] }),
      await outsider.agent.post('/api/v1/file-entries/delete', { entryIds: [file.id], workspaceId: ws.id }),
      await outsider.agent.post('/api/v1/file-entries/star', { entryIds: [file.id], workspaceId: ws.id }),
      await outsider.agent.post('/api/v1/file-entries/empty-trash', { workspaceId: ws.id }),
    ];
    for (const res of asOutsider) expect(res.statusCode, res.body).toBe(404);
    expect(await outsider.names(0)).toEqual([]);
    expect((await rowOf(file.id))!.name).toBe('team.txt');
    // A bad workspaceId is a validation error.
    const bad = await outsider.listRaw(-1 as number);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.workspaceId).toBeDefined();
    expect((await outsider.agent.get('/api/v1/drive/file-entries?workspaceId=abc')).statusCode).toBe(422);
  });

  it('moving between a workspace and a personal drive is refused', async () => {
    const { owner, ws } = await teamOf(t, []);
    const mine = await owner.upload(0, 'mine.txt', 'mine');
    const folder: FileEntry = (await owner.folderRaw(ws.id, 'Team')).json().fileEntry;
    const res = await owner.agent.post('/api/v1/file-entries/move', {
      entryIds: [mine.id],
      destinationId: folder.id,
      workspaceId: ws.id,
    });
    expect(res.statusCode).toBe(403);
    expect((await rowOf(mine.id))!.workspace_id).toBeNull();
  });
});
