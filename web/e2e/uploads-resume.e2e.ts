import { createHash, randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PutBucketCorsCommand, S3Client } from '@aws-sdk/client-s3';
import type { CDPSession, Page, Route } from 'playwright-core';
import type { FileEntry } from '@kosh/contracts';
import { startRgw, type Rgw } from '../../server/test/helpers/rgw.ts';
import { registerViaApi, uniqueEmail } from './account-steps.ts';
import { driveApi, startDriveServer } from './drive-steps.ts';
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

// Uploads that survive a reload: the page asks before it is left while an upload runs; after a
// reload the interrupted upload is listed, resumed with the same file only (from the bytes the
// server holds) or discarded; one the server no longer has is dropped with a note. Also the
// panel's counts after an abort and the storage meter following finished uploads.

const PASSWORD = 'upload-pass-42';
const MB = 1024 ** 2;
const tmp = mkdtempSync(path.join(os.tmpdir(), 'kosh-e2e-resume-'));
let browser: Browser | undefined;

afterAll(() => rmSync(tmp, { recursive: true, force: true }));
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

/** A file of random bytes on disk (in its own folder, so two may share a name); path and SHA-256. */
function randomFile(name: string, size: number, folder = '.'): { file: string; sha256: string } {
  mkdirSync(path.join(tmp, folder), { recursive: true });
  const file = path.join(tmp, folder, name);
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

const panel = (page: Page) => page.getByTestId('upload-panel');
const title = (page: Page) => panel(page).getByRole('heading');
const row = (page: Page, name: string) => panel(page).getByTestId('upload-row').filter({ hasText: name });
const tusKeys = (page: Page) =>
  page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('tus::kosh.tus.')));

