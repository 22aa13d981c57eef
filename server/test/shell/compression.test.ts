import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DriveClient, bytes } from '../helpers/drive.ts';
import { createTestApp, FIXTURE_INDEX_HTML, type TestApp } from '../helpers/test-app.ts';

// A built web app as vite.config.ts leaves it: each text asset beside its .br and .gz.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kosh-compressed-dist-'));
const script = `export const rows = [${Array.from({ length: 2000 }, (_, i) => `'row ${i}'`).join(', ')}];\n`;
const tiny = 'export const a = 1;\n';
fs.mkdirSync(path.join(dist, 'assets'));
fs.writeFileSync(path.join(dist, 'index.html'), FIXTURE_INDEX_HTML);
fs.writeFileSync(path.join(dist, 'assets/app-0a1b2c.js'), script);
fs.writeFileSync(path.join(dist, 'assets/app-0a1b2c.js.br'), zlib.brotliCompressSync(script));
fs.writeFileSync(path.join(dist, 'assets/app-0a1b2c.js.gz'), zlib.gzipSync(script));
fs.writeFileSync(path.join(dist, 'assets/tiny-0a1b2c.js'), tiny);
fs.writeFileSync(path.join(dist, 'sw.js'), script);
fs.writeFileSync(path.join(dist, 'sw.js.br'), zlib.brotliCompressSync(script));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WEB_DIST_DIR: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { ...headers, ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }) },
  });

function decoded(res: { rawPayload: Buffer; headers: Record<string, unknown> }): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(res.rawPayload).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(res.rawPayload).toString();
  return res.rawPayload.toString();
}

describe('built assets', () => {
  it('serves the brotli file to a browser taking br, gzip to one taking only gzip, plain otherwise', async () => {
    const br = await get('/assets/app-0a1b2c.js', 'gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.length).toBeLessThan(script.length / 4);
    expect(decoded(br)).toBe(script);

    const gz = await get('/assets/app-0a1b2c.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decoded(gz)).toBe(script);

    for (const accept of [undefined, 'identity']) {
      const plain = await get('/assets/app-0a1b2c.js', accept);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);
    }
  });

  it('sends small assets as they are, top-level files compressed, and never the compressed copies', async () => {
    const small = await get('/assets/tiny-0a1b2c.js', 'br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe(tiny);
    const worker = await get('/sw.js', 'br');
    expect(worker.headers['content-encoding']).toBe('br');
    expect(decoded(worker)).toBe(script);
    expect(worker.headers['content-security-policy']).toBe("default-src 'self'; img-src 'self' data: blob:");
    expect((await get('/sw.js.br', 'br')).statusCode).toBe(404);
  });
});

describe('answers written by the server', () => {
  it('compresses JSON above 1 KB as the client asks, with Vary, and leaves it plain otherwise', async () => {
    const br = await get('/api/v1/bootstrap-data', 'gzip, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-length']).toBe(String(br.rawPayload.length));
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const plain = await get('/api/v1/bootstrap-data');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    // Each answer carries a fresh CSRF token; the rest is the same.
    const withoutToken = (body: string) => ({ ...JSON.parse(body), csrf_token: undefined });
    expect(withoutToken(decoded(br))).toEqual(withoutToken(plain.body));
    expect(plain.body.length).toBeGreaterThan(1024);

    const gz = await get('/api/v1/bootstrap-data', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(withoutToken(decoded(gz))).toEqual(withoutToken(plain.body));
  });

  it('compresses the HTML shell, the OpenAPI document and errors alike, but not answers under 1 KB', async () => {
    const shell = await get('/drive', 'br', { accept: 'text/html' });
    expect(shell.headers['content-type']).toMatch(/^text\/html/);
    expect(shell.headers['content-encoding']).toBe('br');
    expect(decoded(shell)).toContain('<div id="root">');
    const docs = await get('/api-docs/json', 'gzip');
    expect(docs.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(docs)).openapi).toMatch(/^3\./);
    const small = await get('/api/v1/no-such-endpoint', 'br');
    expect(small.statusCode).toBe(404);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toHaveProperty('message');
  });

  it('sends stored files byte for byte, with their length and ranges, whatever the client accepts', async () => {
    const me = await DriveClient.create(t);
    const text = 'a line of plain text that compresses very well\n'.repeat(400);
    const entry = await me.upload('notes.txt', text);
    const res = await me.download(entry.hash, { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-length']).toBe(String(text.length));
    expect(res.body).toBe(text);
    const range = await me.download(entry.hash, { 'accept-encoding': 'br, gzip', range: 'bytes=10-19' });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-encoding']).toBeUndefined();
    expect(range.body).toBe(text.slice(10, 20));
    const data = bytes(5000, 3);
    const json = await me.upload('data.json', data);
    const raw = await me.download(json.hash, { 'accept-encoding': 'br' });
    expect(raw.headers['content-encoding']).toBeUndefined();
    expect(raw.rawPayload.equals(data)).toBe(true);
  });
});
