import { createHash, randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GetObjectCommand, ListObjectsV2Command, PutBucketCorsCommand, S3Client } from '@aws-sdk/client-s3';
import type { Page, Route } from 'playwright-core';
import type { FileEntry } from '@kosh/contracts';
import { startRgw, type Rgw } from '../../server/test/helpers/rgw.ts';
import { registerViaApi, uniqueEmail } from './account-steps.ts';
import { driveApi, entry, shownNames, startDriveServer } from './drive-steps.ts';
import {
  DESKTOP,
  MOBILE,
  openBrowser,
  screenshot,
  seriousA11yViolations,
  setSettings,
  signInAs,
  unexpectedConsoleErrors,
  waitForApp,
  type Browser,
  type RunningServer,
} from './harness.ts';

// The upload queue: resumable (tus) uploads, folders by picker and by drag and
// drop, abort and retry, and a multipart upload straight to a real S3 (Ceph's RADOS Gateway)
// that continues after the page is reloaded.

const PASSWORD = 'upload-pass-42';
const MB = 1024 ** 2;
const tmp = mkdtempSync(path.join(os.tmpdir(), 'kosh-e2e-uploads-'));
let browser: Browser | undefined;

afterAll(() => rmSync(tmp, { recursive: true, force: true }));
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

/** A file of random bytes on disk, written in pieces; returns its path and SHA-256. */
function randomFile(name: string, size: number): { file: string; sha256: string } {
  const file = path.join(tmp, name);
  const hash = createHash('sha256');
  const fd = openSync(file, 'w');
  for (let left = size; left > 0; ) {
    const piece = randomBytes(Math.min(4 * MB, left));
    hash.update(piece);
    writeSync(fd, piece);
    left -= piece.length;
  }
  closeSync(fd);
  return { file, sha256: hash.digest('hex') };
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const panel = (page: Page) => page.getByTestId('upload-panel');
const row = (page: Page, name: string) => panel(page).getByTestId('upload-row').filter({ hasText: name });

async function openDrive(server: RunningServer, viewport = DESKTOP) {
  const email = uniqueEmail('uploads');
  await registerViaApi(server, email, PASSWORD, { first_name: 'Meera', last_name: 'Iyer' });
  browser = await openBrowser(viewport);
  await signInAs(server, browser.context, email, PASSWORD);
  const page = browser.page;
  await page.goto(`${server.url}/drive`);
  await waitForApp(page);
  const api = driveApi(server, browser.context);
  const download = async (e: FileEntry) => {
    const response = await browser!.context.request.get(`${server.url}/api/v1/file-entries/${e.hash}/download`);
    expect(response.status()).toBe(200);
    return response.body();
  };
  return { page, api, download };
}

describe('uploads', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startDriveServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('uploads a 30 MB file resumably and downloads the same bytes', async () => {
    const { page, api, download } = await openDrive(server);
    const big = randomFile('video.bin', 30 * MB);
    const tus: string[] = [];
    page.on(
      'request',
      (r) =>
        r.url().includes('/api/v1/tus/') &&
        tus.push(`${r.method()} ${new URL(r.url()).pathname.replace(/upload\/[^/]+$/, 'upload/ID')}`),
    );
    await page.getByTestId('upload-files-input').setInputFiles(big.file);
    await panel(page).getByText('1 upload complete').waitFor({ timeout: 60_000 });
    await entry(page, 'video.bin').waitFor();
    expect(tus).toContain('POST /api/v1/tus/upload');
    expect(tus).toContain('PATCH /api/v1/tus/upload/ID');
    expect(tus.at(-1)).toBe('POST /api/v1/tus/entries');
    const [listed] = (await api.list({ section: 'home' })).filter((e) => e.name === 'video.bin');
    expect(listed.file_size).toBe(30 * MB);
    expect(sha256(await download(listed))).toBe(big.sha256);
    expect(unexpectedConsoleErrors(browser!.consoleErrors)).toEqual([]);
  });

  it('uploads a folder tree with the folder picker and files dropped onto a folder', async () => {
    const { page, api } = await openDrive(server);
    const root = path.join(tmp, 'Holiday');
    mkdirSync(path.join(root, 'Day 1', 'Beach'), { recursive: true });
    mkdirSync(path.join(root, 'Day 2'), { recursive: true });
    for (const [file, text] of [
      ['plan.txt', 'plan'],
      ['Day 1/notes.txt', 'day one'],
      ['Day 1/Beach/shell.txt', 'shell'],
      ['Day 2/notes.txt', 'day two'],
      ['Day 1/.DS_Store', 'junk'],
    ])
      writeFileSync(path.join(root, file), text);
    await page.getByTestId('upload-folder-input').setInputFiles(root);
    await panel(page).getByText('4 uploads complete').waitFor({ timeout: 30_000 });
    await entry(page, 'Holiday').dblclick();
    await entry(page, 'Day 1').waitFor();
    expect((await shownNames(page)).sort()).toEqual(['Day 1', 'Day 2', 'plan.txt']);
    await entry(page, 'Day 1').dblclick();
    await entry(page, 'Beach').waitFor();
    expect((await shownNames(page)).sort()).toEqual(['Beach', 'notes.txt']);
    await entry(page, 'Beach').dblclick();
    await entry(page, 'shell.txt').waitFor();

    // Two files dropped from the computer onto the Day 2 folder's row go into that folder.
    await page.getByTestId('crumb').filter({ hasText: 'Holiday' }).click();
    await entry(page, 'Day 2').waitFor();
    await entry(page, 'Day 2').evaluate((el) => {
      const data = new DataTransfer();
      data.items.add(new File(['sunset'], 'sunset.txt', { type: 'text/plain' }));
      data.items.add(new File(['sunrise'], 'sunrise.txt', { type: 'text/plain' }));
      for (const type of ['dragenter', 'dragover', 'drop'])
        el.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: data }));
    });
    await panel(page).getByText('6 uploads complete').waitFor();
    const day2 = (await api.list({ section: 'search', query: 'Day 2' })).find((e) => e.name === 'Day 2')!;
    await expect
      .poll(async () => (await api.list({ section: 'folder', folderHash: day2.hash })).map((e) => e.name).sort(), {
        timeout: 20_000,
      })
      .toEqual(['notes.txt', 'sunrise.txt', 'sunset.txt']);
    expect(await entry(page, 'sunset.txt').count()).toBe(0);
    expect(unexpectedConsoleErrors(browser!.consoleErrors)).toEqual([]);
  });

  it('uploads whole folders dropped from the computer, with their subfolders', async () => {
    const { page, api } = await openDrive(server);
    const root = path.join(tmp, 'Dropped');
    mkdirSync(path.join(root, 'Trip', 'Photos'), { recursive: true });
    writeFileSync(path.join(root, 'Trip', 'route.txt'), 'north');
    writeFileSync(path.join(root, 'Trip', 'Photos', 'peak.txt'), 'summit');
    writeFileSync(path.join(root, 'Trip', '.DS_Store'), 'junk');
    writeFileSync(path.join(root, 'list.txt'), 'socks');
    // A drag from the desktop, as DevTools sends it: Chromium hands the page real directory entries.
    const box = (await page.getByTestId('file-view').boundingBox())!;
    const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const cdp = await page.context().newCDPSession(page);
    const data = { items: [], files: [path.join(root, 'Trip'), path.join(root, 'list.txt')], dragOperationsMask: 1 };
    for (const type of ['dragEnter', 'dragOver', 'drop'] as const)
      await cdp.send('Input.dispatchDragEvent', { type, ...at, data });
    await panel(page).getByText('3 uploads complete').waitFor({ timeout: 30_000 });
    await entry(page, 'Trip').waitFor();
    await entry(page, 'list.txt').waitFor();
    await entry(page, 'Trip').dblclick();
    await entry(page, 'Photos').waitFor();
    expect((await shownNames(page)).sort()).toEqual(['Photos', 'route.txt']);
    const photos = (await api.list({ section: 'search', query: 'Photos' })).find((e) => e.name === 'Photos')!;
    expect((await api.list({ section: 'folder', folderHash: photos.hash })).map((e) => e.name)).toEqual(['peak.txt']);
    expect(unexpectedConsoleErrors(browser!.consoleErrors)).toEqual([]);
  });

  it('aborts an upload, retries it, shows a refused upload and retries all failed', async () => {
    await setSettings(server, { 'uploads.chunk_size': 1 * MB });
    try {
      const { page, api } = await openDrive(server);
      const slow = randomFile('slow.bin', 3 * MB);
      // Hold the resumable PATCHes after the first: the upload stays in progress until released.
      const held: Route[] = [];
      let hold = true;
      let patches = 0;
      await page.route('**/api/v1/tus/upload/*', (route) =>
        hold && route.request().method() === 'PATCH' && ++patches > 1 ? void held.push(route) : route.continue(),
      );
      // A slow line, so the first chunk takes long enough to measure a speed.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: 512 * 1024,
      });
      await page.getByTestId('upload-files-input').setInputFiles(slow.file);
      await expect.poll(() => held.length, { timeout: 20_000 }).toBeGreaterThan(0);
      await row(page, 'slow.bin').getByRole('progressbar').waitFor();
      await panel(page).getByText('Uploading 1 item').waitFor();
      // The row tells the bytes sent, the speed and the time left.
      await row(page, 'slow.bin')
        .getByText(/^[\d.]+ [KMG]?B of 3 MB · [\d.]+ [KMG]?B\/s · .+ left$/)
        .waitFor();
      await screenshot(page, 'uploads-in-progress-1280');

      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      await row(page, 'slow.bin').getByRole('button', { name: 'Cancel upload' }).click();
      await row(page, 'slow.bin').getByText('Aborted').waitFor();
      expect(await row(page, 'slow.bin').getAttribute('data-upload-status')).toBe('aborted');
      for (const route of held.splice(0)) await route.abort().catch(() => undefined);
      hold = false;
      await row(page, 'slow.bin').getByRole('button', { name: 'Retry' }).click();
      await panel(page).getByText('1 upload complete').waitFor({ timeout: 30_000 });
      await entry(page, 'slow.bin').waitFor();

      // The server refuses two uploads (422 with an errors map): failed, with its message.
      let refuse = true;
      await page.route('**/api/v1/file-entries*', (route) =>
        refuse && route.request().method() === 'POST'
          ? route.fulfill({
              status: 422,
              contentType: 'application/json',
              body: JSON.stringify({ message: 'Invalid', errors: { file: ['This file type is not allowed.'] } }),
            })
          : route.continue(),
      );
      await page.getByTestId('upload-files-input').setInputFiles([
        { name: 'one.txt', mimeType: 'text/plain', buffer: Buffer.from('one') },
        { name: 'two.txt', mimeType: 'text/plain', buffer: Buffer.from('two') },
      ]);
      await expect
        .poll(() => panel(page).locator('[data-upload-status="failed"]').count(), { timeout: 20_000 })
        .toBe(2);
      await row(page, 'one.txt').getByText('This file type is not allowed.').waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'uploads-failed-1280');
      await page.setViewportSize(MOBILE);
      await screenshot(page, 'uploads-failed-375');
      await page.setViewportSize(DESKTOP);

      refuse = false;
      await panel(page).getByRole('button', { name: 'Retry all failed' }).click();
      await panel(page).getByText('3 uploads complete').waitFor();
      await entry(page, 'two.txt').waitFor();
      expect((await api.list({ section: 'home' })).map((e) => e.name).sort()).toEqual([
        'one.txt',
        'slow.bin',
        'two.txt',
      ]);
      await screenshot(page, 'uploads-completed-1280');
      await page.setViewportSize(MOBILE);
      await screenshot(page, 'uploads-completed-375');

      await panel(page).getByRole('button', { name: 'Clear inactive' }).click();
      await panel(page).waitFor({ state: 'detached' });
    } finally {
      await setSettings(server, { 'uploads.chunk_size': 64 * MB });
    }
  });

  it('continues a resumable upload after a reload from the bytes the server holds', async () => {
    await setSettings(server, { 'uploads.chunk_size': 1 * MB });
    try {
      const { page, api, download } = await openDrive(server);
      const file = randomFile('resume.bin', 3 * MB + 100);
      const seen: string[] = [];
      page.on('request', (r) => r.url().includes('/api/v1/tus/upload') && seen.push(r.method()));
      // The second chunk never arrives: the page is reloaded while it is held.
      const held: Route[] = [];
      let patches = 0;
      await page.route('**/api/v1/tus/upload/*', (route) =>
        route.request().method() === 'PATCH' && ++patches === 2 ? void held.push(route) : route.continue(),
      );
      await page.getByTestId('upload-files-input').setInputFiles(file.file);
      await expect.poll(() => held.length, { timeout: 20_000 }).toBe(1);
      expect(seen).toEqual(['POST', 'PATCH', 'PATCH']);
      await held[0].abort().catch(() => undefined);
      await page.reload();
      await waitForApp(page);
      seen.length = 0;
      await page.getByTestId('upload-files-input').setInputFiles(file.file);
      await panel(page).getByText('1 upload complete').waitFor({ timeout: 30_000 });
      // No new upload: HEAD reads the offset (1 MB), then the three chunks left.
      expect(seen).toEqual(['HEAD', 'PATCH', 'PATCH', 'PATCH']);
      const [listed] = (await api.list({ section: 'home' })).filter((e) => e.name === 'resume.bin');
      expect(sha256(await download(listed))).toBe(file.sha256);
    } finally {
      await setSettings(server, { 'uploads.chunk_size': 64 * MB });
    }
  });

  it('refuses a file over the size limit or of a blocked type before sending it', async () => {
    await setSettings(server, { 'uploads.max_size': 1 * MB, 'uploads.blocked_types': ['exe'] });
    try {
      const { page, api } = await openDrive(server);
      const sent: string[] = [];
      page.on('request', (r) => r.method() === 'POST' && /file-entries|tus/.test(r.url()) && sent.push(r.url()));
      await page.getByTestId('upload-files-input').setInputFiles([
        { name: 'large.bin', mimeType: 'application/octet-stream', buffer: Buffer.alloc(MB + 1) },
        { name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') },
        { name: 'fine.txt', mimeType: 'text/plain', buffer: Buffer.from('fine') },
      ]);
      await row(page, 'large.bin').getByText('File exceeds the maximum allowed size of 1 MB').waitFor();
      await row(page, 'setup.exe').getByText('This file type is not allowed.').waitFor();
      await panel(page).getByText('1 upload complete').waitFor();
      expect(sent).toHaveLength(1);
      expect((await api.list({ section: 'home' })).map((e) => e.name)).toEqual(['fine.txt']);
    } finally {
      await setSettings(server, { 'uploads.max_size': 0, 'uploads.blocked_types': [] });
    }
  });

  it('shows the queue in progress on a phone', async () => {
    const { page } = await openDrive(server, MOBILE);
    await page.route('**/api/v1/file-entries*', () => undefined); // held: stays in progress
    await page.getByTestId('upload-files-input').setInputFiles([
      {
        name: 'Quarterly report with a long name 2026.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.alloc(200_000, 1),
      },
      { name: 'b.txt', mimeType: 'text/plain', buffer: Buffer.from('b') },
    ]);
    await panel(page).getByText('Uploading 2 items').waitFor();
    await screenshot(page, 'uploads-in-progress-375');
  });
});

