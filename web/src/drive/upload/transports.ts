import { COOKIE, TUS_ENDPOINT_PATH, XSRF_HEADER, type UploadSettings } from '@kosh/contracts';
import { readBrowserCookie, resolveUrl } from '../../api/http.ts';
import { plainTransport } from './plain-transport.ts';
import { uploadPost } from './upload-api.ts';
import type { UploadMethod } from './upload-method.ts';
import type { UploadTransport } from './upload-queue.ts';

// The browser's transport for each method. The resumable and direct ones (and tus-js-client)
// load on first use, keeping them out of the drive's first load.

/** A transport made on first use (once; again after a failed load). */
function lazy(make: () => Promise<UploadTransport>): UploadTransport {
  let made: Promise<UploadTransport> | undefined;
  return (request, onProgress, signal) => {
    made ??= make().catch((error) => {
      made = undefined;
      throw error;
    });
    return made.then((send) => send(request, onProgress, signal));
  };
}

export function browserTransports(settings: () => UploadSettings): Record<UploadMethod, UploadTransport> {
  return {
    plain: plainTransport,
    resumable: lazy(async () =>
      (await import('./resumable.ts')).createResumableTransport({
        loadTus: () => import('tus-js-client'),
        post: uploadPost,
        endpoint: new URL(resolveUrl(TUS_ENDPOINT_PATH), window.location.origin).href,
        chunkSize: () => settings().chunk_size,
        headers: (): Record<string, string> => {
          const token = readBrowserCookie(COOKIE.xsrf);
          return token ? { [XSRF_HEADER]: token } : {};
        },
        workspaceId: () => Number(readBrowserCookie(COOKIE.activeWorkspace) ?? 0) || null,
      }),
    ),
    s3Simple: lazy(async () => (await import('./s3-simple.ts')).createS3SimpleTransport(uploadPost)),
    s3Multipart: lazy(async () => {
      const [{ createMultipartTransport }, { putToStorage }] = await Promise.all([
        import('./s3-multipart.ts'),
        import('./s3-simple.ts'),
      ]);
      return createMultipartTransport({
        post: uploadPost,
        putPart: (url, body, onProgress, signal) => putToStorage(url, body, {}, onProgress, signal),
        storage: window.localStorage,
        now: Date.now,
      });
    }),
  };
}
