import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { promisify } from 'node:util';
import { pino } from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ThumbnailService } from '../../src/drive/thumbnails.service.ts';
import { DriveClient } from '../helpers/drive.ts';
import { DRIVERS, useDriveApps } from './drive-apps.ts';

const run = promisify(execFile);
const apps = useDriveApps();

/** A one-page PDF (200 x 300 pt) filled with one colour, with a correct cross-reference table. */
function makePdf(rgb: string): Buffer {
  const content = `${rgb} rg 0 0 200 300 re f`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 300] /Contents 4 0 R >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A real video made by ffmpeg: one colour, `seconds` long. */
async function makeVideo(dir: string, name: string, seconds: number, codec: string[]): Promise<Buffer> {
  const file = path.join(dir, name);
  const source = `color=c=red:s=160x120:d=${seconds}:r=10`;
  await run('ffmpeg', ['-nostdin', '-loglevel', 'error', '-f', 'lavfi', '-i', source, ...codec, '-y', file]);
  return fs.readFileSync(file);
}

/** The RGB of the thumbnail's middle pixel. */
async function middlePixel(webp: Buffer): Promise<number[]> {
  const { data, info } = await sharp(webp).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * 3;
  return [data[at], data[at + 1], data[at + 2]];
}

/** Warnings and errors a logger wrote, parsed. */
function capturingLogger() {
  const lines: Array<{ level: number; msg: string; tool?: string }> = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: pino({ level: 'debug' }, sink), warnings: () => lines.filter((l) => l.level >= 40) };
}

