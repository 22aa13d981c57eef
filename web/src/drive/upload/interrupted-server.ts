import { COOKIE, XSRF_HEADER } from '@kosh/contracts';
import { ApiError } from '../../api/api-error.ts';
import { apiRequest, readBrowserCookie } from '../../api/http.ts';
import type { InterruptedServer, InterruptedUpload, ServerCheck } from './interrupted-uploads.ts';
import type { MultipartState } from './multipart-state.ts';

// The browser's side of interrupted uploads: tus HEAD and DELETE on the saved upload address,
// s3/multipart/get-uploaded-parts and s3/multipart/abort for multipart ones (spec part 2, 7).

/** The server no longer has it: expired (410), unknown or not the caller's (404, 403). */
const GONE = new Set([403, 404, 410]);

function tusRequest(method: 'HEAD' | 'DELETE', url: string): Promise<Response> {
  // A saved address elsewhere than this site is not ours to call.
  if (new URL(url, window.location.href).origin !== window.location.origin)
    return Promise.resolve(new Response(null, { status: 404 }));
  const token = readBrowserCookie(COOKIE.xsrf);
  return fetch(url, {
    method,
    credentials: 'same-origin',
    headers: { 'Tus-Resumable': '1.0.0', ...(token ? { [XSRF_HEADER]: token } : {}) },
  });
}

const multipartRef = (upload: InterruptedUpload) => {
  const { fileKey, uploadId } = upload.ref as MultipartState;
  return { key: fileKey, uploadId };
};

async function check(upload: InterruptedUpload): Promise<ServerCheck> {
  if (upload.kind === 'resumable') {
    const response = await tusRequest('HEAD', upload.ref as string);
    const offset = Number(response.headers.get('Upload-Offset'));
    if (response.ok && Number.isFinite(offset)) return { bytes: offset };
    return GONE.has(response.status) ? 'gone' : 'unknown';
  }
  try {
    const { parts } = await apiRequest<{ parts: Array<{ Size: number }> }>('POST', 's3/multipart/get-uploaded-parts', {
      body: multipartRef(upload),
    });
    return { bytes: parts.reduce((n, p) => n + p.Size, 0) };
  } catch (error) {
    return error instanceof ApiError && GONE.has(error.status) ? 'gone' : 'unknown';
  }
}

async function discard(upload: InterruptedUpload): Promise<void> {
  if (upload.kind === 'resumable') {
    const response = await tusRequest('DELETE', upload.ref as string);
    if (!response.ok && !GONE.has(response.status)) throw new Error(response.statusText);
    return;
  }
  try {
    await apiRequest('POST', 's3/multipart/abort', { body: multipartRef(upload) });
  } catch (error) {
    if (!(error instanceof ApiError && GONE.has(error.status))) throw error;
  }
}

export const browserInterruptedServer: InterruptedServer = { check, discard };
