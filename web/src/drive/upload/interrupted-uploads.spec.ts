import { describe, expect, it } from 'vitest';
import { InterruptedUploads, isSameFile, type InterruptedUpload, type ServerCheck } from './interrupted-uploads.ts';
import { multipartStateKey } from './multipart-state.ts';
import { fingerprintOf, type UploadFile } from './upload-queue.ts';

const MB = 1024 ** 2;
const file = (name: string, size: number, lastModified = 1700) =>
  ({ name, size, lastModified, type: '', slice: () => new Blob() }) as unknown as UploadFile;

/** A Storage over a Map, in insertion order like the browser's. */
function memoryStorage(entries: Record<string, string>) {
  const map = new Map(Object.entries(entries));
  return {
    map,
    get length() {
      return map.size;
    },
    key: (i: number) => [...map.keys()][i] ?? null,
    getItem: (key: string) => map.get(key) ?? null,
    removeItem: (key: string) => void map.delete(key),
  };
}

const clip = file('clip.mp4', 3 * MB);
const backup = file('backup.img', 200 * MB);
const clipPrint = fingerprintOf(clip, 9, '', { userId: 4, workspaceId: 0 });
const backupPrint = fingerprintOf(backup, null, 'Disks/backup.img', { userId: 4, workspaceId: 2 });
const tusKey = `tus::kosh.tus.${clipPrint}::123`;
const multipartKey = multipartStateKey(backupPrint);

function setup(answers: Record<string, ServerCheck | Error> = {}, discardFails = false) {
  const storage = memoryStorage({
    [tusKey]: JSON.stringify({ size: 3 * MB, uploadUrl: 'http://kosh.test/api/v1/tus/upload/t1', metadata: {} }),
    // A second address of the same file: one row.
    [`tus::kosh.tus.${clipPrint}::456`]: JSON.stringify({ uploadUrl: 'http://kosh.test/api/v1/tus/upload/t0' }),
    [multipartKey]: JSON.stringify({ createdAt: 1, fileKey: 'uploads/k1', uploadId: 'm1' }),
    // Another person's upload on this browser, a foreign tus entry and a broken one: not listed.
    [`tus::kosh.tus.${fingerprintOf(clip, null, '', { userId: 5, workspaceId: 0 })}::9`]: JSON.stringify({
      uploadUrl: 'http://kosh.test/api/v1/tus/upload/other',
    }),
    'tus::someone-else::1': JSON.stringify({ uploadUrl: 'http://elsewhere.test/x' }),
    [multipartStateKey('4:0:broken')]: '{',
    theme: 'dark',
  });
  const checked: string[] = [];
  const discarded: string[] = [];
  const resumed: Array<{ upload: InterruptedUpload; file: UploadFile }> = [];
  const sut = new InterruptedUploads({
    storage,
    server: {
      check: async (upload) => {
        checked.push(upload.id);
        const answer = answers[upload.id] ?? { bytes: MB };
        if (answer instanceof Error) throw answer;
        return answer;
      },
      discard: async (upload) => {
        if (discardFails) throw new Error('offline');
        discarded.push(upload.id);
      },
    },
    resume: (upload, chosen) => resumed.push({ upload, file: chosen }),
  });
  return { sut, storage, checked, discarded, resumed };
}

