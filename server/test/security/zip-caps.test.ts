import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DriveClient } from '../helpers/drive.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { browserHeaders, listen } from '../helpers/uploads.ts';
import { unzip } from '../helpers/zip.ts';

let t: TestApp;
let base: string;
let owner: DriveClient;
let folderHash: string;
let folderId: number;
let linkHash: string;
/** Answers whose bodies are left unread: each holds its archive (and its slot) open until cancelled. */
const held: Response[] = [];

const setSetting = (key: string, value: unknown) => t.modules.settings.service.set(key, value);
const slotsInUse = async () =>
  Number(
    (
      await t.modules.db
        .selectFrom('zip_downloads')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .executeTakeFirst()
    )?.n ?? 0,
  );

/** Starts a ZIP download and keeps it running (its body unread). */
async function start(url: string, headers: Record<string, string> = {}): Promise<Response> {
  const res = await fetch(`${base}${url}`, { headers });
  if (res.status === 200) held.push(res);
  else await res.body?.cancel();
  return res;
}

async function cancelAll(): Promise<void> {
  for (const res of held.splice(0)) await res.body?.cancel().catch(() => undefined);
  for (let i = 0; i < 100 && (await slotsInUse()) > 0; i++) await new Promise((r) => setTimeout(r, 50));
  expect(await slotsInUse()).toBe(0);
}

beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t);
  owner = await DriveClient.create(t);
  const folder = await owner.folder('Holiday');
  folderHash = folder.hash;
  folderId = folder.id;
  // Stored uncompressed (an image) and larger than the socket buffers: an unread answer stays open.
  await owner.upload('big.jpg', randomBytes(24 * 1024 * 1024), { parentId: folder.id });
  await owner.upload('small.txt', 'small', { parentId: folder.id });
  const link = await owner.agent.post(`/api/v1/file-entries/${folder.id}/shareable-link`, {});
  linkHash = link.json().link.hash;
}, 120_000);

afterEach(async () => {
  await cancelAll();
  for (const key of ['zip_per_user', 'zip_per_link', 'zip_per_address', 'zip_max_entries', 'zip_max_bytes'])
    await t.modules.settings.service.set(`downloads.${key}`, key.startsWith('zip_max') ? 0 : 100);
});

afterAll(async () => {
  for (const res of held) await res.body?.cancel().catch(() => undefined);
  // fetch keeps its sockets alive for reuse; the server would wait for them.
  t?.app.server.closeAllConnections();
  await t?.close();
});

// Resource exhaustion through ZIP downloads: caps on concurrent archives and on one archive's size.
describe('ZIP download caps', () => {
  const mine = () => `/api/v1/file-entries/download?hashes=${folderHash}`;

  it('lets a user run ZIPs up to the cap, answers 429 beyond it, and frees the slot on close', async () => {
    await setSetting('downloads.zip_per_user', 2);
    const headers = await browserHeaders(owner.agent);
    const answers = await Promise.all([start(mine(), headers), start(mine(), headers), start(mine(), headers)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 429]);
    const refused = answers.find((r) => r.status === 429);
    expect(refused?.headers.get('retry-after')).toMatch(/^\d+$/);
    await cancelAll();
    const again = await start(mine(), headers);
    expect(again.status).toBe(200);
  });

  it('holds exactly the cap under a burst of parallel requests', async () => {
    await setSetting('downloads.zip_per_user', 3);
    const headers = await browserHeaders(owner.agent);
    const answers = await Promise.all(Array.from({ length: 10 }, () => start(mine(), headers)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });

  it('caps anonymous visitors of a public link per link', async () => {
    await setSetting('downloads.zip_per_link', 2);
    const url = `/api/v1/shareable-links/${linkHash}/download`;
    const answers = await Promise.all([start(url), start(url), start(url)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 429]);
    // The owner's own download is not a visitor of the link.
    expect((await start(mine(), await browserHeaders(owner.agent))).status).toBe(200);
  });

  it("counts a select-all through a link against the same cap as the link's other ZIPs", async () => {
    await setSetting('downloads.zip_per_link', 2);
    const url = `/api/v1/shareable-links/${linkHash}/download`;
    const answers = await Promise.all([start(url), start(`${url}?place=folder`), start(`${url}?place=folder`)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 429]);
  });

  it('caps one client address across accounts and links', async () => {
    await setSetting('downloads.zip_per_address', 2);
    const link = `/api/v1/shareable-links/${linkHash}/download`;
    expect((await start(link)).status).toBe(200);
    expect((await start(mine(), await browserHeaders(owner.agent))).status).toBe(200);
    const other = await DriveClient.create(t);
    const res = await start(link, await browserHeaders(other.agent));
    expect(res.status).toBe(429);
  });

  it('refuses an archive past the entry cap with 413 before anything is sent, keeping no slot', async () => {
    await setSetting('downloads.zip_max_entries', 2);
    const res = await owner.agent.get(mine());
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/more than 2 items/);
    expect(res.headers['content-type']).toMatch(/json/);
    expect(await slotsInUse()).toBe(0);
  });

  it('refuses an archive past the byte cap with 413, through a link too', async () => {
    await setSetting('downloads.zip_max_bytes', 1024 * 1024);
    const res = await owner.agent.get(mine());
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/larger than 1 MB/);
    const visitor = await fetch(`${base}/api/v1/shareable-links/${linkHash}/download`);
    expect(visitor.status).toBe(413);
    expect(await slotsInUse()).toBe(0);
  });

  it('still sends a whole archive within the caps', async () => {
    const small = await owner.folder('Small', folderId);
    await owner.upload('a.txt', 'aaa', { parentId: small.id });
    const res = await owner.agent.get(`/api/v1/file-entries/download?hashes=${small.hash}`);
    expect(res.statusCode).toBe(200);
    const files = await unzip(res.rawPayload, { directories: false });
    expect(files.get('Small/a.txt')?.toString()).toBe('aaa');
    expect(await slotsInUse()).toBe(0);
  });
});
