import fs from 'node:fs';
import path from 'node:path';
import type { FileEntry } from '@kosh/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAccountsApp, del, newAgent, put } from '../helpers/accounts.ts';
import type { Agent, TestApp } from '../helpers/test-app.ts';
import { bytes, multipart } from '../helpers/drive.ts';
import { unzip } from '../helpers/zip.ts';
import { Person } from './sharing.ts';

let t: TestApp;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, close } = await createAccountsApp());
});
afterAll(() => close());
beforeEach(() => t.modules.settings.service.set('drive.default_space_bytes', 25 * 1024 ** 3));

const page = (agent: Agent, hash: string, query: Record<string, string | number> = {}) => {
  const params = Object.entries({ loader: 'shareableLinkPage', ...query }).map(([k, v]) => [k, String(v)]);
  return agent.get(`/api/v1/shareable-links/${hash}?${new URLSearchParams(params)}`);
};
const visitor = () => newAgent(t);
const cookieName = (hash: string) => `kosh_link_${hash}`;

/** Photos/{a.jpg, b.txt, Trip/{c.txt}} with Docs/{secret.txt} beside it, all the owner's. */
async function tree() {
  const owner = await Person.create(t);
  const photos = await owner.folder('Photos');
  const a = await owner.upload('a.jpg', bytes(70_000, 1), photos.id);
  const b = await owner.upload('b.txt', 'bee', photos.id);
  const trip = await owner.folder('Trip', photos.id);
  const c = await owner.upload('c.txt', bytes(3000, 2), trip.id);
  const docs = await owner.folder('Docs');
  const secret = await owner.upload('secret.txt', 'top secret', docs.id);
  return { owner, photos, a, b, trip, c, docs, secret };
}

