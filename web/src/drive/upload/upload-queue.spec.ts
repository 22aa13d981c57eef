import { describe, expect, it } from 'vitest';
import { UPLOAD_IDLE_TIMEOUT_MS, type FileEntry, type UploadSettings } from '@kosh/contracts';
import type { UploadMethod } from './upload-method.ts';
import {
  fingerprintOf,
  isIgnoredFile,
  parseFingerprint,
  UploadQueue,
  type UploadRequest,
  type UploadTransport,
} from './upload-queue.ts';

type Call = {
  method: UploadMethod;
  request: UploadRequest;
  progress: (n: number, isResumeOffset?: boolean) => void;
  resolve: (e: FileEntry) => void;
  reject: (e: Error) => void;
  signal: AbortSignal;
};

const MB = 1024 ** 2;
const SETTINGS: UploadSettings = {
  max_size: 0,
  allowed_types: [],
  blocked_types: [],
  resumable: false,
  chunk_size: 10 * MB,
  direct_upload: false,
};

function setup(settings: Partial<UploadSettings> = {}, refuse?: (item: { size: number }) => string | null) {
  const calls: Call[] = [];
  const finished: string[] = [];
  const timers: Array<{ fn: () => void; ms: number; cleared: boolean }> = [];
  let now = 1_000;
  const transport =
    (method: UploadMethod): UploadTransport =>
    (request, progress, signal) =>
      new Promise((resolve, reject) => calls.push({ method, request, progress, resolve, reject, signal }));
  const sut = new UploadQueue({
    transports: {
      plain: transport('plain'),
      resumable: transport('resumable'),
      s3Simple: transport('s3Simple'),
      s3Multipart: transport('s3Multipart'),
    },
    settings: () => ({ ...SETTINGS, ...settings }),
    owner: () => ({ userId: 4, workspaceId: 0 }),
    onFinished: (item) => finished.push(`${item.name}:${item.status}`),
    refuse,
    now: () => now,
    timers: {
      setTimeout: (fn, ms) => {
        const t = { fn, ms, cleared: false };
        timers.push(t);
        return t;
      },
      clearTimeout: (t) => {
        (t as { cleared: boolean }).cleared = true;
      },
    },
  });
  return { sut, calls, finished, timers, advance: (ms: number) => (now += ms) };
}
const file = (name: string, size = 10) => ({
  file: Object.assign(new Blob(['x'.repeat(size)]), { name, lastModified: 5 }),
});
/** A file that claims a size without holding the bytes (the queue reads only .size). */
const big = (name: string, size: number) => ({
  file: { name, size, type: '', slice: () => new Blob() } as unknown as Blob & { name: string },
});
const tick = () => new Promise((r) => setTimeout(r, 0));
const statuses = (sut: UploadQueue) => sut.getItems().map((i) => i.status);

