/** What an XMLHttpRequest answered. */
export type XhrAnswer = { status: number; text: string; header: (name: string) => string | null };

export type XhrRequest = {
  method: 'POST' | 'PUT';
  url: string;
  body: XMLHttpRequestBodyInit;
  headers?: Record<string, string>;
  /** Cookies go along (our own API); not to a storage bucket. */
  withCredentials?: boolean;
  onProgress?: (bytes: number) => void;
  signal: AbortSignal;
};

/**
 * One request with upload progress (fetch reports none). Resolves with any status; rejects
 * only when the network failed or the signal aborted.
 */
export function sendXhr({
  method,
  url,
  body,
  headers = {},
  withCredentials = false,
  onProgress,
  signal,
}: XhrRequest): Promise<XhrAnswer> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = withCredentials;
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    if (onProgress) xhr.upload.onprogress = (event) => onProgress(event.loaded);
    const onAbort = () => xhr.abort();
    signal.addEventListener('abort', onAbort, { once: true });
    const done = () => signal.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      done();
      resolve({ status: xhr.status, text: xhr.responseText, header: (name) => xhr.getResponseHeader(name) });
    };
    xhr.onerror = () => {
      done();
      reject(new Error(''));
    };
    xhr.onabort = () => {
      done();
      reject(signal.reason ?? new Error(''));
    };
    xhr.send(body);
  });
}
