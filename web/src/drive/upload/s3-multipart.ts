import {
  MULTIPART_PARTS_IN_FLIGHT,
  MULTIPART_SIGN_BATCH,
  UPLOAD_CHUNK_TRIES,
  multipartPartSize,
  type FileEntry,
} from '@kosh/contracts';
import { multipartStateKey, readState } from './multipart-state.ts';
import type { UploadPost } from './upload-api.ts';
import type { UploadProgress, UploadRequest, UploadTransport } from './upload-queue.ts';

// The multipart upload straight to S3 (spec part 2, 4 "Multipart direct upload", 7 and 9):
// resume from the state saved under the file's fingerprint when the store still has it;
// otherwise create the upload. Parts are signed ten at a time and sent five at a time, each
// tried three times; then complete, make the entry, forget the state. A failure aborts the
// upload on the server, unless the person aborted (then a retry resumes).

/** PUTs one part to a signed address; resolves with the ETag header. */
export type PartPut = (
  url: string,
  body: Blob,
  onProgress: (bytes: number) => void,
  signal: AbortSignal,
) => Promise<string>;

export type MultipartDeps = {
  post: UploadPost;
  putPart: PartPut;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  now: () => number;
};

type Part = { PartNumber: number; ETag: string; Size: number };

const silent = (): never => {
  throw new Error('');
};

/** Bytes of part `n` (1-based) of a `size`-byte file cut in `partSize` pieces. */
const partBytes = (n: number, size: number, partSize: number) => Math.min(partSize, size - (n - 1) * partSize);

export function createMultipartTransport(deps: MultipartDeps): UploadTransport {
  return (request, onProgress, signal) => uploadMultipart(deps, request, onProgress, signal);
}

async function uploadMultipart(
  deps: MultipartDeps,
  request: UploadRequest,
  onProgress: UploadProgress,
  signal: AbortSignal,
): Promise<FileEntry> {
  const { file } = request;
  const stateKey = multipartStateKey(request.fingerprint);
  const partSize = multipartPartSize(file.size);
  const partCount = Math.max(1, Math.ceil(file.size / partSize));
  const done = new Map<number, string>();
  let state = readState(deps.storage, stateKey);
  if (state) {
    try {
      const { parts } = await deps.post<{ parts: Part[] }>(
        's3/multipart/get-uploaded-parts',
        { key: state.fileKey, uploadId: state.uploadId },
        signal,
      );
      // A part of another size was cut for another file: send it again.
      for (const p of parts)
        if (p.PartNumber <= partCount && p.Size === partBytes(p.PartNumber, file.size, partSize))
          done.set(p.PartNumber, p.ETag);
    } catch (error) {
      if (signal.aborted) throw error;
      deps.storage.removeItem(stateKey);
      state = null;
    }
  }
  if (!state) {
    const placement = {
      parentId: request.parentId,
      ...(request.relativePath ? { relativePath: request.relativePath } : {}),
    };
    const created = await deps.post<{ uploadId: string; key: string }>(
      's3/multipart/create',
      {
        filename: request.name,
        mime: request.mime,
        size: file.size,
        extension: request.extension,
        metadata: placement,
      },
      signal,
    );
    state = { createdAt: deps.now(), fileKey: created.key, uploadId: created.uploadId };
    deps.storage.setItem(stateKey, JSON.stringify(state));
  }
  const ref = { key: state.fileKey, uploadId: state.uploadId };

  try {
    const sent = new Map<number, number>();
    let doneBytes = [...done.keys()].reduce((n, p) => n + partBytes(p, file.size, partSize), 0);
    const report = (isResumeOffset = false) =>
      onProgress(doneBytes + [...sent.values()].reduce((a, b) => a + b, 0), isResumeOffset);
    report(true);

    const todo = Array.from({ length: partCount }, (_, i) => i + 1).filter((n) => !done.has(n));
    const urls = new Map<number, Promise<string>>();
    // Addresses are signed in batches of ten, the first time a part of the batch needs one.
    const urlOf = (n: number): Promise<string> => {
      if (!urls.has(n)) {
        const at = todo.indexOf(n);
        const batch = todo.slice(at, at + MULTIPART_SIGN_BATCH).filter((p) => !urls.has(p));
        const signed = deps.post<{ urls: Array<{ partNumber: number; url: string }> }>(
          's3/multipart/batch-sign-part-urls',
          { ...ref, partNumbers: batch },
          signal,
        );
        for (const p of batch) {
          const url = signed.then(
            (r) => r.urls.find((u) => u.partNumber === p)?.url ?? Promise.reject(new Error('')),
            () => Promise.reject(new Error('')),
          );
          url.catch(() => undefined); // awaited later, or never when the upload stops first
          urls.set(p, url);
        }
      }
      return urls.get(n) ?? Promise.reject(new Error(`Part ${n} has no signed URL.`));
    };
    const sendPart = async (n: number): Promise<void> => {
      const body = file.slice((n - 1) * partSize, (n - 1) * partSize + partBytes(n, file.size, partSize));
      for (let attempt = 1; ; attempt++) {
        try {
          const onBytes = (bytes: number) => {
            sent.set(n, bytes);
            report();
          };
          const etag = await deps.putPart(await urlOf(n), body, onBytes, signal);
          sent.delete(n);
          done.set(n, etag);
          doneBytes += body.size;
          report();
          return;
        } catch (error) {
          sent.delete(n);
          urls.delete(n); // signed again: the address may be what failed
          if (signal.aborted || attempt >= UPLOAD_CHUNK_TRIES) throw error;
        }
      }
    };
    let next = 0;
    const worker = async () => {
      while (next < todo.length && !signal.aborted) await sendPart(todo[next++]);
    };
    await Promise.all(Array.from({ length: Math.min(MULTIPART_PARTS_IN_FLIGHT, todo.length) }, worker));
    if (signal.aborted) throw signal.reason ?? new Error('');

    const parts = [...done.entries()].sort(([a], [b]) => a - b).map(([PartNumber, ETag]) => ({ PartNumber, ETag }));
    // Part 2, 8: failures of signing, completing and making the entry report no message.
    await deps.post('s3/multipart/complete', { ...ref, parts }, signal).catch(silent);
    const { fileEntry } = await deps
      .post<{ fileEntry: FileEntry }>(
        's3/entries',
        {
          key: state.fileKey,
          size: file.size,
          clientName: request.name,
          clientMime: request.mime,
          clientExtension: request.extension,
        },
        signal,
      )
      .catch(silent);
    deps.storage.removeItem(stateKey);
    return fileEntry;
  } catch (error) {
    if (!signal.aborted) {
      deps.storage.removeItem(stateKey);
      await deps.post('s3/multipart/abort', ref).catch(() => undefined);
    }
    throw error;
  }
}
