import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsApp, del, put } from '../helpers/accounts.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { Person } from './sharing.ts';

let t: TestApp;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, close } = await createAccountsApp());
});
afterAll(() => close());

/** Distinct names per test, so a search finds only this test's entries. */
let n = 0;
const tag = () => `q${Date.now().toString(36)}${n++}`;

const names = (entries: Array<{ name: string }>) => entries.map((e) => e.name).sort();

/** Owner's Shared/{report, Sub/deep} shared with `me`; Other/secret shared with nobody. */
async function world(permission: 'view' | 'download' | 'edit' = 'view') {
  const owner = await Person.create(t, { first_name: 'Olga', last_name: 'Owner' });
  const me = await Person.create(t);
  const q = tag();
  const shared = await owner.folder(`Shared ${q}`);
  const report = await owner.upload(`report ${q}.txt`, 'report', shared.id);
  const sub = await owner.folder(`Sub ${q}`, shared.id);
  const deep = await owner.upload(`deep ${q}.txt`, 'deep', sub.id);
  const other = await owner.folder(`Other ${q}`);
  const secret = await owner.upload(`secret ${q}.txt`, 'secret', other.id);
  const mine = await me.upload(`mine ${q}.txt`, 'mine');
  const { people } = await owner.share([shared.id], [me.user.email], permission);
  return { owner, me, q, shared, report, sub, deep, other, secret, mine, shareId: people[0].id };
}

describe('sections beside folders include what is shared with the caller', () => {
  it("recent lists the caller's files and those inside shares, with permission and owner; never others'", async () => {
    const w = await world('download');
    const recent = await w.me.list({ section: 'recent', perPage: 200 });
    const mineHere = recent.filter((e) => e.name.includes(w.q));
    expect(names(mineHere)).toEqual(names([w.mine, w.report, w.deep]));
    expect(mineHere.find((e) => e.id === w.deep.id)).toMatchObject({
      permission: 'download',
      owner: { name: 'Olga Owner' },
    });
    expect(mineHere.find((e) => e.id === w.mine.id)?.permission).toBeUndefined();
    // The owner's recent is not widened by what they shared out.
    expect(
      names((await w.owner.list({ section: 'recent', perPage: 200 })).filter((e) => e.name.includes(w.q))),
    ).toEqual(names([w.report, w.deep, w.secret]));
  });

  it('search finds entries inside shares by name, type and date, and nothing outside them', async () => {
    const w = await world('edit');
    expect(names(await w.me.list({ section: 'search', query: w.q }))).toEqual(
      names([w.shared, w.report, w.sub, w.deep, w.mine]),
    );
    expect(names(await w.me.list({ section: 'search', query: w.q, type: 'folder' }))).toEqual(names([w.shared, w.sub]));
    const found = await w.me.list({ section: 'search', query: `deep ${w.q}` });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ id: w.deep.id, permission: 'edit', owner_id: w.owner.user.id });
    // Short queries take the other path of the name match (SQLite: no trigram).
    expect((await w.me.list({ section: 'search', query: 'de' })).map((e) => e.id)).toContain(w.deep.id);
    expect((await w.me.list({ section: 'search', query: 'secret' })).map((e) => e.id)).not.toContain(w.secret.id);
  });

  it("a recipient's star is their own: in their starred with their permission, unseen by the owner", async () => {
    const w = await world('view');
    const starred = await w.me.agent.post('/api/v1/file-entries/star', { entryIds: [w.deep.id] });
    expect(starred.statusCode).toBe(200);
    expect(starred.json().entries[0]).toMatchObject({ id: w.deep.id, is_starred: true, permission: 'view' });
    const mine = await w.me.list({ section: 'starred' });
    expect(mine.map((e) => e.id)).toEqual([w.deep.id]);
    expect(mine[0]).toMatchObject({ is_starred: true, permission: 'view', owner: { name: 'Olga Owner' } });
    expect(await w.owner.list({ section: 'starred' })).toEqual([]);
    const ownerView = await w.owner.list({ section: 'folder', folderHash: w.sub.hash });
    expect(ownerView.find((e) => e.id === w.deep.id)?.is_starred).toBe(false);
    // The owner's own star does not show in the recipient's starred.
    await w.owner.agent.post('/api/v1/file-entries/star', { entryIds: [w.report.id] });
    expect((await w.me.list({ section: 'starred' })).map((e) => e.id)).toEqual([w.deep.id]);
  });

  it('a share revoked mid-session leaves recent, starred and search on the next call; trashed ones too', async () => {
    const w = await world('view');
    await w.me.agent.post('/api/v1/file-entries/star', { entryIds: [w.report.id, w.deep.id] });
    expect(await w.me.list({ section: 'starred' })).toHaveLength(2);
    await w.owner.agent.post('/api/v1/file-entries/delete', { entryIds: [w.sub.id], deleteForever: false });
    expect((await w.me.list({ section: 'starred' })).map((e) => e.id)).toEqual([w.report.id]);
    expect((await w.me.list({ section: 'search', query: w.q })).map((e) => e.id)).not.toContain(w.deep.id);
    expect((await del(w.owner.agent, `/api/v1/file-entries/shares/${w.shareId}`)).statusCode).toBe(204);
    expect(await w.me.list({ section: 'starred' })).toEqual([]);
    expect(names(await w.me.list({ section: 'search', query: w.q }))).toEqual(names([w.mine]));
    expect(
      (await w.me.list({ section: 'recent', perPage: 200 })).filter((e) => e.name.includes(w.q)).map((e) => e.id),
    ).toEqual([w.mine.id]);
  });

  it('pages and totals count the shared entries too', async () => {
    const w = await world('view');
    const res = await w.me.listRaw({ section: 'search', query: w.q, perPage: 2, page: 2 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ current_page: 2, last_page: 3, total: 5 });
    expect(res.json().data).toHaveLength(2);
  });
});

