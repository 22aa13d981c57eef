import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_IDS_MESSAGE, FOLDER_ID_MESSAGE, type FileEntry } from '@kosh/contracts';
import { NOTHING_TO_DOWNLOAD } from '../../src/drive/download.service.ts';
import { createAccountsApp, newAgent } from '../helpers/accounts.ts';
import { seedFiles } from '../helpers/seed-files.ts';
import type { Agent, TestApp } from '../helpers/test-app.ts';
import { unzip } from '../helpers/zip.ts';
import { Person } from './sharing.ts';

let t: TestApp;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, close } = await createAccountsApp());
});
afterAll(() => close());

const visitor = () => newAgent(t);
const page = (agent: Agent, hash: string, query: Record<string, string> = {}) =>
  agent.get(`/api/v1/shareable-links/${hash}?${new URLSearchParams({ loader: 'shareableLinkPage', ...query })}`);

/** GET shareable-links/{hash}/download of a select-all: place=folder and the rest of `query`. */
function selectAll(agent: Agent, hash: string, query: Record<string, string | number> = {}) {
  const params = new URLSearchParams(Object.entries({ place: 'folder', ...query }).map(([k, v]) => [k, String(v)]));
  return agent.get(`/api/v1/shareable-links/${hash}/download?${params}`);
}

/** Linked/{top.txt, Sub/{one.txt, two.txt, Deeper/{three.txt}}} with Outside/{secret.txt} beside it. */
async function tree() {
  const owner = await Person.create(t);
  const linked = await owner.folder('Linked');
  const top = await owner.upload('top.txt', 'top', linked.id);
  const sub = await owner.folder('Sub', linked.id);
  const one = await owner.upload('one.txt', 'one', sub.id);
  await owner.upload('two.txt', 'two', sub.id);
  const deeper = await owner.folder('Deeper', sub.id);
  await owner.upload('three.txt', 'three', deeper.id);
  const outside = await owner.folder('Outside');
  await owner.upload('secret.txt', 'top secret', outside.id);
  return { owner, linked, top, sub, one, deeper, outside };
}

