import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_IDS_MAX, type FileEntry } from '@kosh/contracts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { Person } from '../shares/sharing.ts';
import { teamOf } from '../workspaces/workspaces.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ADD = '/api/v1/file-entries/tags';
const REMOVE = '/api/v1/file-entries/tags/remove';
/** Each entry's name with its tags' display names. */
const tagsByName = (entries: FileEntry[]) =>
  Object.fromEntries(entries.map((e) => [e.name, (e.tags ?? []).map((tag) => tag.display_name)]));
const linkCount = async () =>
  Number(
    (
      await t.modules.db
        .selectFrom('entry_tags')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('tags on entries', () => {
  it('lets the owner add tags (created once by name) and answers the entries with them', async () => {
    const me = await Person.create(t);
    const a = await me.upload('a.txt', 'a');
    const b = await me.upload('b.txt', 'b');
    const res = await me.agent.post(ADD, { entryIds: [a.id, b.id], tags: ['Q3 Report', 'q3  report', 'Taxes'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(tagsByName(res.json().entries)).toEqual({
      'a.txt': ['Q3 Report', 'Taxes'],
      'b.txt': ['Q3 Report', 'Taxes'],
    });
    expect(res.json().entries[0].tags.map((tag: { name: string }) => tag.name)).toEqual(['q3-report', 'taxes']);
    // The same words again are the same tag; adding twice keeps one link.
    const again = await me.agent.post(ADD, { entryIds: [a.id], tags: ['TAXES'] });
    expect(tagsByName(again.json().entries)).toEqual({ 'a.txt': ['Q3 Report', 'Taxes'] });
    const named = await t.modules.db.selectFrom('tags').select('name').where('name', '=', 'taxes').execute();
    expect(named).toHaveLength(1);
  });

  it('shows tags in the listing, filters it by tag, and finds entries by tag in search', async () => {
    const me = await Person.create(t);
    const dir = await me.folder('Dir');
    const inDir = await me.upload('inside.txt', 'i', dir.id);
    const top = await me.upload('top.txt', 't');
    await me.upload('plain.txt', 'p');
    await me.agent.post(ADD, { entryIds: [inDir.id, top.id, dir.id], tags: ['Blue Sky'] });
    await me.agent.post(ADD, { entryIds: [top.id], tags: ['Other'] });

    expect(tagsByName(await me.list({ section: 'home' }))).toEqual({
      Dir: ['Blue Sky'],
      'top.txt': ['Blue Sky', 'Other'],
      'plain.txt': [],
    });
    const home = await me.list({ section: 'home', tag: 'blue-sky' });
    expect(home.map((e) => e.name).sort()).toEqual(['Dir', 'top.txt']);
    expect((await me.list({ section: 'folder', folderHash: dir.hash, tag: 'Blue Sky' })).map((e) => e.name)).toEqual([
      'inside.txt',
    ]);
    expect(await me.list({ section: 'home', tag: 'no-such-tag' })).toEqual([]);
    expect((await me.list({ section: 'recent', tag: 'other' })).map((e) => e.name)).toEqual(['top.txt']);
    // Search: the query names a tag, or the tag filter alone.
    const found = await me.list({ section: 'search', query: 'blue sky' });
    expect(found.map((e) => e.name).sort()).toEqual(['Dir', 'inside.txt', 'top.txt']);
    expect((await me.list({ section: 'search', tag: 'other' })).map((e) => e.name)).toEqual(['top.txt']);
    expect((await me.list({ section: 'search', query: 'top', tag: 'blue-sky' })).map((e) => e.name)).toEqual([
      'top.txt',
    ]);
    const trash = await me.listRaw({ section: 'trash', tag: 'other' });
    expect(trash.statusCode).toBe(422);
    expect(trash.json().errors.tag).toBeDefined();
  });

  it("loads a page's tags in one query, however many entries carry tags", async () => {
    const me = await Person.create(t);
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) ids.push((await me.upload(`f${i}.txt`, `${i}`)).id);
    await me.agent.post(ADD, { entryIds: ids, tags: ['One', 'Two'] });
    let tagQueries = 0;
    const spy = t.modules.drive.repos.tags;
    const original = spy.tagsOf.bind(spy);
    spy.tagsOf = async (entryIds) => {
      tagQueries++;
      return original(entryIds);
    };
    try {
      const page = await me.list({ section: 'home' });
      expect(page).toHaveLength(6);
      expect(page.every((e) => e.tags?.length === 2)).toBe(true);
    } finally {
      spy.tagsOf = original;
    }
    expect(tagQueries).toBe(1);
  });

  it('removes tags from entries and skips tags an entry does not carry', async () => {
    const me = await Person.create(t);
    const a = await me.upload('a.txt', 'a');
    const b = await me.upload('b.txt', 'b');
    const added = await me.agent.post(ADD, { entryIds: [a.id], tags: ['Keep', 'Drop'] });
    const drop = added.json().entries[0].tags.find((tag: { name: string }) => tag.name === 'drop');
    const res = await me.agent.post(REMOVE, { entryIds: [a.id, b.id], tagIds: [drop.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(tagsByName(res.json().entries)).toEqual({ 'a.txt': ['Keep'], 'b.txt': [] });
  });

  it('lets an editor of a shared folder tag, a viewer see tags but not tag (403), a stranger 404', async () => {
    const owner = await Person.create(t);
    const editor = await Person.create(t);
    const viewer = await Person.create(t);
    const stranger = await Person.create(t);
    const shared = await owner.folder('Shared');
    const file = await owner.upload('doc.txt', 'd', shared.id);
    await owner.share([shared.id], [editor.user.email], 'edit');
    await owner.share([shared.id], [viewer.user.email], 'view');

    const byEditor = await editor.agent.post(ADD, { entryIds: [file.id], tags: ['Reviewed'] });
    expect(byEditor.statusCode, byEditor.body).toBe(200);
    expect(tagsByName(await viewer.list({ section: 'folder', folderHash: shared.hash }))).toEqual({
      'doc.txt': ['Reviewed'],
    });
    const before = await linkCount();
    const byViewer = await viewer.agent.post(ADD, { entryIds: [file.id], tags: ['Nope'] });
    expect(byViewer.statusCode).toBe(403);
    const tagId = byEditor.json().entries[0].tags[0].id;
    expect((await viewer.agent.post(REMOVE, { entryIds: [file.id], tagIds: [tagId] })).statusCode).toBe(403);
    expect((await stranger.agent.post(ADD, { entryIds: [file.id], tags: ['Nope'] })).statusCode).toBe(404);
    expect((await stranger.agent.post(REMOVE, { entryIds: [file.id], tagIds: [tagId] })).statusCode).toBe(404);
    expect(await linkCount()).toBe(before);
    const nope = await t.modules.db.selectFrom('tags').select('id').where('name', '=', 'nope').execute();
    expect(nope).toEqual([]);
  });

  it('lets workspace editors tag and refuses viewers (403)', async () => {
    const { owner, ws, members } = await teamOf(t, ['editor', 'viewer']);
    const res = await owner.person.uploadRaw('team.txt', 't', { workspaceId: ws.id });
    const entry = res.json().fileEntry;
    const [editor, viewer] = members;
    expect((await editor.person.agent.post(ADD, { entryIds: [entry.id], tags: ['Team'] })).statusCode).toBe(200);
    expect((await viewer.person.agent.post(ADD, { entryIds: [entry.id], tags: ['Team'] })).statusCode).toBe(403);
    const seen = await viewer.person.list({ section: 'home', workspaceId: ws.id });
    expect(tagsByName(seen)).toEqual({ 'team.txt': ['Team'] });
  });

  it('suggests tags on the caller’s drive and the exact name, not others’ tags', async () => {
    const me = await Person.create(t);
    const other = await Person.create(t);
    const mine = await me.upload('m.txt', 'm');
    const theirs = await other.upload('o.txt', 'o');
    await me.agent.post(ADD, { entryIds: [mine.id], tags: ['Project Alpha', 'Personal'] });
    await other.agent.post(ADD, { entryIds: [theirs.id], tags: ['Project Secret', 'Shared Word'] });
    const suggest = async (query: string) => {
      const res = await me.agent.get(`/api/v1/tags?query=${encodeURIComponent(query)}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.map((tag: { display_name: string }) => tag.display_name);
    };
    expect(await suggest('pro')).toEqual(['Project Alpha']);
    expect(await suggest('')).toEqual(['Personal', 'Project Alpha']);
    expect(await suggest('Shared Word')).toEqual(['Shared Word']);
    expect((await me.agent.get('/api/v1/tags?perPage=21')).statusCode).toBe(422);
  });

  it('lists the tag of exactly the name asked first, however its display name sorts', async () => {
    const me = await Person.create(t);
    const mine = await me.upload('n.txt', 'n');
    const base = `k${Date.now().toString(36)}`;
    await me.agent.post(ADD, { entryIds: [mine.id], tags: [base, `${base} beta`, `${base} gamma`] });
    await t.modules.db.updateTable('tags').set({ display_name: 'zz last' }).where('name', '=', base).execute();
    const res = await me.agent.get(`/api/v1/tags?query=${base}&perPage=2`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((tag: { name: string }) => tag.name)).toEqual([base, `${base}-beta`]);
  });

  it('refuses bad bodies with 422 and guests with 401', async () => {
    const me = await Person.create(t);
    const a = await me.upload('a.txt', 'a');
    const cases: [unknown, string][] = [
      [{ entryIds: [a.id], tags: [] }, 'tags'],
      [{ entryIds: [a.id], tags: ['!'] }, 'tags.0'],
      [{ entryIds: [a.id], tags: ['x'.repeat(51)] }, 'tags.0'],
      [{ entryIds: [a.id], tags: Array.from({ length: 11 }, (_, i) => `tag${i}`) }, 'tags'],
      [{ entryIds: [], tags: ['ok'] }, 'entryIds'],
      [{ entryIds: Array.from({ length: BULK_IDS_MAX + 1 }, (_, i) => i + 1), tags: ['ok'] }, 'entryIds'],
    ];
    for (const [body, field] of cases) {
      const res = await me.agent.post(ADD, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(Object.keys(res.json().errors)).toContain(field);
    }
    expect((await me.agent.post(REMOVE, { entryIds: [a.id], tagIds: [] })).statusCode).toBe(422);
    const guest = await t.app.inject({ method: 'GET', url: '/api/v1/tags' });
    expect(guest.statusCode).toBe(401);
  });

  it('drops the links when an entry is deleted forever', async () => {
    const me = await Person.create(t);
    const a = await me.upload('gone.txt', 'g');
    await me.agent.post(ADD, { entryIds: [a.id], tags: ['Gone'] });
    const res = await me.agent.post('/api/v1/file-entries/delete', { entryIds: [a.id], deleteForever: true });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const links = await t.modules.db.selectFrom('entry_tags').select('tag_id').where('entry_id', '=', a.id).execute();
    expect(links).toEqual([]);
  });
});
