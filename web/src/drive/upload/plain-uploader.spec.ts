import { describe, expect, it } from 'vitest';
import type { FileEntry } from '@kosh/contracts';
import { isIgnoredFile, PlainUploader, type UploadRequest } from './plain-uploader.ts';

type Call = { request: UploadRequest; progress: (n: number) => void; resolve: (e: FileEntry) => void; reject: (e: Error) => void; signal: AbortSignal };

function setup() {
  const calls: Call[] = [];
  const finished: string[] = [];
  const sut = new PlainUploader(
    (request, progress, signal) => new Promise((resolve, reject) => calls.push({ request, progress, resolve, reject, signal })),
    { onFinished: (item) => finished.push(`${item.name}:${item.status}`) },
  );
  return { sut, calls, finished };
}
const file = (name: string, size = 10) => ({ file: Object.assign(new Blob(['x'.repeat(size)]), { name }) });
const tick = () => new Promise((r) => setTimeout(r, 0));
const statuses = (sut: PlainUploader) => sut.getItems().map((i) => i.status);

describe('PlainUploader', () => {
  it('ignores .DS_Store files, alone or inside folders', () => {
    expect(isIgnoredFile('.DS_Store')).toBe(true);
    expect(isIgnoredFile('photos/2024/.DS_Store')).toBe(true);
    expect(isIgnoredFile('DS_Store.txt')).toBe(false);
    const { sut } = setup();
    expect(sut.add([file('.DS_Store'), { ...file('.DS_Store'), relativePath: 'a/.DS_Store' }], null)).toEqual([]);
    expect(sut.getItems()).toEqual([]);
  });

  it('runs three uploads at a time and starts the next when one finishes', async () => {
    const { sut, calls, finished } = setup();
    sut.add(['a', 'b', 'c', 'd'].map((n) => file(n)), 7);
    expect(calls.map((c) => c.request.file.name)).toEqual(['a', 'b', 'c']);
    expect(calls[0].request.parentId).toBe(7);
    expect(statuses(sut)).toEqual(['inProgress', 'inProgress', 'inProgress', 'pending']);
    calls[1].resolve({ id: 1 } as FileEntry);
    await tick();
    expect(calls.map((c) => c.request.file.name)).toEqual(['a', 'b', 'c', 'd']);
    expect(finished).toEqual(['b:completed']);
  });

  it('uploads one file at a time while a folder upload runs', async () => {
    const { sut, calls } = setup();
    sut.add([{ ...file('x'), relativePath: 'f/x' }, { ...file('y'), relativePath: 'f/y' }], null);
    expect(calls).toHaveLength(1);
    expect(calls[0].request.relativePath).toBe('f/x');
    calls[0].resolve({ id: 1 } as FileEntry);
    await tick();
    expect(calls).toHaveLength(2);
  });

  it('reports progress as a percentage', () => {
    const { sut, calls } = setup();
    sut.add([file('a', 200)], null);
    calls[0].progress(50);
    expect(sut.getItems()[0]).toMatchObject({ bytesUploaded: 50, percentage: 25 });
  });

  it('marks a refused upload failed with the server message', async () => {
    const { sut, calls, finished } = setup();
    sut.add([file('big.iso')], null);
    calls[0].reject(new Error('The file exceeds the maximum allowed size of 1 GB'));
    await tick();
    expect(sut.getItems()[0]).toMatchObject({ status: 'failed', errorMessage: 'The file exceeds the maximum allowed size of 1 GB' });
    expect(finished).toEqual(['big.iso:failed']);
  });

  it('aborts an upload with percentage 0 and clears inactive ones', async () => {
    const { sut, calls } = setup();
    sut.add([file('a'), file('b')], null);
    calls[0].progress(5);
    sut.abort(sut.getItems()[0].id);
    expect(calls[0].signal.aborted).toBe(true);
    expect(sut.getItems()[0]).toMatchObject({ status: 'aborted', percentage: 0 });
    calls[1].resolve({ id: 2 } as FileEntry);
    await tick();
    sut.clearInactive();
    expect(sut.getItems()).toEqual([]);
  });
});