describe("LinksService (the owner's side)", () => {
  it('creates one link per entry with open defaults; the permissions travel as a JSON string', async () => {
    const { owner, photos } = await tree();
    const link = await owner.createLink(photos.id);
    expect(link).toMatchObject({
      url: `/drive/s/${link.hash}`,
      has_password: false,
      expires_at: null,
      enabled: true,
      entry: { id: photos.id, name: 'Photos' },
    });
    expect(link.hash).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(JSON.parse(link.permissions)).toEqual({ allow_download: true, allow_edit: false, restricted: false });
    expect((await owner.agent.post(`/api/v1/file-entries/${photos.id}/shareable-link`, {})).statusCode).toBe(409);
    expect((await owner.agent.get(`/api/v1/file-entries/${photos.id}/shareable-link`)).json().link.hash).toBe(
      link.hash,
    );
    const stranger = await Person.create(t);
    expect((await stranger.agent.get(`/api/v1/file-entries/${photos.id}/shareable-link`)).statusCode).toBe(404);
    expect((await stranger.agent.post(`/api/v1/file-entries/${photos.id}/shareable-link`, {})).statusCode).toBe(404);
  });

  it('edits the link: password hashed with argon2id, expiry, flags; a past expiry is refused', async () => {
    const { owner, photos } = await tree();
    const { hash } = await owner.createLink(photos.id);
    const res = await owner.updateLink(photos.id, {
      password: 'open sesame',
      allow_download: false,
      allow_edit: true,
      restricted: true,
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().link).toMatchObject({ has_password: true, enabled: true });
    expect(JSON.parse(res.json().link.permissions)).toEqual({
      allow_download: false,
      allow_edit: true,
      restricted: true,
    });
    const row = await t.modules.db
      .selectFrom('shareable_links')
      .selectAll()
      .where('hash', '=', hash)
      .executeTakeFirstOrThrow();
    expect(row.password).toMatch(/^\$argon2id\$/);
    expect((await owner.updateLink(photos.id, { expires_at: '2001-01-01T00:00:00Z' })).statusCode).toBe(422);
    expect((await owner.updateLink(photos.id, { password: null, expires_at: null })).json().link).toMatchObject({
      has_password: false,
      expires_at: null,
    });
    expect((await owner.agent.get(`/api/v1/file-entries/${photos.id}/shareable-link`)).json().link.has_password).toBe(
      false,
    );
  });

  it('deletes the link: its address answers 404 from then on', async () => {
    const { owner, photos } = await tree();
    const { hash } = await owner.createLink(photos.id);
    expect((await page(visitor(), hash)).statusCode).toBe(200);
    expect((await del(owner.agent, `/api/v1/file-entries/${photos.id}/shareable-link`)).statusCode).toBe(204);
    expect((await page(visitor(), hash)).statusCode).toBe(404);
    expect((await owner.agent.get(`/api/v1/file-entries/${photos.id}/shareable-link`)).json().link).toBeNull();
  });
});

describe('GET shareable-links/{hash}', () => {
  it("answers {link, passwordInvalid, folderChildren}: the folder's children page by page, folders first", async () => {
    const { owner, photos, trip, a } = await tree();
    const { hash } = await owner.createLink(photos.id);
    const first = await page(visitor(), hash, { perPage: 2, order: 'name:asc' });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(Object.keys(body).sort()).toEqual(['folderChildren', 'link', 'passwordInvalid']);
    expect(Object.keys(body.folderChildren).sort()).toEqual(['current_page', 'data', 'last_page']);
    expect(body).toMatchObject({ passwordInvalid: false, folderChildren: { current_page: 1, last_page: 2 } });
    expect(body.link).toMatchObject({
      hash,
      has_password: false,
      entry: { id: photos.id, parent_id: null, path: `/${photos.id}/`, url: null },
    });
    expect(typeof body.link.permissions).toBe('string');
    expect(body.folderChildren.data.map((e: FileEntry) => e.name)).toEqual(['Trip', 'a.jpg']);
    expect(body.folderChildren.data[0]).toMatchObject({ id: trip.id, path: `/${photos.id}/${trip.id}/` });
    expect(body.folderChildren.data[1].url).toBe(`/api/v1/shareable-links/${hash}/entries/${a.hash}/download`);
    const second = (await page(visitor(), hash, { perPage: 2, order: 'name:asc', page: 2 })).json();
    expect(second.folderChildren).toMatchObject({ current_page: 2, last_page: 2 });
    expect(second.folderChildren.data.map((e: FileEntry) => e.name)).toEqual(['b.txt']);
    // The default order is updated_at:desc.
    expect((await page(visitor(), hash)).json().folderChildren.data.map((e: FileEntry) => e.name)).toEqual([
      'Trip',
      'b.txt',
      'a.jpg',
    ]);
    expect((await page(visitor(), hash, { order: 'password:asc' })).statusCode).toBe(422);
  });

  it('opens a subfolder by folderHash; without the loader answers no children; a file link has none', async () => {
    const { owner, photos, trip, b } = await tree();
    const { hash } = await owner.createLink(photos.id);
    expect(
      (await page(visitor(), hash, { folderHash: trip.hash })).json().folderChildren.data.map((e: FileEntry) => e.name),
    ).toEqual(['c.txt']);
    expect((await page(visitor(), hash, { folderHash: b.hash })).statusCode).toBe(404);
    expect((await visitor().get(`/api/v1/shareable-links/${hash}`)).json()).toMatchObject({
      passwordInvalid: false,
      folderChildren: null,
    });
    const fileLink = await owner.createLink(b.id);
    expect((await page(visitor(), fileLink.hash)).json()).toMatchObject({
      folderChildren: null,
      link: { entry: { id: b.id, parent_id: null, path: `/${b.id}/` } },
    });
  });

  it('answers 404 for a link that is off, in trash or unknown; 410 when expired', async () => {
    const { owner, photos, b } = await tree();
    const { hash } = await owner.createLink(photos.id);
    await owner.updateLink(photos.id, { enabled: false });
    expect((await page(visitor(), hash)).statusCode).toBe(404);
    await owner.updateLink(photos.id, { enabled: true, expires_at: new Date(Date.now() + 60_000).toISOString() });
    expect((await page(visitor(), hash)).statusCode).toBe(200);
    await t.modules.db
      .updateTable('shareable_links')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('hash', '=', hash)
      .execute();
    const expired = await page(visitor(), hash);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({ message: 'This link has expired.', code: 'link_expired' });
    expect((await visitor().get(`/api/v1/shareable-links/${hash}/download`)).statusCode).toBe(410);
    expect((await visitor().get(`/api/v1/shareable-links/${hash}/entries/${b.hash}/download`)).statusCode).toBe(410);
    // Off or removed says nothing about expiry: those stay 404 even past the date.
    await owner.updateLink(photos.id, { enabled: false });
    expect((await page(visitor(), hash)).json()).toMatchObject({ code: 'not_found' });
    const fileLink = await owner.createLink(b.id);
    await owner.agent.post('/api/v1/file-entries/delete', { entryIds: [b.id] });
    expect((await page(visitor(), fileLink.hash)).statusCode).toBe(404);
    expect((await page(visitor(), 'no-such-link-hash')).statusCode).toBe(404);
  });

  it('counts expired links like unknown hashes against a probing client network (429 past the limit)', async () => {
    const { owner, photos } = await tree();
    const { hash } = await owner.createLink(photos.id);
    await t.modules.db
      .updateTable('shareable_links')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('hash', '=', hash)
      .execute();
    const prober = visitor();
    for (let i = 0; i < 30; i++) expect((await page(prober, hash)).statusCode).toBe(410);
    expect((await page(prober, hash)).statusCode).toBe(429);
    expect((await page(visitor(), hash)).statusCode).toBe(410);
  });

  it('says who shared it by name to a visitor, never the email; a locked link names nobody', async () => {
    const owner = await Person.create(t, { first_name: 'Ada', last_name: 'Lovelace' });
    const photos = await owner.folder('Photos');
    const { hash } = await owner.createLink(photos.id);
    const open = await page(visitor(), hash);
    expect(open.json().link.shared_by).toEqual({ name: 'Ada Lovelace' });
    expect(open.body).not.toContain(owner.user.email);

    await owner.updateLink(photos.id, { password: 'open sesame' });
    const agent = visitor();
    const locked = await page(agent, hash);
    expect(locked.json()).toMatchObject({ passwordInvalid: true, link: { shared_by: null } });
    expect(locked.body).not.toContain('Lovelace');
    expect((await page(agent, hash, { password: 'open sesame' })).json().link.shared_by).toEqual({
      name: 'Ada Lovelace',
    });

    // No name set: nobody is named, rather than showing any part of the address.
    const nameless = await Person.create(t);
    const docs = await nameless.folder('Docs');
    const other = await page(visitor(), (await nameless.createLink(docs.id)).hash);
    expect(other.json().link.shared_by).toBeNull();
    expect(other.body).not.toContain(nameless.user.email.split('@')[0]);
  });

  it('answers 401 to a logged-out visitor of a restricted link (page and bytes); a logged-in one gets in', async () => {
    const { owner, photos, a } = await tree();
    const { hash } = await owner.createLink(photos.id, { restricted: true });
    expect((await page(visitor(), hash)).statusCode).toBe(401);
    expect((await visitor().get(`/api/v1/shareable-links/${hash}/entries/${a.hash}/download`)).statusCode).toBe(401);
    expect((await visitor().get(`/api/v1/shareable-links/${hash}/download`)).statusCode).toBe(401);
    const someone = await Person.create(t);
    const res = await page(someone.agent, hash);
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.json().link.permissions).restricted).toBe(true);
    expect(
      (await someone.agent.get(`/api/v1/shareable-links/${hash}/entries/${a.hash}/download`)).rawPayload.equals(
        bytes(70_000, 1),
      ),
    ).toBe(true);
  });
});

