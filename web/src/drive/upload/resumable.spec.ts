import { describe, expect, it } from 'vitest';
import type { PreviousUpload, UploadOptions } from 'tus-js-client';
import {
  createResumableTransport,
  tusErrorMessage,
  uploadKeyOf,
  type ResumableDeps,
  type TusUploadClass,
} from './resumable.ts';
import type { UploadRequest } from './upload-queue.ts';

/** A stand-in for tus-js-client's Upload that records what the transport asked of it. */
function fakeTus(previous: PreviousUpload[] = []) {
  const made: Array<{
    options: UploadOptions;
    started: boolean;
    resumedFrom?: PreviousUpload;
    aborted?: boolean;
    upload: { url: string | null };
  }> = [];
  class FakeUpload {
    options: UploadOptions;
    url: string | null = null;
    record: (typeof made)[number];
    constructor(_file: Blob, options: UploadOptions) {
      this.options = options;
      this.record = { options, started: false, upload: this };
      made.push(this.record);
    }
    findPreviousUploads = async () => previous;
    resumeFromPreviousUpload = (p: PreviousUpload) => {
      this.record.resumedFrom = p;
      this.url = p.uploadUrl;
    };
    start = () => {
      this.record.started = true;
    };
    abort = async (terminate?: boolean) => {
      this.record.aborted = !!terminate;
    };
  }
  return { Upload: FakeUpload as unknown as TusUploadClass, made, finish: (url: string) => (made[0].upload.url = url) };
}

const request: UploadRequest = {
  file: Object.assign(new Blob(['x'.repeat(100)], { type: 'text/plain' }), { name: 'notes.txt', lastModified: 3 }),
  parentId: 12,
  relativePath: 'a/notes.txt',
  fingerprint: 'notes.txt:100:3:12:a/notes.txt',
  name: 'notes.txt',
  extension: 'txt',
  mime: 'text/plain',
};

function setup(previous: PreviousUpload[] = []) {
  const tus = fakeTus(previous);
  const posts: Array<{ path: string; body: unknown }> = [];
  const deps: ResumableDeps = {
    loadTus: async () => tus,
    post: async <T>(path: string, body: unknown) => {
      posts.push({ path, body });
      return { fileEntry: { id: 5 } } as T;
    },
    endpoint: 'http://kosh.test/api/v1/tus/upload',
    chunkSize: () => 8 * 1024 * 1024,
    headers: () => ({ 'x-xsrf-token': 'tok' }),
    workspaceId: () => null,
  };
  return { tus, posts, send: createResumableTransport(deps) };
}
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('resumable upload', () => {
  it('uploads by tus in chunks, retries after 3, 5, 10, 30 s, then makes the entry from the upload key', async () => {
    const { tus, posts, send } = setup();
    const progress: number[] = [];
    const done = send(request, (b) => progress.push(b), new AbortController().signal);
    await settle();
    const [upload] = tus.made;
    expect(upload.started).toBe(true);
    expect(upload.options).toMatchObject({
      endpoint: 'http://kosh.test/api/v1/tus/upload',
      chunkSize: 8 * 1024 * 1024,
      retryDelays: [3000, 5000, 10_000, 30_000],
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      metadata: {
        name: 'notes.txt',
        clientName: 'notes.txt',
        clientExtension: 'txt',
        clientMime: 'text/plain',
        clientSize: '100',
        disk: 'uploads',
        parentId: '12',
        relativePath: 'a/notes.txt',
      },
    });
    expect(await upload.options.fingerprint!(request.file as File, upload.options)).toBe(
      'kosh.tus.notes.txt:100:3:12:a/notes.txt',
    );
    const headers: Record<string, string> = {};
    await upload.options.onBeforeRequest!({ setHeader: (n: string, v: string) => (headers[n] = v) } as never);
    expect(headers).toEqual({ 'x-xsrf-token': 'tok' });
    upload.options.onProgress!(40, 100);
    tus.finish('http://kosh.test/api/v1/tus/upload/abc123');
    upload.options.onSuccess!({} as never);
    expect(await done).toEqual({ id: 5 });
    expect(progress).toEqual([40]);
    expect(posts).toEqual([{ path: 'tus/entries', body: { uploadKey: 'abc123' } }]);
  });

  it('continues an upload of the same file saved before a reload', async () => {
    const previous = {
      size: 100,
      metadata: {},
      creationTime: 'x',
      urlStorageKey: 'k',
      uploadUrl: 'http://kosh.test/api/v1/tus/upload/old1',
      parallelUploadUrls: null,
    };
    const { tus, send } = setup([previous]);
    void send(request, () => undefined, new AbortController().signal);
    await settle();
    expect(tus.made[0].resumedFrom).toBe(previous);
    expect(tus.made[0].started).toBe(true);
  });

  it("reports the offset the server's HEAD answers as where this run resumes", async () => {
    const { tus, send } = setup();
    const progress: Array<[number, boolean | undefined]> = [];
    void send(request, (bytes, isResumeOffset) => progress.push([bytes, isResumeOffset]), new AbortController().signal);
    await settle();
    const { onAfterResponse } = tus.made[0].options;
    const exchange = (method: string, status: number, offset?: string) =>
      onAfterResponse!(
        { getMethod: () => method } as never,
        {
          getStatus: () => status,
          getHeader: (name: string) => (name === 'Upload-Offset' ? offset : undefined),
        } as never,
      );
    await exchange('HEAD', 200, '1048576');
    await exchange('PATCH', 204, '2097152');
    await exchange('HEAD', 404);
    expect(progress).toEqual([[1048576, true]]);
  });

  it("fails with the server's message", async () => {
    const { tus, send } = setup();
    const done = send(request, () => undefined, new AbortController().signal);
    await settle();
    const error = Object.assign(new Error('tus: unexpected response'), {
      originalResponse: {
        getBody: () => JSON.stringify({ message: 'The file exceeds the maximum allowed size of 1 MB' }),
      },
    });
    tus.made[0].options.onError!(error);
    await expect(done).rejects.toThrow('The file exceeds the maximum allowed size of 1 MB');
  });

  it('terminates the upload on the server when aborted', async () => {
    const { tus, send } = setup();
    const controller = new AbortController();
    const done = send(request, () => undefined, controller.signal);
    await settle();
    controller.abort();
    await expect(done).rejects.toBeDefined();
    expect(tus.made[0].aborted).toBe(true);
  });

  it('reads the message of a 422 errors map and the upload key of an address', () => {
    const withBody = (body: string) => Object.assign(new Error('x'), { originalResponse: { getBody: () => body } });
    expect(
      tusErrorMessage(
        withBody(JSON.stringify({ message: 'Invalid', errors: { relativePath: ['The path is not valid.'] } })),
      ),
    ).toBe('The path is not valid.');
    expect(tusErrorMessage(withBody('<html>'))).toBe('');
    expect(tusErrorMessage(new Error('offline'))).toBe('');
    expect(uploadKeyOf('http://kosh.test/api/v1/tus/upload/abc?x=1')).toBe('abc');
  });
});