async function openDrive(server: RunningServer, viewport = DESKTOP) {
  const email = uniqueEmail('resume');
  await registerViaApi(server, email, PASSWORD, { first_name: 'Kavya', last_name: 'Rao' });
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

/**
 * Starts a resumable upload whose second 1 MB chunk is held, so it stops a third of the way;
 * then reloads, accepting the 'Leave site?' prompt, which must have been asked.
 */
async function interruptByReload(page: Page, file: string) {
  const held: Route[] = [];
  let patches = 0;
  const hold = (route: Route) =>
    route.request().method() === 'PATCH' && ++patches === 2 ? void held.push(route) : route.continue();
  await page.route('**/api/v1/tus/upload/*', hold);
  await page.getByTestId('upload-files-input').setInputFiles(file);
  await expect.poll(() => held.length, { timeout: 20_000 }).toBe(1);
  // Browsers ask before leaving only a page the person has interacted with.
  await title(page).click();
  const prompts: string[] = [];
  page.once('dialog', (dialog) => {
    prompts.push(dialog.type());
    void dialog.accept();
  });
  await page.reload();
  await waitForApp(page);
  expect(prompts).toEqual(['beforeunload']);
  await page.unroute('**/api/v1/tus/upload/*', hold);
}

async function throttleUploads(cdp: CDPSession, bytesPerSecond: number) {
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
}

describe('uploads that survive a reload', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startDriveServer();
    await setSettings(server, { 'uploads.chunk_size': 1 * MB });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('counts an aborted upload as aborted, and the storage meter follows finished uploads', async () => {
    const { page } = await openDrive(server);
    const meter = page.getByTestId('storage-meter');
    await meter.getByText('0 B of 25 GB used').waitFor();
    const usage: string[] = [];
    page.on('request', (r) => r.url().includes('/user/space-usage') && usage.push(r.method()));
    await page.getByTestId('upload-files-input').setInputFiles([
      { name: 'one.txt', mimeType: 'text/plain', buffer: Buffer.alloc(3000, 1) },
      { name: 'two.txt', mimeType: 'text/plain', buffer: Buffer.alloc(2000, 2) },
    ]);
    await title(page).getByText('2 uploads complete').waitFor();
    // No reload: the meter asked again (once or twice for the two files, not per progress event).
    await meter.getByText('4.9 KB of 25 GB used').waitFor();
    expect(usage.length).toBeGreaterThanOrEqual(1);
    expect(usage.length).toBeLessThanOrEqual(2);

    // An upload held mid-way, then cancelled: the header names it aborted, never '0 uploads complete'.
    await page.route('**/api/v1/tus/upload/*', (route) =>
      route.request().method() === 'PATCH' ? undefined : route.continue(),
    );
    const held = randomFile('held.bin', 3 * MB);
    await page.getByTestId('upload-files-input').setInputFiles(held.file);
    await title(page).getByText('Uploading 1 item').waitFor();
    await row(page, 'held.bin').getByRole('button', { name: 'Cancel upload' }).click();
    await title(page).getByText('2 uploads complete, 1 aborted').waitFor();
    await panel(page).getByRole('button', { name: 'Clear inactive' }).click();
    await page.getByTestId('upload-files-input').setInputFiles(held.file);
    await title(page).getByText('Uploading 1 item').waitFor();
    await row(page, 'held.bin').getByRole('button', { name: 'Cancel upload' }).click();
    await title(page).getByText('1 upload aborted').waitFor();
    expect(unexpectedConsoleErrors(browser!.consoleErrors)).toEqual([]);
  });

  it('lists an upload a reload cut off and resumes it with the same file only', async () => {
    const { page, api, download } = await openDrive(server);
    const file = randomFile('resume.bin', 3 * MB + 100);
    await interruptByReload(page, file.file);

    const interrupted = row(page, 'resume.bin');
    await interrupted.getByText('1 MB of 3 MB · Interrupted').waitFor();
    expect(await interrupted.getAttribute('data-upload-status')).toBe('interrupted');
    await title(page).getByText('1 upload interrupted').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'uploads-resume-interrupted-1280');
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'uploads-resume-interrupted-375');
    await page.setViewportSize(DESKTOP);

    const seen: string[] = [];
    page.on('request', (r) => r.url().includes('/api/v1/tus/') && seen.push(r.method()));
    // Another file of the same name: refused, nothing sent.
    const other = randomFile('resume.bin', 2 * MB, 'other');
    const choosing = page.waitForEvent('filechooser');
    await interrupted.getByRole('button', { name: 'Resume' }).click();
    await (await choosing).setFiles(other.file);
    await interrupted.getByText('This is a different file. Choose resume.bin (3 MB) to resume.').waitFor();
    expect(seen).toEqual([]);
    await screenshot(page, 'uploads-resume-refused-1280');

    // The same file on a slow line: it continues from the server's offset.
    const cdp = await page.context().newCDPSession(page);
    await throttleUploads(cdp, 512 * 1024);
    const resuming = page.waitForEvent('filechooser');
    await interrupted.getByRole('button', { name: 'Resume' }).click();
    await (await resuming).setFiles(file.file);
    const running = row(page, 'resume.bin');
    const detail = running.getByText(/^[\d.]+ MB of 3 MB · [\d.]+ [KMG]?B\/s · .+ left$/);
    await detail.waitFor({ timeout: 20_000 });
    // Speed counts this run's bytes: under the 512 KB/s line, not the 1 MB resumed from.
    const [, speed, unit] = /· ([\d.]+) ([KMG]?B)\/s/.exec((await detail.textContent()) ?? '')!;
    expect(unit === 'KB' || unit === 'B' ? Number(speed) : Number.POSITIVE_INFINITY).toBeLessThan(700);
    await throttleUploads(cdp, -1);
    await title(page).getByText('1 upload complete').waitFor({ timeout: 30_000 });
    // No new upload: HEAD reads the offset, then the chunks left.
    expect(seen).toEqual(['HEAD', 'PATCH', 'PATCH', 'PATCH', 'POST']);
    const [listed] = (await api.list({ section: 'home' })).filter((e) => e.name === 'resume.bin');
    expect(listed.file_size).toBe(3 * MB + 100);
    expect(
      createHash('sha256')
        .update(await download(listed))
        .digest('hex'),
    ).toBe(file.sha256);
    expect(await tusKeys(page)).toEqual([]);
    expect(unexpectedConsoleErrors(browser!.consoleErrors)).toEqual([]);
  });

  it('discards an interrupted upload on the server, and drops one the server no longer has', async () => {
    const { page } = await openDrive(server);
    const file = randomFile('discard.bin', 3 * MB);
    await interruptByReload(page, file.file);
    await row(page, 'discard.bin').getByText('1 MB of 3 MB · Interrupted').waitFor();
    const [key] = await tusKeys(page);
    const saved = await page.evaluate((k) => localStorage.getItem(k)!, key);
    const { uploadUrl } = JSON.parse(saved) as { uploadUrl: string };

    const deleted = page.waitForRequest((r) => r.method() === 'DELETE' && r.url() === uploadUrl);
    await row(page, 'discard.bin').getByRole('button', { name: 'Discard' }).click();
    // A destructive action confirms first (UI.md).
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('What was sent of discard.bin is deleted from the server.', { exact: false }).waitFor();
    await screenshot(page, 'uploads-resume-discard-1280');
    await confirm.getByRole('button', { name: 'Discard' }).click();
    await deleted;
    await panel(page).waitFor({ state: 'detached' });
    expect(await tusKeys(page)).toEqual([]);
    const head = await browser!.context.request.fetch(uploadUrl, {
      method: 'HEAD',
      headers: { 'Tus-Resumable': '1.0.0' },
    });
    expect(head.status()).toBe(404);

    // The same saved address again: the server no longer knows it, so it is dropped with a note.
    await page.evaluate(([k, v]) => localStorage.setItem(k, v), [key, saved]);
    await page.reload();
    await waitForApp(page);
    await panel(page)
      .getByTestId('upload-note')
      .getByText('discard.bin could not be resumed: the server no longer has it.')
      .waitFor();
    expect(await panel(page).getByTestId('upload-row').count()).toBe(0);
    expect(await tusKeys(page)).toEqual([]);
    await screenshot(page, 'uploads-resume-dropped-1280');
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'uploads-resume-dropped-375');
    await panel(page).getByRole('button', { name: 'Clear inactive' }).click();
    await panel(page).waitFor({ state: 'detached' });
  });
});

