import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Permission, tagSlug } from '@kosh/contracts';
import { put } from '../helpers/accounts.ts';
import { DriveClient, multipart } from '../helpers/drive.ts';
import { staffAgent } from '../helpers/staff.ts';
import { startWorkerApp } from '../helpers/worker-app.ts';
import { Agent, createTestApp, type SecondApp, startSecondApp, type TestApp } from '../helpers/test-app.ts';
import { marker } from './users-fixtures.ts';

// Conflicting requests at the same moment, half in each of two server processes (their own pools
// on PostgreSQL, their own connections to one file on SQLite), repeated for some rounds so a
// window between a read and a write is likely hit. The database is checked directly afterwards.
// The "other process" is by turns a second app in this thread and one in a worker thread: in one
// thread SQLite's synchronous driver runs a transaction without a pause another could fall in,
// so only the worker's requests truly overlap this thread's on SQLite.
let t: TestApp;
let second: SecondApp | undefined;
let worker: Awaited<ReturnType<typeof startWorkerApp>> | undefined;
beforeAll(async () => {
  t = await createTestApp();
  second = await startSecondApp(t.modules.config);
  worker = await startWorkerApp(t.modules.config);
});
afterAll(async () => {
  await worker?.close();
  await second?.close();
  await t.close();
});

const ROUNDS = 10;
/** The window of a rename or merge between an attach's two statements is one round trip: more rounds. */
const NARROW_ROUNDS = ROUNDS * 8;
const ADD_TAGS = '/api/v1/file-entries/tags';
const ADMIN_TAGS = '/api/v1/admin/tags';
const ADMIN_FILES = '/api/v1/admin/files';

/**
 * The same signed-in session, sent to the other process: its calls go by turns to the second app
 * in this thread and to the one in the worker thread.
 */
function onSecond(from: Agent): Agent {
  const [here, there] = [second?.app, worker?.app];
  if (!here || !there) throw new Error('the second process did not start');
  let calls = 0;
  const alternating = { inject: (options: InjectOptions) => (calls++ % 2 ? there : here).inject(options) };
  const agent = new Agent(alternating as unknown as FastifyInstance);
  for (const [k, v] of from.cookies) agent.cookies.set(k, v);
  return agent;
}

/**
 * Starts the calls together, each after a few turns of the event loop that change from round to
 * round: the two processes share this thread, so the offset moves where one request's statements
 * fall between the other's.
 */
async function race<T extends readonly (() => Promise<unknown>)[]>(
  round: number,
  calls: T,
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  const turns = (n: number) =>
    new Promise<void>((resolve) => {
      let left = n;
      const next = () => (left-- <= 0 ? resolve() : setImmediate(next));
      next();
    });
  return Promise.all(
    calls.map(async (call, i) => {
      await turns((i * (round + 1) * 3) % 11);
      return call();
    }),
  ) as never;
}

const codes = (answers: LightMyRequestResponse[]) => answers.map((r) => r.statusCode);
/** Each answer's code with its body, so a failing expectation shows why. */
const explained = (answers: LightMyRequestResponse[]) => answers.map((r) => `${r.statusCode} ${r.body.slice(0, 200)}`);

const tagsNamed = (name: string) => t.modules.db.selectFrom('tags').selectAll().where('name', '=', name).execute();
const linksOf = (entryIds: number[]) =>
  t.modules.db
    .selectFrom('entry_tags')
    .innerJoin('tags', 'tags.id', 'entry_tags.tag_id')
    .select(['entry_tags.entry_id', 'tags.name'])
    .where('entry_tags.entry_id', 'in', entryIds)
    .execute();

