import { describe, expect, it } from 'vitest';
import { FREE_STORAGE_BYTES } from '@kosh/contracts';
import { DriveClient, storedBytes } from '../helpers/drive.ts';
import { DRIVERS, useDriveApps } from './drive-apps.ts';

const apps = useDriveApps();

describe.each(DRIVERS)('DriveCopyService (%s driver)', (kind) => {
  const t = () => apps[kind];
  const repo = () => t().modules.drive.repos.entries;
  const copy = (me: DriveClient, entryIds: number[], destinationId?: number | null) =>
    me.agent.post('/api/v1/file-entries/copy', { entryIds, destinationId });

  it('copies a file beside itself with its own bytes', async () => {
    const me = await DriveClient.create(t());
    const original = await me.upload('report.pdf', '%PDF-1.7 original');
    const res = await copy(me, [original.id]);
    expect(res.statusCode).toBe(201);
    const [dup] = res.json().entries;
    expect(dup).toMatchObject({
      name: 'report (1).pdf',
      sha256: original.sha256,
      file_size: original.file_size,
      mime: 'application/pdf',
      parent_id: null,
    });
    const [a, b] = await Promise.all([repo().getById(original.id), repo().getById(dup.id)]);
    expect(b!.file_name).not.toBe(a!.file_name);
    await me.agent.post('/api/v1/file-entries/delete', { entryIds: [original.id], deleteForever: true });
    expect((await storedBytes(t().modules, b!.file_name!)).toString()).toBe('%PDF-1.7 original');
  });

  it('copies a folder with its whole subtree into another folder', async () => {
    const me = await DriveClient.create(t());
    const src = await me.folder('Src');
    const inner = await me.folder('Inner', src.id);
    await me.upload('x.txt', 'X', { parentId: src.id });
    await me.upload('y.txt', 'Y', { parentId: inner.id });
    const dest = await me.folder('Dest');
    const [copied] = (await copy(me, [src.id], dest.id)).json().entries;
    expect(copied).toMatchObject({ name: 'Src', parent_id: dest.id, path: `/${dest.id}/${copied.id}/` });
    const children = (await me.list({ section: 'folder', folderHash: copied.hash, orderBy: 'name', orderDir: 'asc' }))
      .data;
    expect(children.map((e) => e.name)).toEqual(['Inner', 'x.txt']);
    const innerCopy = children[0];
    expect(innerCopy.id).not.toBe(inner.id);
    const [y] = (await me.list({ section: 'folder', folderHash: innerCopy.hash })).data;
    expect(y.path).toBe(`/${dest.id}/${copied.id}/${innerCopy.id}/${y.id}/`);
    expect((await me.download(y.hash)).body).toBe('Y');
    expect(await me.names({ section: 'folder', folderHash: src.hash, orderBy: 'name', orderDir: 'asc' })).toEqual([
      'Inner',
      'x.txt',
    ]);
  });

  it('refuses copying a folder into itself', async () => {
    const me = await DriveClient.create(t());
    const a = await me.folder('A');
    const res = await copy(me, [a.id], a.id);
    expect(res.statusCode).toBe(422);
  });

  it('refuses a copy that does not fit in the space left', async () => {
    await t().modules.settings.service.set('drive.default_space_bytes', 150);
    try {
      const me = await DriveClient.create(t());
      const big = await me.upload('big.bin', Buffer.alloc(100));
      const res = await copy(me, [big.id]);
      expect(res.statusCode).toBe(413);
      expect(await me.names()).toEqual(['big.bin']);
    } finally {
      await t().modules.settings.service.set('drive.default_space_bytes', FREE_STORAGE_BYTES);
    }
  });

  it("answers 404 for another user's entry or destination", async () => {
    const other = await DriveClient.create(t());
    const theirs = await other.upload('t.txt', 't');
    const theirFolder = await other.folder('F');
    const me = await DriveClient.create(t());
    const mine = await me.upload('m.txt', 'm');
    expect((await copy(me, [theirs.id])).statusCode).toBe(404);
    expect((await copy(me, [mine.id], theirFolder.id)).statusCode).toBe(404);
    expect(await other.names({ section: 'folder', folderHash: theirFolder.hash })).toEqual([]);
  });
});