describe('an interrupted multipart upload straight to S3', () => {
  let rgw: Rgw;
  let server: RunningServer;
  beforeAll(async () => {
    rgw = await startRgw();
    server = await startDriveServer(rgw.env);
    // The browser PUTs parts to the bucket from the app's origin and reads their ETags.
    const s3 = new S3Client({
      endpoint: rgw.env.S3_ENDPOINT,
      region: rgw.env.S3_REGION,
      forcePathStyle: true,
      credentials: { accessKeyId: rgw.env.S3_ACCESS_KEY_ID, secretAccessKey: rgw.env.S3_SECRET_ACCESS_KEY },
    });
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

  it('is listed with the parts the store holds and resumes from them with the same file', {
    timeout: 240_000,
  }, async () => {
    const { page, api, download } = await openDrive(server);
    const size = 100 * MB + 5000; // six parts of 20 MB, the last 5000 bytes
    const big = randomFile('backup.img', size);
    const endpoint = rgw.env.S3_ENDPOINT.replace(/\/$/, '');
    const partOf = (url: string) => Number(new URL(url).searchParams.get('partNumber'));
    // Parts 1 and 2 reach the store; the others are held until the page is reloaded.
    const stored: number[] = [];
    const hold = (route: Route) =>
      route.request().method() === 'PUT' && partOf(route.request().url()) > 2 ? undefined : route.continue();
    await page.route(`${endpoint}/**`, hold);
    const onFinished = (r: { method: () => string; url: () => string }) =>
      r.method() === 'PUT' && r.url().startsWith(endpoint) && stored.push(partOf(r.url()));
    page.on('requestfinished', onFinished);
    await page.getByTestId('upload-files-input').setInputFiles(big.file);
    await expect.poll(() => stored.length, { timeout: 120_000 }).toBe(2);
    await title(page).click();
    const prompts: string[] = [];
    page.once('dialog', (dialog) => {
      prompts.push(dialog.type());
      void dialog.accept();
    });
    await page.reload();
    await waitForApp(page);
    expect(prompts).toEqual(['beforeunload']);
    await page.unroute(`${endpoint}/**`, hold);
    page.off('requestfinished', onFinished);

    const interrupted = row(page, 'backup.img');
    await interrupted.getByText('40 MB of 100 MB · Interrupted').waitFor();
    const sent: number[] = [];
    page.on('request', (r) => r.method() === 'PUT' && r.url().startsWith(endpoint) && sent.push(partOf(r.url())));
    const choosing = page.waitForEvent('filechooser');
    await interrupted.getByRole('button', { name: 'Resume' }).click();
    await (await choosing).setFiles(big.file);
    await title(page).getByText('1 upload complete').waitFor({ timeout: 180_000 });
    // Only the parts the store lacked went again.
    expect(sent.sort()).toEqual([3, 4, 5, 6]);
    expect(
      await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('kosh.s3-multipart.'))),
    ).toEqual([]);
    const [listed] = (await api.list({ section: 'home' })).filter((e) => e.name === 'backup.img');
    expect(listed.file_size).toBe(size);
    expect(
      createHash('sha256')
        .update(await download(listed))
        .digest('hex'),
    ).toBe(big.sha256);
    expect(unexpectedConsoleErrors(browser!.consoleErrors)).toEqual([]);
  });
});