async function adminTag(staff: Agent, name: string): Promise<{ id: number }> {
  const res = await staff.post(ADMIN_TAGS, { name, display_name: name, type: 'custom' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().tag;
}

describe('a new tag attached in two processes at once', () => {
  it('by two users: every call answers 200, one tag row, each entry linked once', async () => {
    const [alice, bob] = [await DriveClient.create(t), await DriveClient.create(t)];
    const bobThere = onSecond(bob.agent);
    for (let round = 0; round < ROUNDS; round++) {
      const name = `${marker()} Shared ${round}`;
      const a = await alice.upload(`a-${round}.txt`, 'a');
      const b = await bob.upload(`b-${round}.txt`, 'b');
      const answers = await race(round, [
        () => alice.agent.post(ADD_TAGS, { entryIds: [a.id], tags: [name] }),
        () => bobThere.post(ADD_TAGS, { entryIds: [b.id], tags: [name] }),
      ] as const);
      expect(codes(answers), explained(answers).join('\n')).toEqual([200, 200]);
      const rows = await tagsNamed(tagSlug(name));
      expect(rows).toHaveLength(1);
      const links = await linksOf([a.id, b.id]);
      expect(links.map((l) => l.entry_id).sort()).toEqual([a.id, b.id].sort());
      expect(links.every((l) => l.name === tagSlug(name))).toBe(true);
    }
  });

  it('by one user on two of their entries: the same', async () => {
    const me = await DriveClient.create(t);
    const there = onSecond(me.agent);
    for (let round = 0; round < ROUNDS; round++) {
      const name = `${marker()} Mine ${round}`;
      const [x, y] = [await me.upload(`x-${round}.txt`, 'x'), await me.upload(`y-${round}.txt`, 'y')];
      const answers = await race(round, [
        () => me.agent.post(ADD_TAGS, { entryIds: [x.id], tags: [name, 'Common'] }),
        () => there.post(ADD_TAGS, { entryIds: [y.id], tags: ['Common', name] }),
      ] as const);
      expect(codes(answers), explained(answers).join('\n')).toEqual([200, 200]);
      expect(await tagsNamed(tagSlug(name))).toHaveLength(1);
      expect(await tagsNamed('common')).toHaveLength(1);
      const links = await linksOf([x.id, y.id]);
      expect(links).toHaveLength(4);
      for (const id of [x.id, y.id])
        expect(links.filter((l) => l.entry_id === id).map((l) => l.name)).toEqual(
          expect.arrayContaining([tagSlug(name), 'common']),
        );
    }
  });
});

describe('a tag renamed while another request takes its new name', () => {
  it('rename vs attach of a new tag of that name: one tag of the name, no link lost, no 500', async () => {
    const staff = (await staffAgent(t, { permissions: [Permission.tagsUpdate] })).agent;
    const owner = await DriveClient.create(t);
    const ownerThere = onSecond(owner.agent);
    const staffThere = onSecond(staff);
    for (let round = 0; round < ROUNDS; round++) {
      const mark = marker();
      const target = tagSlug(`${mark} Renamed ${round}`);
      const old = await owner.upload(`old-${round}.txt`, 'o');
      const fresh = await owner.upload(`fresh-${round}.txt`, 'f');
      const tagged = await owner.agent.post(ADD_TAGS, { entryIds: [old.id], tags: [`${mark} Before ${round}`] });
      expect(tagged.statusCode, tagged.body).toBe(200);
      const tag = (await tagsNamed(tagSlug(`${mark} Before ${round}`)))[0];
      if (!tag) throw new Error('the tag was not created');
      // Alternate which process each side runs in.
      const [renamer, attacher] = round % 2 ? [staffThere, owner.agent] : [staff, ownerThere];
      const [rename, attach] = await race(round, [
        () => put(renamer, `${ADMIN_TAGS}/${tag.id}`, { name: target, display_name: target, type: 'custom' }),
        () => attacher.post(ADD_TAGS, { entryIds: [fresh.id], tags: [target] }),
      ] as const);
      expect(attach.statusCode, attach.body).toBe(200);
      // The rename wins (the attach reuses the renamed tag) or finds the name taken (422).
      expect([200, 422], rename.body).toContain(rename.statusCode);
      if (rename.statusCode === 422) expect(rename.json().errors.name).toEqual(['Another tag already has this name.']);
      const named = await tagsNamed(target);
      expect(named).toHaveLength(1);
      const links = await linksOf([old.id, fresh.id]);
      expect(links).toHaveLength(2);
      expect(links.find((l) => l.entry_id === fresh.id)?.name).toBe(target);
      // The old entry keeps its tag, under whichever name it has now.
      expect(links.find((l) => l.entry_id === old.id)?.name).toBe(
        rename.statusCode === 200 ? target : tagSlug(`${mark} Before ${round}`),
      );
    }
  });

  it('two staff renaming two tags to one name: one 200, one 422, never two rows of the name', async () => {
    const staff = (await staffAgent(t, { permissions: [Permission.tagsUpdate] })).agent;
    const other = onSecond((await staffAgent(t, { permissions: [Permission.tagsUpdate] })).agent);
    for (let round = 0; round < ROUNDS; round++) {
      const mark = marker();
      const target = tagSlug(`${mark} Same ${round}`);
      const [a, b] = [await adminTag(staff, `${mark} first`), await adminTag(staff, `${mark} second`)];
      const answers = await race(round, [
        () => put(staff, `${ADMIN_TAGS}/${a.id}`, { name: target, display_name: 'First', type: 'custom' }),
        () => put(other, `${ADMIN_TAGS}/${b.id}`, { name: target, display_name: 'Second', type: 'custom' }),
      ] as const);
      expect(codes(answers).sort(), explained(answers).join('\n')).toEqual([200, 422]);
      const refused = answers.find((r) => r.statusCode === 422);
      expect(refused?.json().errors.name).toEqual(['Another tag already has this name.']);
      expect(await tagsNamed(target)).toHaveLength(1);
      // One audit row, of the rename that happened.
      const audit = await t.modules.db
        .selectFrom('admin_audit_log')
        .select('target_id')
        .where('action', '=', 'tag.update')
        .where('target_id', 'in', [String(a.id), String(b.id)])
        .execute();
      expect(audit).toHaveLength(1);
    }
  });

  it('renamed away or merged away while a user attaches it by its old name: the entry still gets a tag', async () => {
    const staff = (await staffAgent(t, { permissions: [Permission.tagsUpdate] })).agent;
    const owner = await DriveClient.create(t);
    const ownerThere = onSecond(owner.agent);
    const staffThere = onSecond(staff);
    for (let round = 0; round < NARROW_ROUNDS; round++) {
      const mark = marker();
      const [old, away] = [tagSlug(`${mark} Old`), tagSlug(`${mark} Away`)];
      const carrier = await owner.upload(`carrier-${round}.txt`, 'c');
      const entry = await owner.upload(`entry-${round}.txt`, 'e');
      expect((await owner.agent.post(ADD_TAGS, { entryIds: [carrier.id], tags: [old] })).statusCode).toBe(200);
      const tag = (await tagsNamed(old))[0];
      if (!tag) throw new Error('the tag was not created');
      const merging = round % 2 === 1;
      const into = merging ? await adminTag(staff, away) : undefined;
      const [staffSide, ownerSide] = round % 4 < 2 ? [staffThere, owner.agent] : [staff, ownerThere];
      const [change, attach] = await race(round, [
        () =>
          into
            ? staffSide.post(`${ADMIN_TAGS}/${tag.id}/merge`, { into: into.id })
            : put(staffSide, `${ADMIN_TAGS}/${tag.id}`, { name: away, display_name: away, type: 'custom' }),
        () => ownerSide.post(ADD_TAGS, { entryIds: [entry.id], tags: [old] }),
      ] as const);
      expect(codes([change, attach]), explained([change, attach]).join('\n')).toEqual([200, 200]);
      // Before the change the attach linked the old tag (renamed or merged with it); after it,
      // it made the name anew. Either way the entry carries a tag, and names stay unique.
      const links = await linksOf([entry.id, carrier.id]);
      const entryTags = links.filter((l) => l.entry_id === entry.id).map((l) => l.name);
      expect(entryTags.length, `round ${round}: ${merging ? 'merge' : 'rename'}`).toBe(1);
      expect([old, away]).toContain(entryTags[0]);
      expect(links.filter((l) => l.entry_id === carrier.id).map((l) => l.name)).toEqual([away]);
      expect((await tagsNamed(old)).length).toBeLessThanOrEqual(1);
      expect(await tagsNamed(away)).toHaveLength(1);
      // The answer shows the entry with its one tag (under the name of that moment: the rename may follow it).
      const answered = (attach.json().entries as { id: number; tags?: { name: string }[] }[])[0]?.tags;
      expect(answered).toHaveLength(1);
    }
  });

  it('two staff creating one name at once: one 201, one 422', async () => {
    const staff = (await staffAgent(t, { permissions: [Permission.tagsUpdate] })).agent;
    const other = onSecond((await staffAgent(t, { permissions: [Permission.tagsUpdate] })).agent);
    for (let round = 0; round < ROUNDS; round++) {
      const name = tagSlug(`${marker()} Created ${round}`);
      const answers = await race(round, [
        () => staff.post(ADMIN_TAGS, { name, display_name: 'First', type: 'custom' }),
        () => other.post(ADMIN_TAGS, { name, display_name: 'Second', type: 'custom' }),
      ] as const);
      expect(codes(answers).sort(), explained(answers).join('\n')).toEqual([201, 422]);
      expect(await tagsNamed(name)).toHaveLength(1);
    }
  });
});

/** Holds back the background drain of storage_deletions in every process, so the queued rows can be counted. */
async function holdDrains() {
  if (!second || !worker) throw new Error('the second process did not start');
  // Only the drain after the answer is held: the rows it would remove are what is checked.
  const spies = [t.modules, second.modules].map((m) =>
    vi.spyOn(m.drive.storageDeletions, 'kick').mockImplementation(() => undefined),
  );
  await worker.holdDrains(true);
  return {
    release: async () => {
      for (const spy of spies) spy.mockRestore();
      await worker?.holdDrains(false);
      await t.modules.drive.storageDeletions.drain();
    },
  };
}

const queued = (keys: string[]) =>
  t.modules.db.selectFrom('storage_deletions').select('key').where('key', 'in', keys).execute();

const storedKeys = async (ids: number[]) =>
  (await t.modules.db.selectFrom('file_entries').select('file_name').where('id', 'in', ids).execute())
    .map((r) => r.file_name)
    .filter((k): k is string => k !== null);

const spaceUsed = async (client: DriveClient) => {
  const res = await client.agent.get('/api/v1/user/space-usage');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { used: number }).used;
};

/** Entries of the owner whose parent no longer exists, and the sum of their files' sizes. */
async function treeOf(ownerId: number) {
  const rows = await t.modules.db
    .selectFrom('file_entries')
    .select(['id', 'parent_id', 'file_size', 'type', 'path'])
    .where('owner_id', '=', ownerId)
    .execute();
  const ids = new Set(rows.map((r) => r.id));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return {
    orphans: rows.filter((r) => r.parent_id !== null && !ids.has(r.parent_id)).map((r) => r.id),
    // A path is its parent's path and its own id: a move that lost a race would leave it stale.
    badPaths: rows
      .filter(
        (r) => r.parent_id !== null && byId.get(r.parent_id) && !r.path.startsWith(byId.get(r.parent_id)?.path ?? ''),
      )
      .map((r) => r.id),
    bytes: rows.reduce((sum, r) => sum + Number(r.file_size), 0),
    ids,
  };
}

describe('admin files deleted twice at once', () => {
  it('each entry goes once: space drops once, one queued deletion per blob, one audit row per entry', async () => {
    const admin = (await staffAgent(t, { admin: true })).agent;
    const staff = onSecond(
      (await staffAgent(t, { permissions: [Permission.adminAccess, Permission.filesUpdate] })).agent,
    );
    const owner = await DriveClient.create(t);
    const adminThere = onSecond(admin);
    const keep = await owner.upload('keep.txt', 'keep me');
    for (let round = 0; round < ROUNDS; round++) {
      const folder = await owner.folder(`dir-${round}`);
      const inner = await owner.upload(`inner-${round}.txt`, 'inside!', { parentId: folder.id });
      const loose = await owner.upload(`loose-${round}.txt`, 'loose');
      const ids = [folder.id, loose.id];
      const keys = await storedKeys([inner.id, loose.id]);
      expect(keys).toHaveLength(2);
      expect(await spaceUsed(owner)).toBe(Number(keep.file_size) + 7 + 5);
      const drains = await holdDrains();
      // The same staff on both processes as well as two staff: half the calls on each.
      const callers = [admin, staff, adminThere, staff];
      const answers = await race(
        round,
        callers.map((agent) => () => agent.post(`${ADMIN_FILES}/delete`, { ids })),
      );
      try {
        expect(codes(answers), explained(answers).join('\n')).toEqual([200, 200, 200, 200]);
        expect((await queued(keys)).map((r) => r.key).sort()).toEqual([...keys].sort());
      } finally {
        await drains.release();
      }
      // Every entry went, and exactly one call deleted each.
      const bodies = answers.map((r) => r.json() as { results: { id: number; ok: boolean }[]; deleted: number });
      for (const id of ids) expect(bodies.filter((b) => b.results.some((x) => x.id === id && x.ok))).toHaveLength(1);
      expect(bodies.reduce((sum, b) => sum + b.deleted, 0)).toBe(3);
      const left = await t.modules.db
        .selectFrom('file_entries')
        .select('id')
        .where('id', 'in', [...ids, inner.id])
        .execute();
      expect(left).toEqual([]);
      expect(await spaceUsed(owner)).toBe(Number(keep.file_size));
      expect(await queued(keys)).toEqual([]);
      const audit = await t.modules.db
        .selectFrom('admin_audit_log')
        .select('target_id')
        .where('action', '=', 'file.delete_forever')
        .where('target_type', '=', 'file_entry')
        .where('target_id', 'in', ids.map(String))
        .execute();
      expect(audit.map((a) => Number(a.target_id)).sort()).toEqual([...ids].sort());
    }
  });
});

describe('admin files delete against the owner at the same moment', () => {
  it('a file moved out of the folder staff delete: a whole tree, space the sum of what is left', async () => {
    const staff = (await staffAgent(t, { permissions: [Permission.adminAccess, Permission.filesUpdate] })).agent;
    const owner = await DriveClient.create(t);
    const ownerThere = onSecond(owner.agent);
    const staffThere = onSecond(staff);
    const target = await owner.folder('target');
    for (let round = 0; round < ROUNDS; round++) {
      const folder = await owner.folder(`doomed-${round}`);
      const sub = await owner.folder(`sub-${round}`, folder.id);
      const moving = await owner.upload(`moving-${round}.txt`, 'moving', { parentId: sub.id });
      await owner.upload(`staying-${round}.txt`, 'staying', { parentId: sub.id });
      const [staffSide, ownerSide] = round % 2 ? [staffThere, owner.agent] : [staff, ownerThere];
      const [removed, moved] = await race(round, [
        () => staffSide.post(`${ADMIN_FILES}/delete`, { ids: [folder.id] }),
        () => ownerSide.post('/api/v1/file-entries/move', { entryIds: [moving.id], destinationId: target.id }),
      ] as const);
      expect(removed.statusCode, removed.body).toBe(200);
      expect(removed.json().results).toEqual([{ id: folder.id, ok: true }]);
      // The move ran first (200) or found its file gone (404); never a crash.
      expect([200, 404], moved.body).toContain(moved.statusCode);
      const tree = await treeOf(owner.user.id);
      expect(tree.orphans).toEqual([]);
      expect(tree.badPaths).toEqual([]);
      expect(tree.ids.has(folder.id)).toBe(false);
      expect(tree.ids.has(moving.id)).toBe(moved.statusCode === 200);
      expect(await spaceUsed(owner)).toBe(tree.bytes);
    }
  });

  it('a file uploaded into the folder staff delete: no orphan, space the sum of what is left', async () => {
    const staff = (await staffAgent(t, { permissions: [Permission.adminAccess, Permission.filesUpdate] })).agent;
    const owner = await DriveClient.create(t);
    const ownerThere = onSecond(owner.agent);
    const staffThere = onSecond(staff);
    for (let round = 0; round < ROUNDS; round++) {
      const folder = await owner.folder(`target-${round}`);
      const sub = await owner.folder(`deeper-${round}`, folder.id);
      const [staffSide, ownerSide] = round % 2 ? [staffThere, owner.agent] : [staff, ownerThere];
      const { payload, headers } = multipart([['metadata', JSON.stringify({ parentId: sub.id })]], {
        name: `late-${round}.txt`,
        content: 'arrived late',
      });
      const [removed, uploaded] = await race(round, [
        () => staffSide.post(`${ADMIN_FILES}/delete`, { ids: [folder.id] }),
        () => ownerSide.request({ method: 'POST', url: '/api/v1/file-entries', payload, headers }),
      ] as const);
      expect(removed.statusCode, removed.body).toBe(200);
      // The upload landed first (and went with the folder) or found its folder gone.
      expect([201, 404], uploaded.body).toContain(uploaded.statusCode);
      const tree = await treeOf(owner.user.id);
      expect(tree.orphans).toEqual([]);
      expect(tree.ids.has(folder.id) || tree.ids.has(sub.id)).toBe(false);
      expect(await spaceUsed(owner)).toBe(tree.bytes);
    }
  });

  it('a folder restored from trash while staff delete it: a whole tree, space the sum of what is left', async () => {
    const staff = (await staffAgent(t, { permissions: [Permission.adminAccess, Permission.filesUpdate] })).agent;
    const owner = await DriveClient.create(t);
    const ownerThere = onSecond(owner.agent);
    const staffThere = onSecond(staff);
    for (let round = 0; round < ROUNDS; round++) {
      const folder = await owner.folder(`trashed-${round}`);
      const sub = await owner.folder(`inner-${round}`, folder.id);
      await owner.upload(`file-${round}.txt`, 'content', { parentId: sub.id });
      const trashed = await owner.agent.post('/api/v1/file-entries/delete', { entryIds: [folder.id] });
      expect(trashed.statusCode, trashed.body).toBe(200);
      const [staffSide, ownerSide] = round % 2 ? [staffThere, owner.agent] : [staff, ownerThere];
      const [removed, restored] = await race(round, [
        () => staffSide.post(`${ADMIN_FILES}/delete`, { ids: [folder.id] }),
        // The owner restores the folder and, in the same call, the folder inside it.
        () => ownerSide.post('/api/v1/file-entries/restore', { entryIds: [folder.id, sub.id] }),
      ] as const);
      expect(removed.statusCode, removed.body).toBe(200);
      expect([200, 404], restored.body).toContain(restored.statusCode);
      const tree = await treeOf(owner.user.id);
      expect(tree.orphans).toEqual([]);
      expect(tree.badPaths).toEqual([]);
      expect(tree.ids.has(folder.id)).toBe(false);
      expect(tree.ids.has(sub.id)).toBe(false);
      expect(await spaceUsed(owner)).toBe(tree.bytes);
    }
  });
});
