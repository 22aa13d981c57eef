import type { FileEntry } from '@kosh/contracts';
import type { UploadPost } from './upload-api.ts';
import type { UploadTransport } from './upload-queue.ts';
import { sendXhr } from './xhr.ts';

/** PUTs bytes to a signed storage address (no cookies); resolves with the answer's ETag. */
export async function putToStorage(
  url: string,
  body: Blob,
  headers: Record<string, string>,
  onProgress: (bytes: number) => void,
  signal: AbortSignal,
): Promise<string> {
  const answer = await sendXhr({ method: 'PUT', url, body, headers, onProgress, signal });
  if (answer.status < 200 || answer.status >= 300) throw new Error('');
  // The bucket's CORS rules must expose ETag, or the parts cannot be completed.
  const etag = answer.header('ETag');
  if (etag === null) throw new Error('');
  return etag;
}

/** The simple upload straight to S3 (spec part 2, 7): presign, PUT, then the entry. */
export function createS3SimpleTransport(post: UploadPost, put = putToStorage): UploadTransport {
  return async (request, onProgress, signal) => {
    const placement = {
      parentId: request.parentId,
      ...(request.relativePath ? { relativePath: request.relativePath } : {}),
    };
    const { url, acl, key } = await post<{ url: string; acl: string; key: string }>(
      's3/simple/presign',
      {
        filename: request.name,
        mime: request.mime,
        size: request.file.size,
        extension: request.extension,
        metadata: placement,
      },
      signal,
    );
    await put(url, request.file, { 'x-amz-acl': acl }, onProgress, signal);
    const { fileEntry } = await post<{ fileEntry: FileEntry }>(
      's3/entries',
      {
        key,
        size: request.file.size,
        clientName: request.name,
        clientMime: request.mime,
        clientExtension: request.extension,
      },
      signal,
    );
    return fileEntry;
  };
}