describe('link passwords', () => {
  it('asks for the password, refuses a wrong one; a right one unlocks the bytes (signed httpOnly cookie)', async () => {
    const { owner, photos, b } = await tree();
    const { hash } = await owner.createLink(photos.id, { password: 'open sesame' });
    const agent = visitor();
    const none = (await page(agent, hash)).json();
    expect(none).toEqual({
      link: expect.objectContaining({ hash, has_password: true, entry: null }),
      passwordInvalid: true,
      folderChildren: null,
    });
    expect(JSON.stringify(none)).not.toContain('Photos');
    expect((await page(agent, hash, { password: 'wrong' })).json()).toMatchObject({
      passwordInvalid: true,
      folderChildren: null,
    });
    expect((await agent.get(`/api/v1/shareable-links/${hash}/entries/${b.hash}/download`)).json()).toMatchObject({
      message: 'This link is password protected.',
    });
    expect((await agent.get(`/api/v1/shareable-links/${hash}/entries/${b.hash}/download`)).statusCode).toBe(403);

    const right = await page(agent, hash, { password: 'open sesame' });
    expect(right.json()).toMatchObject({ passwordInvalid: false, link: { entry: { name: 'Photos' } } });
    const cookie = right.cookies.find((c) => c.name === cookieName(hash)) as {
      httpOnly?: boolean;
      path?: string;
      maxAge?: number;
      value: string;
    };
    expect(cookie).toMatchObject({ httpOnly: true, path: `/api/v1/shareable-links/${hash}`, maxAge: 3600 });
    expect(cookie.value).not.toContain('open sesame');
    // The bytes come without the password: the cookie carries the unlock.
    expect((await agent.get(`/api/v1/shareable-links/${hash}/entries/${b.hash}/download`)).body).toBe('bee');
    expect((await page(agent, hash)).json().passwordInvalid).toBe(false);
    // A cookie of another link, or a forged one, unlocks nothing.
    const other = visitor();
    other.cookies.set(cookieName(hash), `${cookie.value.slice(0, -2)}xx`);
    expect((await other.get(`/api/v1/shareable-links/${hash}/download`)).statusCode).toBe(403);
    // A new password locks browsers that unlocked the old one.
    await owner.updateLink(photos.id, { password: 'new secret' });
    expect((await agent.get(`/api/v1/shareable-links/${hash}/entries/${b.hash}/download`)).statusCode).toBe(403);
    expect((await page(agent, hash)).json().passwordInvalid).toBe(true);
  });

  it('unlocks with POST password too, keeping the password out of addresses', async () => {
    const { owner, photos } = await tree();
    const { hash } = await owner.createLink(photos.id, { password: 'open sesame' });
    const agent = visitor();
    expect((await agent.post(`/api/v1/shareable-links/${hash}/password`, { password: 'nope' })).json()).toEqual({
      passwordInvalid: true,
    });
    expect((await agent.post(`/api/v1/shareable-links/${hash}/password`, { password: 'open sesame' })).json()).toEqual({
      passwordInvalid: false,
    });
    expect((await page(agent, hash)).json().folderChildren.data).toHaveLength(3);
  });

  it('limits password guesses on one link from one network (429), even the right password from there', async () => {
    const { owner, photos } = await tree();
    const { hash } = await owner.createLink(photos.id, { password: 'open sesame' });
    const attacker = visitor();
    for (let i = 0; i < 10; i++)
      expect((await page(attacker, hash, { password: `guess ${i}` })).json().passwordInvalid).toBe(true);
    const blocked = await page(attacker, hash, { password: 'open sesame' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect(
      (await attacker.post(`/api/v1/shareable-links/${hash}/password`, { password: 'open sesame' })).statusCode,
    ).toBe(429);
    // Visits without a guess still answer (and ask for the password); other visitors still unlock it.
    expect((await page(attacker, hash)).json().passwordInvalid).toBe(true);
    expect((await page(visitor(), hash, { password: 'open sesame' })).json().passwordInvalid).toBe(false);
  });

  it('limits password guesses from one address across links (429)', async () => {
    const owner = await Person.create(t);
    const hashes: string[] = [];
    for (const name of ['one', 'two', 'three'])
      hashes.push((await owner.createLink((await owner.folder(name)).id, { password: 'pass word' })).hash);
    const agent = visitor();
    for (let i = 0; i < 20; i++)
      expect((await page(agent, hashes[i < 10 ? 0 : 1], { password: `guess ${i}` })).statusCode).toBe(200);
    expect((await page(agent, hashes[2], { password: 'pass word' })).statusCode).toBe(429);
    expect((await page(visitor(), hashes[2], { password: 'pass word' })).json().passwordInvalid).toBe(false);
  });
});

describe('bytes through a link', () => {
  it('downloads a file with Range, previews it inline, stops attachments and ZIPs when downloads are off', async () => {
    const { owner, photos, a } = await tree();
    const { hash } = await owner.createLink(photos.id);
    const url = `/api/v1/shareable-links/${hash}/entries/${a.hash}/download`;
    const ranged = await visitor().get(url, { range: 'bytes=100-1099' });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe('bytes 100-1099/70000');
    expect(ranged.rawPayload.equals(bytes(70_000, 1).subarray(100, 1100))).toBe(true);
    expect((await visitor().get(url)).headers['content-disposition']).toBe('attachment; filename=a.jpg');
    await owner.updateLink(photos.id, { allow_download: false });
    expect((await visitor().get(url)).statusCode).toBe(403);
    expect((await visitor().get(`${url}?inline=1`)).statusCode).toBe(200);
    expect((await visitor().get(`/api/v1/shareable-links/${hash}/download`)).statusCode).toBe(403);
  });

  it('streams the linked folder as a ZIP, byte for byte the archive the owner downloads from the drive', async () => {
    const { owner, photos } = await tree();
    const { hash } = await owner.createLink(photos.id);
    const viaLink = await visitor().get(`/api/v1/shareable-links/${hash}/download`);
    expect(viaLink.statusCode).toBe(200);
    expect(viaLink.headers['content-type']).toBe('application/zip');
    expect(viaLink.headers['content-disposition']).toBe('attachment; filename=Photos.zip');
    const files = await unzip(viaLink.rawPayload);
    expect([...files.keys()].sort()).toEqual([
      'Photos/',
      'Photos/Trip/',
      'Photos/Trip/c.txt',
      'Photos/a.jpg',
      'Photos/b.txt',
    ]);
    expect(files.get('Photos/a.jpg')!.equals(bytes(70_000, 1))).toBe(true);
    expect(files.get('Photos/Trip/c.txt')!.equals(bytes(3000, 2))).toBe(true);
    expect(files.get('Photos/b.txt')!.toString()).toBe('bee');
    const fromDrive = await owner.agent.get(`/api/v1/file-entries/download?hashes=${photos.hash}`);
    expect(viaLink.rawPayload.equals(fromDrive.rawPayload)).toBe(true);
  });

  it('keeps a link to a subfolder inside it: no parent, no sibling, by id, by hash or by ZIP', async () => {
    const { owner, photos, trip, a, b, c, docs, secret } = await tree();
    const { hash } = await owner.createLink(trip.id, { allow_edit: true });
    const agent = visitor();
    const body = (await page(agent, hash)).json();
    expect(body.link.entry).toMatchObject({ id: trip.id, parent_id: null, path: `/${trip.id}/` });
    expect(body.folderChildren.data.map((e: FileEntry) => e.name)).toEqual(['c.txt']);
    const text = JSON.stringify(body);
    for (const name of ['Photos', 'a.jpg', 'b.txt', 'Docs', 'secret.txt']) expect(text).not.toContain(name);
    expect(text).not.toContain(`/${photos.id}/`);

    // By hash: the parent and siblings as folders to list, files to fetch, thumbnails, or in a ZIP.
    expect((await page(agent, hash, { folderHash: photos.hash })).statusCode).toBe(404);
    expect((await page(agent, hash, { folderHash: docs.hash })).statusCode).toBe(404);
    for (const entry of [a, b, secret]) {
      expect((await agent.get(`/api/v1/shareable-links/${hash}/entries/${entry.hash}/download`)).statusCode).toBe(404);
      expect(
        (await agent.get(`/api/v1/shareable-links/${hash}/entries/${entry.hash}/download?inline=1`)).statusCode,
      ).toBe(404);
      expect((await agent.get(`/api/v1/shareable-links/${hash}/entries/${entry.hash}/thumbnail`)).statusCode).toBe(404);
    }
    for (const hashes of [photos.hash, `${c.hash},${b.hash}`, docs.hash])
      expect((await agent.get(`/api/v1/shareable-links/${hash}/download?hashes=${hashes}`)).statusCode).toBe(404);
    const zip = await unzip((await agent.get(`/api/v1/shareable-links/${hash}/download`)).rawPayload);
    expect([...zip.keys()].sort()).toEqual(['Trip/', 'Trip/c.txt']);
    // By id: an upload into the parent, and the drive's own calls, which a link never opens.
    const { payload, headers } = multipart([['metadata', JSON.stringify({ parentId: photos.id })]], {
      name: 'x.txt',
      content: 'x',
    });
    expect(
      (await agent.request({ method: 'POST', url: `/api/v1/shareable-links/${hash}/upload`, payload, headers }))
        .statusCode,
    ).toBe(404);
    expect((await agent.get(`/api/v1/file-entries/${photos.hash}`)).statusCode).toBe(401);
    expect((await agent.get(`/api/v1/file-entries/${a.hash}/download`)).statusCode).toBe(401);
    const someone = await Person.create(t);
    await page(someone.agent, hash);
    expect((await someone.agent.get(`/api/v1/file-entries/${trip.hash}`)).statusCode).toBe(404);
    expect((await someone.agent.get(`/api/v1/file-entries/download?hashes=${photos.hash}`)).statusCode).toBe(404);
    expect((await put(someone.agent, `/api/v1/file-entries/${photos.id}`, { name: 'mine' })).statusCode).toBe(404);
    expect((await someone.listRaw({ section: 'folder', folderHash: trip.hash })).statusCode).toBe(404);
  });
});

describe('save to my drive', () => {
  it("copies the linked folder into the visitor's drive, against their space; logged out answers 401", async () => {
    const { owner, photos } = await tree();
    const { hash } = await owner.createLink(photos.id);
    expect((await visitor().post(`/api/v1/shareable-links/${hash}/save`, {})).statusCode).toBe(401);
    const me = await Person.create(t);
    const res = await me.agent.post(`/api/v1/shareable-links/${hash}/save`, {});
    expect(res.statusCode).toBe(201);
    const copy = res.json().entries[0];
    expect(copy).toMatchObject({ name: 'Photos', owner_id: me.user.id, parent_id: null });
    expect(copy.id).not.toBe(photos.id);
    expect((await me.agent.get('/api/v1/user/space-usage')).json().used).toBe(70_000 + 3 + 3000);
    const zip = await unzip((await me.agent.get(`/api/v1/file-entries/download?hashes=${copy.hash}`)).rawPayload);
    expect(zip.get('Photos/a.jpg')!.equals(bytes(70_000, 1))).toBe(true);
    const again = (
      await me.agent.post(`/api/v1/shareable-links/${hash}/save`, { destinationId: (await me.folder('Saved')).id })
    ).json().entries[0];
    expect(again).toMatchObject({ name: 'Photos', parent_id: expect.any(Number) });
  });

  it("refuses a copy that does not fit the visitor's space (413), and saving with downloads off (403)", async () => {
    const { owner, photos, b } = await tree();
    const { hash } = await owner.createLink(photos.id);
    const me = await Person.create(t);
    await t.modules.settings.service.set('drive.default_space_bytes', 10_000);
    expect((await me.agent.post(`/api/v1/shareable-links/${hash}/save`, {})).statusCode).toBe(413);
    const fileLink = await owner.createLink(b.id, { allow_download: false });
    expect((await me.agent.post(`/api/v1/shareable-links/${fileLink.hash}/save`, {})).statusCode).toBe(403);
    expect((await me.list({ section: 'home' })).length).toBe(0);
  });
});

describe('uploads through a link', () => {
  it("puts the file in the linked folder (or a folder inside) as the owner's, against the owner's space", async () => {
    const { owner, photos, trip } = await tree();
    const { hash } = await owner.createLink(photos.id, { allow_edit: true });
    const agent = visitor();
    const send = (metadata: Record<string, unknown>, name: string, content: string | Buffer) => {
      const { payload, headers } = multipart([['metadata', JSON.stringify(metadata)]], { name, content });
      return agent.request({ method: 'POST', url: `/api/v1/shareable-links/${hash}/upload`, payload, headers });
    };
    const used = async () => (await owner.agent.get('/api/v1/user/space-usage')).json().used as number;
    const before = await used();
    const top = await send({}, 'dropped.txt', 'dropped bytes');
    expect(top.statusCode).toBe(201);
    expect(top.json().fileEntry).toMatchObject({
      name: 'dropped.txt',
      parent_id: photos.id,
      owner_id: owner.user.id,
      url: expect.stringContaining(`/shareable-links/${hash}/entries/`),
    });
    const inner = await send({ parentId: trip.id, relativePath: 'New/inner.txt' }, 'inner.txt', 'x');
    expect(inner.statusCode).toBe(201);
    expect(await used()).toBe(before + 'dropped bytes'.length + 1);
    expect((await owner.list({ section: 'folder', folderHash: trip.hash })).map((e) => e.name)).toEqual([
      'New',
      'c.txt',
    ]);
    await owner.updateLink(photos.id, { allow_edit: false });
    expect((await send({}, 'late.txt', 'late')).statusCode).toBe(403);
  });
});

describe('the shareable link page HTML', () => {
  it("gives crawlers the entry's name in <title> and meta description, on /drive/s/{hash} and /s/{hash}", async () => {
    const { owner, photos } = await tree();
    const { hash } = await owner.createLink(photos.id);
    for (const path of [`/drive/s/${hash}`, `/s/${hash}`]) {
      const res = await visitor().get(path);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<title>Photos - Kosh</title>');
      expect(res.body).toContain('<meta name="description" content="&#34;Photos&#34;, shared on Kosh.">');
      expect(res.body).toContain('<meta property="og:title" content="Photos - Kosh">');
    }
    await t.modules.settings.service.set('seo.shareable_link_page.title', 'Download :entryName from :siteName');
    expect((await visitor().get(`/drive/s/${hash}`)).body).toContain('<title>Download Photos from Kosh</title>');
    await t.modules.settings.service.set('seo.shareable_link_page.title', ':entryName - :siteName');
  });

  it('gives a password-protected or restricted link only the generic title, and an unknown link a 404', async () => {
    const { owner, photos, b } = await tree();
    const generic = await t.modules.settings.service.get<string>('seo.title');
    const locked = await owner.createLink(photos.id, { password: 'pass word' });
    const restricted = await owner.createLink(b.id, { restricted: true });
    for (const hash of [locked.hash, restricted.hash]) {
      const res = await visitor().get(`/drive/s/${hash}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(`<title>${generic}</title>`);
      expect(res.body).not.toContain('Photos');
      expect(res.body).not.toContain('b.txt');
    }
    const missing = await visitor().get('/drive/s/nothing-here-at-all');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain(`<title>${generic}</title>`);
  });
});

describe('request logs', () => {
  it('keep the password a page call carries in its address out of the log', async () => {
    const logged = await createAccountsApp({ LOG_LEVEL: 'info' });
    try {
      const owner = await Person.create(logged.t);
      const { hash } = await owner.createLink((await owner.folder('F')).id, { password: 'hunter2-secret' });
      expect(
        (await newAgent(logged.t).get(`/api/v1/shareable-links/${hash}?password=hunter2-secret&page=1`)).json()
          .passwordInvalid,
      ).toBe(false);
      const file = path.join(logged.t.db.dataDir, 'logs', 'kosh.log');
      const read = () => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '');
      for (let i = 0; i < 100 && !read().includes(`/shareable-links/${hash}?`); i++)
        await new Promise((r) => setTimeout(r, 20));
      expect(read()).toContain(`/api/v1/shareable-links/${hash}?password=[redacted]&page=1`);
      expect(read()).not.toContain('hunter2-secret');
    } finally {
      await logged.close();
    }
  });
});
