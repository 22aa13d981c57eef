import { createHash, randomFillSync } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import * as tus from 'tus-js-client';
import { COOKIE, XSRF_HEADER, type FileEntry } from '@kosh/contracts';
import type { Agent, TestApp } from './test-app.ts';

/** The app listening on a free loopback port (tus-js-client speaks real HTTP); answers its base URL. */
export async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

/** What a browser sends with every upload request: the session cookie and the anti-forgery header. */
export async function browserHeaders(agent: Agent): Promise<Record<string, string>> {
  if (!agent.cookies.has(COOKIE.xsrf)) await agent.get('/health');
  return {
    Cookie: [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    [XSRF_HEADER]: agent.cookies.get(COOKIE.xsrf)!,
  };
}

/** A file of random bytes in a temp folder, with its SHA-256. */
export function randomFile(bytes: number, name = 'data.bin'): { file: string; sha256: string; size: number } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kosh-upload-'));
  const file = path.join(dir, name);
  const hash = createHash('sha256');
  const fd = fs.openSync(file, 'w');
  const block = Buffer.alloc(1024 * 1024);
  for (let written = 0; written < bytes; written += block.length) {
    const n = Math.min(block.length, bytes - written);
    randomFillSync(block, 0, n);
    fs.writeSync(fd, block, 0, n);
    hash.update(block.subarray(0, n));
  }
  fs.closeSync(fd);
  return { file, sha256: hash.digest('hex'), size: bytes };
}

export type TusOptions = Partial<tus.UploadOptions> & { endpoint?: string };

/** Runs one tus-js-client upload to its end; rejects with the client's error (status in .status). */
export function tusUpload(
  input: Buffer | fs.ReadStream,
  options: TusOptions & { headers: Record<string, string> },
): Promise<{ url: string; upload: tus.Upload }> {
  return new Promise((resolve, reject) => {
    const upload: tus.Upload = new tus.Upload(input, {
      retryDelays: null as unknown as number[],
      ...options,
      onSuccess: () => resolve({ url: upload.url!, upload }),
      onError: (error) =>
        reject(
          Object.assign(error, {
            status: (error as tus.DetailedError).originalResponse?.getStatus(),
            body: (error as tus.DetailedError).originalResponse?.getBody(),
          }),
        ),
    });
    upload.start();
  });
}

/**
 * Creates an upload and sends its bytes in one PATCH that is cut off (the socket destroyed)
 * once `cutAt` bytes went out and had time to arrive; answers the upload URL. Raw HTTP, so the
 * cut falls where it is told (tus-js-client reports progress only every 100 ms).
 */
export async function tusUploadCutOff(
  input: fs.ReadStream,
  cutAt: number,
  options: { endpoint: string; headers: Record<string, string>; metadata: Record<string, string> },
): Promise<string> {
  const file = String(input.path);
  input.destroy();
  const size = fs.statSync(file).size;
  const metadata = Object.entries(options.metadata)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');
  const created = await fetch(options.endpoint, {
    method: 'POST',
    headers: {
      ...options.headers,
      'Tus-Resumable': '1.0.0',
      'Upload-Length': String(size),
      'Upload-Metadata': metadata,
    },
  });
  if (created.status !== 201) throw new Error(`creation: ${created.status} ${await created.text()}`);
  const url = new URL(created.headers.get('location')!, options.endpoint).toString();
  await new Promise<void>((resolve, reject) => {
    const req = http.request(url, {
      method: 'PATCH',
      headers: {
        ...options.headers,
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': '0',
        'Content-Type': 'application/offset+octet-stream',
        'Content-Length': String(size),
      },
    });
    req.on('error', () => undefined);
    req.on('response', () => reject(new Error('the PATCH was answered before it was cut off')));
    const part = fs.createReadStream(file, { end: cutAt - 1 });
    part.on('error', reject);
    part.on('data', (chunk) => {
      if (!req.write(chunk)) {
        part.pause();
        req.once('drain', () => part.resume());
      }
    });
    part.on('end', () =>
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 300),
    );
  });
  return url;
}

/** POST tus/entries for an upload URL. */
export async function finishTus(agent: Agent, url: string): Promise<FileEntry> {
  const res = await agent.post('/api/v1/tus/entries', { uploadKey: url });
  if (res.statusCode !== 201) throw new Error(`tus/entries: ${res.statusCode} ${res.body}`);
  return res.json().fileEntry;
}

export const sha256Of = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');
