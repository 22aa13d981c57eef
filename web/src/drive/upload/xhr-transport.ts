import type { FileEntry } from '@kosh/contracts';
import { ApiError } from '../../api/api-error.ts';
import { prepareRequest } from '../../api/http.ts';
import type { UploadTransport } from './plain-uploader.ts';

const readCookie = (name: string) => {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined;
};

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

/**
 * The plain upload (spec part 2, 7: POST file-entries, multipart: metadata, clientMime,
 * clientExtension, then file), sent with XMLHttpRequest because fetch reports no upload progress.
 */
export const xhrTransport: UploadTransport = ({ file, parentId, relativePath }, onProgress, signal) => {
  const form = new FormData();
  // The server reads metadata before the file streams in.
  form.append('metadata', JSON.stringify({ parentId, ...(relativePath ? { relativePath } : {}) }));
  form.append('clientMime', file.type || 'application/octet-stream');
  form.append('clientExtension', extensionOf(file.name));
  form.append('file', file, file.name);
  const { url, init } = prepareRequest('POST', 'file-entries', { body: form }, readCookie);
  return new Promise<FileEntry>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(init.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve((body as { fileEntry: FileEntry }).fileEntry);
      else reject(new Error(new ApiError(xhr.status, body).displayMessage ?? ''));
    };
    xhr.onerror = () => reject(new Error(''));
    signal.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
};