let scratch: string;
let video: Buffer;
let shortVideo: Buffer;
/** A server that counts every request an SVG reference might make. */
let bait: http.Server;
let baitHits: string[] = [];
let baitUrl: string;
beforeAll(async () => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'kosh-thumbs-test-'));
  video = await makeVideo(scratch, 'clip.mp4', 2, ['-c:v', 'libx264', '-pix_fmt', 'yuv420p']);
  shortVideo = await makeVideo(scratch, 'blink.webm', 0.4, ['-c:v', 'libvpx']);
  bait = http.createServer((req, res) => {
    baitHits.push(req.url ?? '');
    res.end();
  });
  await new Promise<void>((resolve) => bait.listen(0, '127.0.0.1', resolve));
  baitUrl = `http://127.0.0.1:${(bait.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  await new Promise((resolve) => bait.close(resolve));
  fs.rmSync(scratch, { recursive: true, force: true });
});

describe.each(DRIVERS)('ThumbnailService (%s driver)', (kind) => {
  const t = () => apps[kind];
  const drain = () => t().modules.drive.thumbnails.drain();
  const row = (id: number) => t().modules.drive.repos.entries.getById(id);

  /** Uploads a file, waits for the background thumbnail and answers the listed entry. */
  async function uploadAndWait(me: DriveClient, name: string, content: Buffer | string) {
    const entry = await me.upload(name, content);
    await drain();
    return (await me.list()).data.find((e) => e.id === entry.id)!;
  }

  async function thumbnailOf(me: DriveClient, url: string | null) {
    expect(url).not.toBeNull();
    const res = await me.agent.get(url!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    const meta = await sharp(res.rawPayload).metadata();
    return { meta, pixel: await middlePixel(res.rawPayload) };
  }

  it('renders an SVG to a 320 px WebP thumbnail', async () => {
    const me = await DriveClient.create(t());
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20" viewBox="0 0 40 20">' +
      '<rect width="40" height="20" fill="#00ff00"/></svg>';
    const entry = await uploadAndWait(me, 'logo.svg', svg);
    expect(entry.mime).toBe('image/svg+xml');
    const { meta, pixel } = await thumbnailOf(me, entry.thumbnail_url);
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 320, 160]);
    expect(pixel[1]).toBeGreaterThan(200);
    expect(pixel[0]).toBeLessThan(60);
  });

  it('renders a hostile SVG with its references dropped, and nothing leaves the process', async () => {
    baitHits = [];
    const me = await DriveClient.create(t());
    const svg = [
      '<?xml version="1.0"?>',
      '<!DOCTYPE svg [ <!ENTITY xxe SYSTEM "file:///etc/passwd">',
      `  <!ENTITY remote SYSTEM "${baitUrl}/entity"> <!ENTITY a "aaaaaaaaaa"> <!ENTITY b "&a;&a;&a;&a;&a;&a;"> ]>`,
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 100">',
      `<style>@import url(${baitUrl}/import.css); .x { fill: url(${baitUrl}/fill#p) }</style>`,
      '<rect width="100" height="100" fill="#0000ff"/>',
      `<image href="${baitUrl}/image.png" width="100" height="100"/>`,
      '<image xlink:href="file:///etc/passwd" width="100" height="100"/>',
      `<use href="${baitUrl}/use.svg#x"/><use xlink:href="../other.svg#y"/>`,
      `<rect class="x" width="10" height="10" style="fill:url(${baitUrl}/style#p)"/>`,
      `<filter id="f"><feImage href="${baitUrl}/feimage.png"/></filter>`,
      `<foreignObject width="100" height="100"><iframe src="${baitUrl}/iframe"></iframe></foreignObject>`,
      '<text>&xxe;&remote;&b;</text>',
      '</svg>',
    ].join('\n');
    const entry = await uploadAndWait(me, 'hostile.svg', svg);
    const { meta, pixel } = await thumbnailOf(me, entry.thumbnail_url);
    expect([meta.width, meta.height]).toEqual([320, 320]);
    // The blue square is drawn; none of the references painted over it.
    expect(pixel[2]).toBeGreaterThan(200);
    expect(pixel[0]).toBeLessThan(60);
    expect(baitHits).toEqual([]);
  });

  it('makes no thumbnail of an SVG over the size bound, and the upload succeeds', async () => {
    const me = await DriveClient.create(t());
    const big = `<svg xmlns="http://www.w3.org/2000/svg"><desc>${'x'.repeat(5 * 1024 * 1024)}</desc></svg>`;
    const entry = await uploadAndWait(me, 'huge.svg', big);
    expect(entry.thumbnail_url).toBeNull();
    expect((await row(entry.id))!.thumbnail).toBeNull();
  });

  it("renders a PDF's first page with pdftoppm", async () => {
    const me = await DriveClient.create(t());
    const entry = await uploadAndWait(me, 'report.pdf', makePdf('0 0 1'));
    expect(entry.type).toBe('pdf');
    const { meta, pixel } = await thumbnailOf(me, entry.thumbnail_url);
    expect([meta.width, meta.height]).toEqual([214, 320]);
    expect(pixel[2]).toBeGreaterThan(200);
    expect(pixel[0]).toBeLessThan(60);
  });

  it('takes a frame of a video with ffmpeg, the first one of a clip under a second', async () => {
    const me = await DriveClient.create(t());
    for (const [name, bytes] of [
      ['clip.mp4', video],
      ['blink.webm', shortVideo],
    ] as const) {
      const entry = await uploadAndWait(me, name, bytes);
      expect(entry.type).toBe('video');
      const { meta, pixel } = await thumbnailOf(me, entry.thumbnail_url);
      expect([meta.width, meta.height]).toEqual([160, 120]);
      expect(pixel[0]).toBeGreaterThan(200);
      expect(pixel[1]).toBeLessThan(60);
    }
  });

  it('makes no thumbnail of a broken PDF or video, and the uploads succeed', async () => {
    const me = await DriveClient.create(t());
    for (const [name, bytes] of [
      ['broken.pdf', '%PDF-1.4\nnot really a PDF\n'],
      ['broken.mp4', video.subarray(0, 300)],
      ['playlist.mp4', `#EXTM3U\n#EXTINF:1,\n${baitUrl}/segment.ts\n#EXTINF:1,\nfile:///etc/passwd\n`],
    ] as const) {
      const res = await me.uploadRaw({ name, content: bytes });
      expect(res.statusCode).toBe(201);
      await drain();
      expect((await row(res.json().fileEntry.id))!.thumbnail).toBeNull();
    }
    expect(baitHits).toEqual([]);
  });

  it('makes no thumbnail when pdftoppm and ffmpeg are missing, and says so once per tool', async () => {
    const me = await DriveClient.create(t());
    const { logger, warnings } = capturingLogger();
    const absent = new ThumbnailService({
      entries: t().modules.drive.repos.entries,
      storage: t().modules.storage,
      logger,
      tools: { paths: { pdftoppm: path.join(scratch, 'no-pdftoppm'), ffmpeg: path.join(scratch, 'no-ffmpeg') } },
    });
    const rows = [];
    for (const [name, bytes] of [
      ['a.pdf', makePdf('1 0 0')],
      ['b.pdf', makePdf('0 1 0')],
      ['c.mp4', video],
      ['d.mp4', video],
    ] as const) {
      const entry = await me.upload(name, bytes);
      await drain();
      // The app's own service made one; this test asks the one without tools.
      await t().modules.drive.repos.entries.update(entry.id, { thumbnail: null });
      rows.push((await row(entry.id))!);
    }
    for (const r of rows) absent.schedule(r);
    await absent.drain();
    for (const r of rows) expect((await row(r.id))!.thumbnail).toBeNull();
    expect(warnings().map((w) => w.tool)).toEqual(['pdftoppm', 'ffmpeg']);
  });

  it('kills a render that runs past its timeout and removes its temp files', async () => {
    const me = await DriveClient.create(t());
    const slow = path.join(scratch, 'slow-pdftoppm');
    fs.writeFileSync(slow, '#!/bin/sh\nsleep 30\n', { mode: 0o755 });
    const tempDir = fs.mkdtempSync(path.join(scratch, 'tmp-'));
    const { logger, warnings } = capturingLogger();
    const service = new ThumbnailService({
      entries: t().modules.drive.repos.entries,
      storage: t().modules.storage,
      logger,
      tools: { paths: { pdftoppm: slow }, timeoutMs: 300, tempDir },
    });
    const entry = await me.upload('slow.pdf', makePdf('0 0 0'));
    await drain();
    await t().modules.drive.repos.entries.update(entry.id, { thumbnail: null });
    const started = Date.now();
    service.schedule((await row(entry.id))!);
    await service.drain();
    expect(Date.now() - started).toBeLessThan(10_000);
    expect((await row(entry.id))!.thumbnail).toBeNull();
    expect(warnings()).toHaveLength(1);
    expect(fs.readdirSync(tempDir)).toEqual([]);
  });
});