describe('UploadQueue', () => {
  it('ignores .DS_Store files, alone or inside folders', () => {
    expect(isIgnoredFile('.DS_Store')).toBe(true);
    expect(isIgnoredFile('photos/2024/.DS_Store')).toBe(true);
    expect(isIgnoredFile('DS_Store.txt')).toBe(false);
    const { sut } = setup();
    expect(sut.add([file('.DS_Store'), { ...file('.DS_Store'), relativePath: 'a/.DS_Store' }], null)).toEqual([]);
    expect(sut.getItems()).toEqual([]);
  });

  it('describes each item: extension, mime, fingerprint from uploader, name, size, date and place', () => {
    const { sut, calls } = setup();
    const [a] = sut.add(
      [
        {
          file: Object.assign(new Blob(['abc'], { type: 'text/plain' }), { name: 'Notes.TXT', lastModified: 42 }),
          relativePath: 'docs/Notes.TXT',
        },
      ],
      9,
    );
    expect(a).toMatchObject({
      name: 'Notes.TXT',
      extension: 'txt',
      mime: 'text/plain',
      size: 3,
      parentId: 9,
      fingerprint: '4:0:Notes.TXT:3:42:9:docs%2FNotes.TXT',
    });
    expect(calls[0].request).toMatchObject({
      parentId: 9,
      relativePath: 'docs/Notes.TXT',
      fingerprint: a.fingerprint,
      mime: 'text/plain',
      extension: 'txt',
    });
  });

  it('runs three uploads at a time and starts the next when one finishes or fails', async () => {
    const { sut, calls, finished } = setup();
    sut.add(
      ['a', 'b', 'c', 'd', 'e'].map((n) => file(n)),
      7,
    );
    expect(calls.map((c) => c.request.file.name)).toEqual(['a', 'b', 'c']);
    expect(calls[0].request.parentId).toBe(7);
    expect(statuses(sut)).toEqual(['inProgress', 'inProgress', 'inProgress', 'pending', 'pending']);
    calls[1].resolve({ id: 1 } as FileEntry);
    await tick();
    expect(calls.map((c) => c.request.file.name)).toEqual(['a', 'b', 'c', 'd']);
    calls[0].reject(new Error('nope'));
    await tick();
    expect(calls.map((c) => c.request.file.name)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(finished).toEqual(['b:completed', 'a:failed']);
  });

  it('uploads one file at a time while a folder upload runs', async () => {
    const { sut, calls } = setup();
    sut.add([{ ...file('x'), relativePath: 'f/x' }, { ...file('y'), relativePath: 'f/y' }, file('z')], null);
    expect(calls).toHaveLength(1);
    expect(calls[0].request.relativePath).toBe('f/x');
    calls[0].resolve({ id: 1 } as FileEntry);
    await tick();
    expect(calls).toHaveLength(2);
  });

  it('chooses the method by size and settings, one at a time for direct and multi-chunk resumable', async () => {
    const resumable = setup({ resumable: true, chunk_size: 10 * MB });
    resumable.sut.add([big('small', MB), big('one-chunk', 5 * MB), big('two-chunks', 15 * MB), file('tiny')], null);
    expect(resumable.calls.map((c) => `${c.request.name}:${c.method}`)).toEqual(['small:plain', 'one-chunk:resumable']);
    resumable.calls[0].resolve({ id: 1 } as FileEntry);
    resumable.calls[1].resolve({ id: 2 } as FileEntry);
    await tick();
    // The two-chunk upload runs alone; the tiny one waits for it.
    expect(resumable.calls.map((c) => c.request.name)).toEqual(['small', 'one-chunk', 'two-chunks']);
    resumable.calls[2].resolve({ id: 3 } as FileEntry);
    await tick();
    expect(resumable.calls.map((c) => `${c.request.name}:${c.method}`).at(-1)).toBe('tiny:plain');

    const direct = setup({ resumable: false, direct_upload: true });
    direct.sut.add([big('film', 100 * MB), big('photo', 99 * MB)], null);
    expect(direct.calls.map((c) => `${c.request.name}:${c.method}`)).toEqual(['film:s3Multipart']);
    direct.calls[0].resolve({ id: 1 } as FileEntry);
    await tick();
    expect(direct.calls.map((c) => `${c.request.name}:${c.method}`)).toEqual(['film:s3Multipart', 'photo:s3Simple']);
  });

  it('reads a fingerprint back, whatever the name holds, and nothing else', () => {
    const file = Object.assign(new Blob(['abcd']), { name: 'a:b 100%.txt', lastModified: 1700 });
    const fingerprint = fingerprintOf(file, null, 'x:y/a:b 100%.txt', { userId: 3, workspaceId: 8 });
    expect(parseFingerprint(fingerprint)).toEqual({
      userId: 3,
      workspaceId: 8,
      name: 'a:b 100%.txt',
      size: 4,
      lastModified: 1700,
      parentId: null,
      relativePath: 'x:y/a:b 100%.txt',
    });
    expect(parseFingerprint(fingerprintOf(file, 12, ''))).toMatchObject({ userId: 0, parentId: 12, relativePath: '' });
    expect(parseFingerprint('notes.txt:100:3:12:a/notes.txt')).toBeNull();
    expect(parseFingerprint('1:0:a:-5:0:root:')).toBeNull();
    expect(parseFingerprint('1:0:a:%E0%A4%A:0:root:')).toBeNull();
  });

  it('continues an interrupted upload under its saved fingerprint and method', () => {
    const { sut, calls } = setup({ resumable: false });
    const [item] = sut.add([file('clip.mp4', 3 * MB)], 5, { method: 'resumable', fingerprint: '4:2:clip.mp4:x' });
    expect(item).toMatchObject({ method: 'resumable', fingerprint: '4:2:clip.mp4:x', parentId: 5 });
    expect(calls[0]).toMatchObject({ method: 'resumable', request: { fingerprint: '4:2:clip.mp4:x' } });
  });

  it('measures the speed of a resumed upload from its resume offset, not from zero', () => {
    const { sut, calls, advance } = setup();
    sut.add([big('film', 100 * MB)], null);
    advance(300);
    calls[0].progress(60 * MB, true);
    expect(sut.getItems()[0]).toMatchObject({ bytesUploaded: 60 * MB, percentage: 60, speed: 0 });
    advance(1000);
    calls[0].progress(61 * MB);
    // 1 MB in this second: not 61 MB/s.
    expect(sut.getItems()[0].speed).toBe(MB);
  });

  it('reports progress as a percentage, with a speed measured on the clock', () => {
    const { sut, calls, advance } = setup();
    sut.add([file('a', 4000)], null);
    calls[0].progress(1000);
    expect(sut.getItems()[0]).toMatchObject({ bytesUploaded: 1000, percentage: 25, speed: 0 });
    advance(1000);
    calls[0].progress(3000);
    expect(sut.getItems()[0]).toMatchObject({ bytesUploaded: 3000, percentage: 75, speed: 3000 });
  });

  it('marks a refused upload failed with the server message', async () => {
    const { sut, calls, finished } = setup();
    sut.add([file('big.iso')], null);
    calls[0].reject(new Error('The file exceeds the maximum allowed size of 1 GB'));
    await tick();
    expect(sut.getItems()[0]).toMatchObject({
      status: 'failed',
      errorMessage: 'The file exceeds the maximum allowed size of 1 GB',
    });
    expect(finished).toEqual(['big.iso:failed']);
  });

  it('fails a refused file at once, without sending it, and still sends the others', async () => {
    const { sut, calls } = setup({}, (item) => (item.size > 5 ? 'Too big' : null));
    sut.add([file('huge', 50), file('ok', 3)], null);
    expect(sut.getItems().map((i) => [i.name, i.status, i.errorMessage])).toEqual([
      ['huge', 'failed', 'Too big'],
      ['ok', 'inProgress', undefined],
    ]);
    expect(calls.map((c) => c.request.name)).toEqual(['ok']);
  });

  it('aborts an upload with percentage 0 and clears inactive ones', async () => {
    const { sut, calls, finished } = setup();
    sut.add([file('a'), file('b'), file('c'), file('d')], null);
    calls[0].progress(5);
    sut.abort(sut.getItems()[0].id);
    expect(calls[0].signal.aborted).toBe(true);
    expect(sut.getItems()[0]).toMatchObject({ status: 'aborted', percentage: 0, bytesUploaded: 0 });
    // The freed slot went to d.
    expect(calls.map((c) => c.request.name)).toEqual(['a', 'b', 'c', 'd']);
    calls[0].reject(new Error('aborted'));
    calls[1].resolve({ id: 2 } as FileEntry);
    await tick();
    expect(finished).toEqual(['b:completed']);
    sut.clearInactive();
    expect(sut.getItems().map((i) => i.name)).toEqual(['c', 'd']);
  });

  it('retries one item or all failed ones from the start, with the error cleared', async () => {
    const { sut, calls } = setup();
    sut.add([file('a'), file('b'), file('c')], null);
    calls[0].reject(new Error('gone'));
    calls[1].reject(new Error('gone too'));
    await tick();
    sut.abort(sut.getItems()[2].id);
    sut.retry(sut.getItems()[2].id);
    expect(sut.getItems()[2]).toMatchObject({ status: 'inProgress' });
    expect(calls).toHaveLength(4);
    sut.retry(sut.getItems()[2].id); // not failed or aborted: nothing happens
    expect(calls).toHaveLength(4);
    sut.retryAllFailed();
    expect(sut.getItems().map((i) => [i.status, i.errorMessage])).toEqual([
      ['inProgress', undefined],
      ['inProgress', undefined],
      ['inProgress', undefined],
    ]);
    expect(calls.map((c) => c.request.name)).toEqual(['a', 'b', 'c', 'c', 'a', 'b']);
  });

  it('fails an upload that makes no progress for the idle timeout with "Upload timed out"', async () => {
    const { sut, calls, timers, finished } = setup();
    sut.add([file('slow')], null);
    expect(timers.at(-1)!.ms).toBe(UPLOAD_IDLE_TIMEOUT_MS);
    calls[0].progress(3);
    // Progress re-arms the timer.
    expect(timers.filter((t) => !t.cleared)).toHaveLength(1);
    timers.at(-1)!.fn();
    expect(calls[0].signal.aborted).toBe(true);
    calls[0].reject(new Error('the request was aborted'));
    await tick();
    expect(sut.getItems()[0]).toMatchObject({ status: 'failed', errorMessage: 'Upload timed out' });
    expect(finished).toEqual(['slow:failed']);
  });
});
