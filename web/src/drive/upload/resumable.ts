import { RESUMABLE_RETRY_DELAYS_MS, type FileEntry } from '@kosh/contracts';
import type { DetailedError, HttpRequest, HttpResponse, Upload, UploadOptions } from 'tus-js-client';
import type { UploadPost } from './upload-api.ts';
import type { UploadTransport } from './upload-queue.ts';

// The resumable upload (spec part 2, 4 and 7): tus 1.0 in chunks of the uploads.chunk_size
// setting, retried after 3, 5, 10 and 30 seconds, then POST tus/entries with the upload key.
// tus-js-client keeps each upload's address under our fingerprint (localStorage), so
// picking the same file for the same place after a reload continues where it stopped.

export type TusUploadClass = new (
  file: Blob,
  options: UploadOptions,
) => Pick<Upload, 'start' | 'abort' | 'findPreviousUploads' | 'resumeFromPreviousUpload' | 'url'>;

export type ResumableDeps = {
  /** tus-js-client, loaded when the first resumable upload starts. */
  loadTus: () => Promise<{ Upload: TusUploadClass }>;
  post: UploadPost;
  /** The absolute tus endpoint (tus-js-client resolves upload URLs against it). */
  endpoint: string;
  chunkSize: () => number;
  /** Headers of every tus request: the anti-forgery token, read when the request goes. */
  headers: () => Record<string, string>;
  workspaceId: () => number | null;
};

/** The message in the server's JSON answer ({message} or a 422 errors map), else empty. */
export function tusErrorMessage(error: Error): string {
  const body = (error as Partial<DetailedError>).originalResponse?.getBody();
  if (!body) return '';
  try {
    const parsed = JSON.parse(body) as { message?: unknown; errors?: Record<string, unknown> };
    const first = parsed.errors ? Object.values(parsed.errors).flat()[0] : undefined;
    if (typeof first === 'string' && first) return first;
    return typeof parsed.message === 'string' ? parsed.message : '';
  } catch {
    return '';
  }
}

/** What tus-js-client stores an upload's address under (its url storage key: tus::<this>::<id>). */
export const tusFingerprint = (fingerprint: string) => `kosh.tus.${fingerprint}`;

/** The key tus/entries takes: the last segment of the upload address. */
export const uploadKeyOf = (url: string) => url.split('?')[0].replace(/\/+$/, '').split('/').pop() ?? '';

export function createResumableTransport(deps: ResumableDeps): UploadTransport {
  return async (request, onProgress, signal) => {
    const { Upload } = await deps.loadTus();
    if (signal.aborted) throw signal.reason ?? new Error('');
    const workspaceId = deps.workspaceId();
    const url = await new Promise<string>((resolve, reject) => {
      const upload = new Upload(request.file, {
        endpoint: deps.endpoint,
        chunkSize: deps.chunkSize() || undefined,
        retryDelays: [...RESUMABLE_RETRY_DELAYS_MS],
        metadata: {
          name: request.name,
          clientName: request.name,
          clientExtension: request.extension,
          clientMime: request.mime,
          clientSize: String(request.file.size),
          disk: 'uploads',
          parentId: request.parentId === null ? '' : String(request.parentId),
          relativePath: request.relativePath,
          ...(workspaceId ? { workspaceId: String(workspaceId) } : {}),
        },
        onBeforeRequest: (req: HttpRequest) => {
          for (const [name, value] of Object.entries(deps.headers())) req.setHeader(name, value);
        },
        // The HEAD of a resumed upload tells what the server holds: speed counts only bytes after it.
        onAfterResponse: (req: HttpRequest, res: HttpResponse) => {
          const offset = Number(res.getHeader('Upload-Offset'));
          if (req.getMethod() === 'HEAD' && res.getStatus() === 200 && Number.isFinite(offset))
            onProgress(offset, true);
        },
        fingerprint: async () => tusFingerprint(request.fingerprint),
        storeFingerprintForResuming: true,
        removeFingerprintOnSuccess: true,
        onProgress: (bytesSent) => onProgress(bytesSent),
        onError: (error) => reject(new Error(tusErrorMessage(error))),
        onSuccess: () => resolve(upload.url ?? ''),
      });
      signal.addEventListener(
        'abort',
        () => {
          // Terminated on the server (its space reservation ends) and forgotten here.
          upload.abort(true).catch(() => undefined);
          reject(signal.reason ?? new Error(''));
        },
        { once: true },
      );
      upload
        .findPreviousUploads()
        .then((previous) => {
          if (signal.aborted) return;
          if (previous.length) upload.resumeFromPreviousUpload(previous[0]);
          upload.start();
        })
        .catch(() => upload.start());
    });
    const { fileEntry } = await deps.post<{ fileEntry: FileEntry }>(
      'tus/entries',
      { uploadKey: uploadKeyOf(url) },
      signal,
    );
    return fileEntry;
  };
}