describe('LinkAccessService', () => {
  describe('select all (place=folder)', () => {
    it('zips every entry of a linked folder of 1,200 files, however few the page loaded, or all but some', {
      timeout: 240_000,
    }, async () => {
      const owner = await Person.create(t);
      const big = await owner.folder('Big');
      await seedFiles(t, big, 1200, 'file');
      const { hash } = await owner.createLink(big.id);
      const agent = visitor();
      const loaded = (await page(agent, hash, { order: 'name:asc' })).json().folderChildren;
      expect([loaded.data.length, loaded.last_page]).toEqual([50, 24]);

      const all = await selectAll(agent, hash, { folderId: big.id });
      expect(all.statusCode).toBe(200);
      expect(all.headers['content-type']).toBe('application/zip');
      expect(all.headers['content-disposition']).toBe('attachment; filename=Big.zip');
      const zip = await unzip(all.rawPayload);
      expect(zip.size).toBe(1200);
      expect(zip.get('file-1199.txt')?.toString()).toBe('1199');

      // Without folderId: the linked folder.
      const [first, second] = loaded.data as FileEntry[];
      const some = await selectAll(agent, hash, { except: `${first.id},${second.id}` });
      const rest = await unzip(some.rawPayload);
      expect(rest.size).toBe(1198);
      expect([rest.has(first.name), rest.has(second.name)]).toEqual([false, false]);
    });

    it('zips a folder inside the link with what its subfolders hold, named after it', async () => {
      const { owner, linked, sub, one, deeper } = await tree();
      const { hash } = await owner.createLink(linked.id);
      const res = await selectAll(visitor(), hash, { folderId: sub.id });
      expect([res.statusCode, res.headers['content-disposition']]).toEqual([200, 'attachment; filename=Sub.zip']);
      const zip = await unzip(res.rawPayload);
      expect([...zip.keys()].sort()).toEqual(['Deeper/', 'Deeper/three.txt', 'one.txt', 'two.txt']);
      expect(zip.get('Deeper/three.txt')?.toString()).toBe('three');
      // One file left in the selection downloads as itself, as when named alone.
      const alone = await selectAll(visitor(), hash, { folderId: sub.id, except: `${one.id},${deeper.id}` });
      expect([alone.statusCode, alone.headers['content-disposition'], alone.body]).toEqual([
        200,
        'attachment; filename=two.txt',
        'two',
      ]);
    });

    it('answers 404 for a folder outside the link (its parent, a sibling), a file or a trashed folder', async () => {
      const { owner, linked, top, sub, one, deeper, outside } = await tree();
      const { hash } = await owner.createLink(sub.id);
      for (const folderId of [linked.id, outside.id, top.id, one.id, 99_999_999]) {
        const res = await selectAll(visitor(), hash, { folderId });
        expect([res.statusCode, res.headers['content-type']]).toEqual([404, 'application/json; charset=utf-8']);
        for (const name of ['Linked', 'Outside', 'secret', 'top']) expect(res.body).not.toContain(name);
      }
      await owner.agent.post('/api/v1/file-entries/delete', { entryIds: [deeper.id] });
      expect((await selectAll(visitor(), hash, { folderId: deeper.id })).statusCode).toBe(404);
    });

    it('answers 422 when everything is left out', async () => {
      const owner = await Person.create(t);
      const dir = await owner.folder('dir');
      const only = await owner.upload('only.txt', 'o', dir.id);
      const { hash } = await owner.createLink(dir.id);
      const res = await selectAll(visitor(), hash, { except: only.id });
      expect([res.statusCode, res.json().errors]).toEqual([422, { except: [NOTHING_TO_DOWNLOAD] }]);
    });

    it('refuses (413) a folder past the entry cap of one ZIP before sending anything', async () => {
      const settings = t.modules.settings.service;
      const cap = await settings.get<number>('downloads.zip_max_entries');
      const { owner, linked, sub } = await tree();
      const { hash } = await owner.createLink(linked.id);
      await settings.set('downloads.zip_max_entries', 2);
      try {
        const res = await selectAll(visitor(), hash, { folderId: sub.id });
        expect([res.statusCode, res.headers['content-type']]).toEqual([413, 'application/json; charset=utf-8']);
        expect(res.json().message).toMatch(/more than 2 items/);
      } finally {
        await settings.set('downloads.zip_max_entries', cap);
      }
    });
  });

  describe('permissions', () => {
    it('refuses a link with downloads off (403), inside the link or out', async () => {
      const { owner, linked, sub, outside } = await tree();
      const { hash } = await owner.createLink(linked.id, { allow_download: false });
      for (const query of [{}, { folderId: sub.id }, { folderId: outside.id }] as Record<string, number>[]) {
        const res = await selectAll(visitor(), hash, query);
        expect([res.statusCode, res.json().message]).toEqual([403, 'Downloads are turned off for this link.']);
      }
    });

    it('refuses a password link until this browser unlocked it, then zips', async () => {
      const { owner, linked, sub } = await tree();
      const { hash } = await owner.createLink(linked.id, { password: 'open sesame' });
      const agent = visitor();
      const locked = await selectAll(agent, hash, { folderId: sub.id });
      expect([locked.statusCode, locked.json().code]).toEqual([403, 'link_locked']);
      // Byte requests do not take the password itself: the unlock cookie carries it.
      expect((await selectAll(agent, hash, { folderId: sub.id, password: 'open sesame' })).statusCode).toBe(403);
      await agent.post(`/api/v1/shareable-links/${hash}/password`, { password: 'open sesame' });
      const unlocked = await selectAll(agent, hash, { folderId: sub.id });
      expect([unlocked.statusCode, unlocked.headers['content-disposition']]).toEqual([
        200,
        'attachment; filename=Sub.zip',
      ]);
    });

    it('answers 401 logged out of a restricted link, 410 once expired, 404 once turned off', async () => {
      const { owner, linked, sub } = await tree();
      const { hash } = await owner.createLink(linked.id, { restricted: true });
      expect((await selectAll(visitor(), hash, { folderId: sub.id })).statusCode).toBe(401);
      expect((await selectAll(owner.agent, hash, { folderId: sub.id })).statusCode).toBe(200);
      await t.modules.db
        .updateTable('shareable_links')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('hash', '=', hash)
        .execute();
      const expired = await selectAll(owner.agent, hash, { folderId: sub.id });
      expect([expired.statusCode, expired.json().code]).toEqual([410, 'link_expired']);
      await owner.updateLink(linked.id, { enabled: false });
      expect((await selectAll(owner.agent, hash, { folderId: sub.id })).statusCode).toBe(404);
    });
  });

  describe('input', () => {
    it('answers 422 in readable words past 1,000 ids left out, for words, and for hashes with place', async () => {
      const { owner, linked, top } = await tree();
      const { hash } = await owner.createLink(linked.id);
      const except = Array.from({ length: 1001 }, (_, i) => i + 1).join(',');
      const many = await selectAll(visitor(), hash, { except });
      expect([many.statusCode, many.json().errors]).toEqual([422, { except: [BULK_IDS_MESSAGE] }]);
      const long = await selectAll(visitor(), hash, { except: '1'.repeat(20_000) });
      expect([long.statusCode, long.json().message]).toEqual([422, BULK_IDS_MESSAGE]);
      const words = await selectAll(visitor(), hash, { except: 'one,two' });
      expect([words.statusCode, words.json().errors]).toEqual([
        422,
        { except: ['except lists entry ids separated by commas.'] },
      ]);
      const both = await selectAll(visitor(), hash, { hashes: top.hash });
      expect([both.statusCode, both.json().errors]).toEqual([
        422,
        { hashes: ['Name the entries to download: either hashes, or place=folder with folderId, not both.'] },
      ]);
      const folderId = await selectAll(visitor(), hash, { folderId: 'x' });
      expect([folderId.statusCode, folderId.json().errors]).toEqual([422, { folderId: [FOLDER_ID_MESSAGE] }]);
      for (const res of [many, long, words, both, folderId]) expect(res.body).not.toMatch(/Too big|expected/);
    });
  });
});
