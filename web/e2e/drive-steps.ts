import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import type { BrowserContext, Page } from 'playwright-core';
import type { FileEntry } from '@kosh/contracts';
import { cookieValue, startServer, type RunningServer } from './harness.ts';

/**
 * Starts the server on a private copy of the built web app, so another journey's build of
 * web/dist, running at the same time, cannot swap the assets out from under this one.
 * KOSH_E2E_DIST names another build to copy (with KOSH_E2E_SKIP_BUILD=1 while iterating).
 */
export async function startDriveServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'kosh-e2e-dist-'));
  cpSync(process.env.KOSH_E2E_DIST ?? path.resolve(import.meta.dirname, '../dist'), dist, { recursive: true });
  const server = await startServer({ env: { ...env, WEB_DIST_DIR: dist } });
  return {
    ...server,
    stop: async () => {
      await server.stop();
      rmSync(dist, { recursive: true, force: true });
    },
  };
}

/** Drive calls through the browser context's cookie jar (after signInAs), for seeding journeys. */
export function driveApi(server: RunningServer, context: BrowserContext) {
  const headers = async () => ({
    accept: 'application/json',
    'x-xsrf-token': cookieValue(await context.cookies(server.url), 'XSRF-TOKEN') ?? '',
  });
  const json = async <T>(
    response: { ok: () => boolean; status: () => number; text: () => Promise<string> },
    what: string,
  ): Promise<T> => {
    if (!response.ok()) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
    return JSON.parse(await response.text()) as T;
  };
  return {
    async folder(name: string, parentId: number | null = null): Promise<FileEntry> {
      const response = await context.request.post(`${server.url}/api/v1/folders`, {
        data: { name, parentId },
        headers: await headers(),
      });
      return (await json<{ fileEntry: FileEntry }>(response, `folder ${name}`)).fileEntry;
    },
    async upload(
      name: string,
      content: Buffer | string,
      mimeType = 'application/octet-stream',
      parentId: number | null = null,
    ): Promise<FileEntry> {
      const response = await context.request.post(`${server.url}/api/v1/file-entries`, {
        headers: await headers(),
        multipart: {
          metadata: JSON.stringify({ parentId }),
          file: { name, mimeType, buffer: Buffer.isBuffer(content) ? content : Buffer.from(content) },
        },
      });
      return (await json<{ fileEntry: FileEntry }>(response, `upload ${name}`)).fileEntry;
    },
    /** POST file-entries/bulk: one action on a whole folder or the trash. */
    async bulk(body: Record<string, unknown>): Promise<{ done: number; refused: number }> {
      const response = await context.request.post(`${server.url}/api/v1/file-entries/bulk`, {
        data: body,
        headers: await headers(),
      });
      return json<{ done: number; refused: number }>(response, `bulk ${String(body.action)}`);
    },
    async total(query: Record<string, string>): Promise<number> {
      const response = await context.request.get(
        `${server.url}/api/v1/drive/file-entries?${new URLSearchParams(query)}`,
        { headers: await headers() },
      );
      return (await json<{ total: number }>(response, 'list')).total;
    },
    async list(query: Record<string, string>): Promise<FileEntry[]> {
      const response = await context.request.get(
        `${server.url}/api/v1/drive/file-entries?${new URLSearchParams(query)}`,
        { headers: await headers() },
      );
      return (await json<{ data: FileEntry[] }>(response, 'list')).data;
    },
  };
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG of one colour (RGB), made by hand: signature, IHDR, one zlib IDAT, IEND. */
export function makePng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A minimal valid one-page PDF with a line of text, its xref offsets computed. */
export function makePdf(text: string): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    (() => {
      const stream = `BT /F1 18 Tf 24 72 Td (${text}) Tj ET`;
      return `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
    })(),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  const xrefRows = offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${xrefRows}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** The entry (row or card) of the file view with this name. */
export const entry = (page: Page, name: string) =>
  page.locator(`[data-testid="entry"][data-entry-name="${name.replace(/"/g, '\\"')}"]`);

/** Names shown in the file view, in order (the virtualized list renders those in sight). */
export async function shownNames(page: Page): Promise<string[]> {
  return page.locator('[data-testid="entry"]').evaluateAll((els) =>
    els
      .map((el) => ({
        name: el.getAttribute('data-entry-name') ?? '',
        top: el.getBoundingClientRect().top,
        left: el.getBoundingClientRect().left,
      }))
      .sort((a, b) => a.top - b.top || a.left - b.left)
      .map((e) => e.name),
  );
}