describe('the owner\'s "shared" mark (is_shared)', () => {
  it("marks entries shared with people or an enabled link in the owner's listings until sharing ends", async () => {
    const owner = await Person.create(t);
    const bob = await Person.create(t);
    const q = tag();
    const byPerson = await owner.folder(`people ${q}`);
    const byLink = await owner.upload(`link ${q}.txt`, 'link');
    const plain = await owner.upload(`plain ${q}.txt`, 'plain');
    const inside = await owner.upload(`inside ${q}.txt`, 'inside', byPerson.id);
    const { people } = await owner.share([byPerson.id], [bob.user.email], 'view');
    await owner.createLink(byLink.id);

    const home = await owner.list({ section: 'home', perPage: 200 });
    const mark = (list: Array<{ id: number; is_shared?: boolean }>, id: number) =>
      list.find((e) => e.id === id)?.is_shared;
    expect(mark(home, byPerson.id)).toBe(true);
    expect(mark(home, byLink.id)).toBe(true);
    expect(mark(home, plain.id)).toBe(false);
    // An entry inside a shared folder is reached through the folder, not marked itself.
    expect(mark(await owner.list({ section: 'folder', folderHash: byPerson.hash }), inside.id)).toBe(false);
    expect(mark(await owner.list({ section: 'search', query: q }), byLink.id)).toBe(true);
    expect((await owner.agent.get(`/api/v1/file-entries/${byPerson.hash}`)).json().fileEntry.is_shared).toBe(true);

    // The recipient sees the owner and their permission, not the owner's mark.
    const theirs = await bob.list({ section: 'shares' });
    expect(theirs[0]).toMatchObject({ id: byPerson.id, permission: 'view' });
    expect(theirs[0].is_shared).toBeUndefined();

    // A link turned off, and a person removed, take the mark away.
    expect((await owner.updateLink(byLink.id, { enabled: false })).statusCode).toBe(200);
    await del(owner.agent, `/api/v1/file-entries/shares/${people[0].id}`);
    const after = await owner.list({ section: 'home', perPage: 200 });
    expect(mark(after, byLink.id)).toBe(false);
    expect(mark(after, byPerson.id)).toBe(false);
  });

  it('marks a pending invitation of an address without an account as shared', async () => {
    const owner = await Person.create(t);
    const file = await owner.upload(`invited ${tag()}.txt`, 'x');
    await owner.share([file.id], [`nobody-${Date.now()}@example.test`], 'view');
    expect((await owner.list({ section: 'home', perPage: 200 })).find((e) => e.id === file.id)?.is_shared).toBe(true);
  });

  it('answers the mark on a rename too', async () => {
    const owner = await Person.create(t);
    const bob = await Person.create(t);
    const file = await owner.upload(`renamed ${tag()}.txt`, 'x');
    await owner.share([file.id], [bob.user.email], 'edit');
    const res = await put(owner.agent, `/api/v1/file-entries/${file.id}`, { name: `renamed ${tag()}.txt` });
    expect(res.json().fileEntry.is_shared).toBe(true);
  });
});