describe('InterruptedUploads', () => {
  it("lists the caller's saved resumable and multipart uploads with what the server holds", async () => {
    const { sut, checked } = setup({ [multipartKey]: { bytes: 40 * MB } });
    await sut.load(4);
    expect(checked).toEqual([tusKey, multipartKey]);
    expect(sut.getUploads().map((u) => [u.kind, u.name, u.size, u.parentId, u.relativePath, u.bytesUploaded])).toEqual([
      ['resumable', 'clip.mp4', 3 * MB, 9, '', MB],
      ['multipart', 'backup.img', 200 * MB, null, 'Disks/backup.img', 40 * MB],
    ]);
    expect(sut.getUploads()[0].ref).toBe('http://kosh.test/api/v1/tus/upload/t1');
    expect(sut.getUploads()[1].ref).toEqual({ createdAt: 1, fileKey: 'uploads/k1', uploadId: 'm1' });
    expect(sut.getDropped()).toEqual([]);
  });

  it('leaves out uploads that are running in this page', async () => {
    const { sut } = setup();
    await sut.load(4, new Set([clipPrint]));
    expect(sut.getUploads().map((u) => u.name)).toEqual(['backup.img']);
  });

  it('unlists an upload the queue runs again after the same file was picked the usual way', async () => {
    const { sut, storage } = setup();
    await sut.load(4);
    sut.release(new Set(['4:0:other', backupPrint]));
    expect(sut.getUploads().map((u) => u.name)).toEqual(['clip.mp4']);
    expect(storage.map.has(multipartKey)).toBe(true);
  });

  it('drops an upload the server no longer has, with a note, and keeps one it could not ask about', async () => {
    const { sut, storage } = setup({ [tusKey]: 'gone', [multipartKey]: new Error('offline') });
    await sut.load(4);
    expect(sut.getUploads().map((u) => [u.name, u.bytesUploaded])).toEqual([['backup.img', null]]);
    expect(sut.getDropped()).toEqual(['clip.mp4']);
    expect(storage.map.has(tusKey)).toBe(false);
    expect(storage.map.has(multipartKey)).toBe(true);
  });

  it('refuses a different file and continues with the same one', async () => {
    const { sut, resumed } = setup();
    await sut.load(4);
    const [tus] = sut.getUploads();
    for (const other of [file('clip.mp4', 3 * MB + 1), file('clip.mov', 3 * MB), file('clip.mp4', 3 * MB, 1800)]) {
      expect(sut.resume(tus.id, other)).toBe(false);
    }
    expect(sut.getUploads()[0].isRefused).toBe(true);
    expect(resumed).toEqual([]);

    const same = file('clip.mp4', 3 * MB);
    expect(sut.resume(tus.id, same)).toBe(true);
    expect(resumed.map((r) => [r.upload.fingerprint, r.upload.kind, r.file])).toEqual([[clipPrint, 'resumable', same]]);
    expect(sut.getUploads().map((u) => u.name)).toEqual(['backup.img']);
  });

  it('tells the same file by name, size and modification time', () => {
    const upload = { name: 'a.bin', size: 10, lastModified: 5 };
    expect(isSameFile(upload, file('a.bin', 10, 5))).toBe(true);
    expect(isSameFile(upload, file('a.bin', 10, 6))).toBe(false);
    expect(isSameFile(upload, file('b.bin', 10, 5))).toBe(false);
  });

  it('discards an upload on the server and forgets it here', async () => {
    const { sut, storage, discarded } = setup();
    await sut.load(4);
    await sut.discard(multipartKey);
    expect(discarded).toEqual([multipartKey]);
    expect(storage.map.has(multipartKey)).toBe(false);
    expect(sut.getUploads().map((u) => u.name)).toEqual(['clip.mp4']);
  });

  it('keeps an upload listed when the server could not be told to discard it', async () => {
    const { sut, storage } = setup({}, true);
    await sut.load(4);
    await sut.discard(tusKey);
    expect(sut.getUploads().map((u) => [u.name, u.isDiscarding])).toEqual([
      ['clip.mp4', false],
      ['backup.img', false],
    ]);
    expect(storage.map.has(tusKey)).toBe(true);
  });

  it('hides the list for this visit without touching what is saved', async () => {
    const { sut, storage, discarded } = setup({ [tusKey]: 'gone' });
    await sut.load(4);
    let changes = 0;
    sut.subscribe(() => changes++);
    sut.dismiss();
    expect([sut.getUploads(), sut.getDropped(), changes]).toEqual([[], [], 1]);
    expect(storage.map.has(multipartKey)).toBe(true);
    expect(discarded).toEqual([]);
  });
});
