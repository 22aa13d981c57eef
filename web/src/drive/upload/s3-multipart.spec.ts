import { describe, expect, it } from 'vitest';
import { MULTIPART_MIN_PART_BYTES, type FileEntry } from '@kosh/contracts';
import { multipartStateKey } from './multipart-state.ts';
import { createMultipartTransport, type MultipartDeps } from './s3-multipart.ts';
import type { UploadRequest } from './upload-queue.ts';

const PART = MULTIPART_MIN_PART_BYTES;

/** An S3 multipart upload kept in memory, answering the API calls the way the server does. */
function fakeServer(options: { failPut?: (n: number, attempt: number) => boolean; failComplete?: boolean } = {}) {
  const calls: Array<{ path: string; body: Record<string, unknown> }> = [];
  const stored = new Map<string, Map<number, { etag: string; size: number }>>();
  const attempts = new Map<number, number>();
  let inFlight = 0;
  let maxInFlight = 0;
  let uploads = 0;
  const storage = new Map<string, string>();
  const deps: MultipartDeps = {
    now: () => 1234,
    storage: {
      getItem: (k) => storage.get(k) ?? null,
      setItem: (k, v) => void storage.set(k, v),
      removeItem: (k) => void storage.delete(k),
    },
    post: async <T>(path: string, body: unknown) => {
      const b = body as Record<string, unknown>;
      calls.push({ path, body: b });
      const parts = stored.get(b.uploadId as string);
      switch (path) {
        case 's3/multipart/create': {
          const uploadId = `up${++uploads}`;
          stored.set(uploadId, new Map());
          return { uploadId, key: `key-${uploadId}` } as T;
        }
        case 's3/multipart/get-uploaded-parts':
          if (!parts) throw new Error('The multipart upload does not exist any more.');
          return { parts: [...parts].map(([PartNumber, p]) => ({ PartNumber, ETag: p.etag, Size: p.size })) } as T;
        case 's3/multipart/batch-sign-part-urls':
          return {
            urls: (b.partNumbers as number[]).map((n) => ({
              partNumber: n,
              url: `https://s3.test/${b.uploadId}/${n}`,
            })),
          } as T;
        case 's3/multipart/complete':
          if (options.failComplete) throw new Error('Part 1 was not uploaded, or not with that ETag.');
          return { key: b.key, size: 0 } as T;
        case 's3/entries':
          return { fileEntry: { id: 99, name: 'film.mkv' } } as T;
        case 's3/multipart/abort':
          stored.delete(b.uploadId as string);
          return undefined as T;
      }
      throw new Error(`unexpected ${path}`);
    },
    putPart: async (url, body, onProgress, signal) => {
      const [uploadId, n] = url.split('/').slice(-2);
      const part = Number(n);
      const attempt = (attempts.get(part) ?? 0) + 1;
      attempts.set(part, attempt);
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((r) => setTimeout(r, 1));
      inFlight--;
      if (signal.aborted) throw new Error('aborted');
      if (options.failPut?.(part, attempt)) throw new Error('network');
      onProgress(body.size);
      stored.get(uploadId)!.set(part, { etag: `"etag-${part}"`, size: body.size });
      return `"etag-${part}"`;
    },
  };
  return {
    deps,
    calls,
    stored,
    storage,
    attempts,
    maxInFlight: () => maxInFlight,
    paths: () => calls.map((c) => c.path),
  };
}

/** A file of `size` bytes that slices without holding them (the transport reads size and slice). */
function sparseFile(size: number) {
  const slice = (start: number, end: number) => ({ size: Math.max(0, Math.min(end, size) - start) });
  return Object.assign({
    size,
    name: 'film.mkv',
    lastModified: 1,
    type: 'video/x-matroska',
    slice,
  }) as unknown as UploadRequest['file'];
}
const request = (size: number): UploadRequest => ({
  file: sparseFile(size),
  parentId: 4,
  relativePath: '',
  fingerprint: 'film.mkv:size:1:4:',
  name: 'film.mkv',
  extension: 'mkv',
  mime: 'video/x-matroska',
});