describe('multipart upload straight to S3', () => {
  let rgw: Rgw;
  let server: RunningServer;
  beforeAll(async () => {
    rgw = await startRgw();
    server = await startDriveServer(rgw.env);
    // The browser PUTs parts to the bucket from the app's origin and reads their ETags.
    const s3 = s3Client(rgw);
    await s3.send(
      new PutBucketCorsCommand({
        Bucket: rgw.env.S3_BUCKET,
        CORSConfiguration: {
          CORSRules: [
            {
              AllowedOrigins: [server.url],
              AllowedMethods: ['PUT', 'GET', 'HEAD'],
              AllowedHeaders: ['*'],
              ExposeHeaders: ['ETag'],
              MaxAgeSeconds: 600,
            },
          ],
        },
      }),
    );
    s3.destroy();
    // Files this big would go resumable first (part 2, 4): direct uploads need it off.
    await setSettings(server, { 'uploads.resumable': false });
  }, 240_000);
  afterAll(async () => {
    await server?.stop();
    await rgw?.stop();
  });

  it('continues after a reload from the parts already stored, and stores the same bytes', {
    timeout: 240_000,
  }, async () => {
    const { page, api, download } = await openDrive(server);
    const size = 200 * MB + 12_345; // 11 parts of 20 MB
    const big = randomFile('backup.img', size);
    const endpoint = rgw.env.S3_ENDPOINT.replace(/\/$/, '');
    const puts = { before: 0, after: 0, done: 0 };
    let phase: 'before' | 'after' = 'before';
    const isPartPut = (r: { method: () => string; url: () => string }) =>
      r.method() === 'PUT' && r.url().startsWith(endpoint) && r.url().includes('partNumber=');
    page.on('request', (r) => isPartPut(r) && puts[phase]++);
    page.on('requestfinished', (r) => isPartPut(r) && phase === 'before' && puts.done++);

    await page.getByTestId('upload-files-input').setInputFiles(big.file);
    await expect.poll(() => puts.done, { timeout: 120_000 }).toBeGreaterThanOrEqual(2);
    const saved = await page.evaluate(() =>
      Object.keys(localStorage).filter((k) => k.startsWith('kosh.s3-multipart.')),
    );
    expect(saved).toHaveLength(1);
    phase = 'after';
    await page.reload();
    await waitForApp(page);
    await page.getByTestId('upload-files-input').setInputFiles(big.file);
    await panel(page).getByText('1 upload complete').waitFor({ timeout: 180_000 });
    await entry(page, 'backup.img').waitFor();
    expect(puts.before).toBeGreaterThanOrEqual(2);
    expect(puts.after).toBeGreaterThan(0);
    // Only the parts the store lacked went again.
    expect(puts.after).toBeLessThanOrEqual(11 - puts.done);
    expect(
      await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('kosh.s3-multipart.'))),
    ).toEqual([]);

    const [listed] = (await api.list({ section: 'home' })).filter((e) => e.name === 'backup.img');
    expect(listed.file_size).toBe(size);
    expect(sha256(await download(listed))).toBe(big.sha256);
    // The object in the bucket itself too.
    const s3 = s3Client(rgw);
    const objects = await s3Objects(s3, rgw, size);
    s3.destroy();
    expect(objects).toContain(big.sha256);
    expect(unexpectedConsoleErrors(browser!.consoleErrors)).toEqual([]);
  });
});

function s3Client(rgw: Rgw) {
  return new S3Client({
    endpoint: rgw.env.S3_ENDPOINT,
    region: rgw.env.S3_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: rgw.env.S3_ACCESS_KEY_ID, secretAccessKey: rgw.env.S3_SECRET_ACCESS_KEY },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** SHA-256 of every object of `size` bytes in the bucket. */
async function s3Objects(s3: S3Client, rgw: Rgw, size: number): Promise<string[]> {
  const listed = await s3.send(new ListObjectsV2Command({ Bucket: rgw.env.S3_BUCKET }));
  const out: string[] = [];
  for (const object of listed.Contents ?? []) {
    if (object.Size !== size) continue;
    const got = await s3.send(new GetObjectCommand({ Bucket: rgw.env.S3_BUCKET, Key: object.Key! }));
    out.push(sha256(Buffer.from(await got.Body!.transformToByteArray())));
  }
  return out;
}
