import { prepareRequest, readBrowserCookie } from '../../api/http.ts';
import { entryOf } from './upload-api.ts';
import type { UploadTransport } from './upload-queue.ts';
import { sendXhr } from './xhr.ts';

/**
 * The plain upload (spec part 2, 7: POST file-entries, multipart: metadata, clientMime,
 * clientExtension, then file), sent with XMLHttpRequest because fetch reports no upload progress.
 */
export const plainTransport: UploadTransport = async (
  { file, parentId, relativePath, mime, extension, name },
  onProgress,
  signal,
) => {
  const form = new FormData();
  // The server reads metadata before the file streams in.
  form.append('metadata', JSON.stringify({ parentId, ...(relativePath ? { relativePath } : {}) }));
  form.append('clientMime', mime);
  form.append('clientExtension', extension);
  form.append('file', file, name);
  const { url, init } = prepareRequest('POST', 'file-entries', { body: form }, readBrowserCookie);
  return entryOf(
    await sendXhr({
      method: 'POST',
      url,
      body: form,
      headers: init.headers,
      withCredentials: true,
      onProgress,
      signal,
    }),
  );
};