describe('multipart upload straight to S3', () => {
  it('creates, signs ten parts per batch, sends five at a time, completes and makes the entry', async () => {
    const server = fakeServer();
    const size = 12 * PART + 7;
    const progress: number[] = [];
    const entry = await createMultipartTransport(server.deps)(
      request(size),
      (b) => progress.push(b),
      new AbortController().signal,
    );
    expect(entry).toEqual({ id: 99, name: 'film.mkv' } as FileEntry);
    const paths = server.paths();
    expect(paths[0]).toBe('s3/multipart/create');
    expect(server.calls[0].body).toMatchObject({
      filename: 'film.mkv',
      mime: 'video/x-matroska',
      size,
      extension: 'mkv',
      metadata: { parentId: 4 },
    });
    const signs = server.calls
      .filter((c) => c.path === 's3/multipart/batch-sign-part-urls')
      .map((c) => c.body.partNumbers);
    expect(signs).toEqual([
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
      [11, 12, 13],
    ]);
    expect(server.maxInFlight()).toBe(5);
    const complete = server.calls.find((c) => c.path === 's3/multipart/complete')!.body;
    expect((complete.parts as Array<{ PartNumber: number }>).map((p) => p.PartNumber)).toEqual(
      Array.from({ length: 13 }, (_, i) => i + 1),
    );
    expect(paths.slice(-2)).toEqual(['s3/multipart/complete', 's3/entries']);
    expect(progress.at(-1)).toBe(size);
    expect(server.storage.size).toBe(0);
  });

  it('uses parts of ceil(size / 10000) bytes when that is more than 20 MB', async () => {
    const server = fakeServer();
    const size = 10_000 * PART + 10_000; // part size PART + 1: exactly 10 000 parts
    let largest = 0;
    const put = server.deps.putPart;
    server.deps.putPart = (url, body, onProgress, signal) => {
      largest = Math.max(largest, body.size);
      return put(url, body, onProgress, signal);
    };
    await createMultipartTransport(server.deps)(request(size), () => undefined, new AbortController().signal);
    expect(largest).toBe(PART + 1);
    expect(server.calls.filter((c) => c.path === 's3/multipart/batch-sign-part-urls')).toHaveLength(1000);
  });

  it('resumes from the saved state, sending only the parts the store lacks', async () => {
    const server = fakeServer();
    const size = 6 * PART;
    const first = new AbortController();
    let sent = 0;
    const put = server.deps.putPart;
    server.deps.putPart = async (url, body, onProgress, signal) => {
      const etag = await put(url, body, onProgress, signal);
      if (++sent === 2) first.abort(); // the page goes away after two parts
      return etag;
    };
    await expect(createMultipartTransport(server.deps)(request(size), () => undefined, first.signal)).rejects.toThrow();
    const saved = JSON.parse(server.storage.get(multipartStateKey('film.mkv:size:1:4:'))!);
    expect(saved).toEqual({ createdAt: 1234, fileKey: 'key-up1', uploadId: 'up1' });
    expect(server.paths()).not.toContain('s3/multipart/abort');
    const storedBefore = server.stored.get('up1')!.size;
    expect(storedBefore).toBeGreaterThanOrEqual(2);

    server.calls.length = 0;
    server.deps.putPart = put;
    const progress: number[] = [];
    const resumedFrom: number[] = [];
    await createMultipartTransport(server.deps)(
      request(size),
      (bytes, isResumeOffset) => (isResumeOffset ? resumedFrom : progress).push(bytes),
      new AbortController().signal,
    );
    expect(server.paths()).not.toContain('s3/multipart/create');
    expect(server.paths()[0]).toBe('s3/multipart/get-uploaded-parts');
    const signed = server.calls
      .filter((c) => c.path === 's3/multipart/batch-sign-part-urls')
      .flatMap((c) => c.body.partNumbers as number[]);
    expect(signed).toHaveLength(6 - storedBefore);
    // The parts already stored are where this run starts (speed counts from there).
    expect(resumedFrom).toEqual([storedBefore * PART]);
    expect(progress[0]).toBeGreaterThan(storedBefore * PART);
    expect(server.storage.size).toBe(0);
  });

  it('starts again when the saved upload is gone from the store', async () => {
    const server = fakeServer();
    server.storage.set(
      multipartStateKey('film.mkv:size:1:4:'),
      JSON.stringify({ createdAt: 1, fileKey: 'key-old', uploadId: 'old' }),
    );
    await createMultipartTransport(server.deps)(request(2 * PART), () => undefined, new AbortController().signal);
    expect(server.paths().slice(0, 2)).toEqual(['s3/multipart/get-uploaded-parts', 's3/multipart/create']);
  });

  it('tries a part three times, then aborts the upload, forgets it and fails', async () => {
    const server = fakeServer({ failPut: (n) => n === 2 });
    const upload = createMultipartTransport(server.deps)(
      request(3 * PART),
      () => undefined,
      new AbortController().signal,
    );
    await expect(upload).rejects.toThrow('network');
    expect(server.attempts.get(2)).toBe(3);
    expect(server.attempts.get(1)).toBe(1);
    expect(server.paths()).toContain('s3/multipart/abort');
    expect(server.paths()).not.toContain('s3/multipart/complete');
    expect(server.storage.size).toBe(0);
  });

  it('succeeds when a part fails fewer than three times', async () => {
    const server = fakeServer({ failPut: (n, attempt) => n === 1 && attempt < 3 });
    await createMultipartTransport(server.deps)(request(2 * PART), () => undefined, new AbortController().signal);
    expect(server.attempts.get(1)).toBe(3);
    expect(server.paths()).not.toContain('s3/multipart/abort');
  });

  it('reports a failed completion without a message and aborts the upload', async () => {
    const server = fakeServer({ failComplete: true });
    await expect(
      createMultipartTransport(server.deps)(request(PART), () => undefined, new AbortController().signal),
    ).rejects.toThrow(/^$/);
    expect(server.paths().at(-1)).toBe('s3/multipart/abort');
  });
});
