import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminTag, type AuditEntry, Permission } from '@kosh/contracts';
import { put } from '../helpers/accounts.ts';
import { staffAgent } from '../helpers/staff.ts';
import { type Agent, createTestApp, type TestApp } from '../helpers/test-app.ts';
import { Person } from '../shares/sharing.ts';

const LIST = '/api/v1/admin/tags';

let t: TestApp;
let plainUser: Agent;
let staff: Agent;
let admin: Agent;
let owner: Person;

beforeAll(async () => {
  t = await createTestApp();
  plainUser = (await staffAgent(t)).agent;
  staff = (await staffAgent(t, { permissions: [Permission.tagsUpdate] })).agent;
  admin = (await staffAgent(t, { admin: true })).agent;
  owner = await Person.create(t);
});
afterAll(() => t.close());

const list = async (agent: Agent, query = ''): Promise<AdminTag[]> => {
  const res = await agent.get(`${LIST}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().pagination.data;
};
const create = async (body: Record<string, unknown>, agent = staff): Promise<AdminTag> => {
  const res = await agent.post(LIST, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().tag;
};
/** Files of the owner carrying the named tags. */
async function tagged(names: string[], count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) ids.push((await owner.upload(`${names.join('-')}-${i}.txt`, `${i}`)).id);
  const res = await owner.agent.post('/api/v1/file-entries/tags', { entryIds: ids, tags: names });
  expect(res.statusCode, res.body).toBe(200);
  return ids;
}
const auditOf = async (action: string): Promise<AuditEntry[]> => {
  const res = await admin.get(`/api/v1/admin/audit-log?action=${action}&perPage=100`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().pagination.data;
};
const tagNamesOf = async (entryId: number) =>
  (
    await t.modules.db
      .selectFrom('entry_tags')
      .innerJoin('tags', 'tags.id', 'entry_tags.tag_id')
      .select('tags.name')
      .where('entry_id', '=', entryId)
      .orderBy('tags.name')
      .execute()
  ).map((r) => r.name);

describe('admin tags', () => {
  it('answers 403 to a user without tags.update and changes nothing', async () => {
    const tag = await create({ display_name: 'Guarded' });
    const calls = [
      plainUser.get(LIST),
      plainUser.post(LIST, { display_name: 'Sneaky' }),
      put(plainUser, `${LIST}/${tag.id}`, { display_name: 'Renamed' }),
      plainUser.post(`${LIST}/${tag.id}/merge`, { into: tag.id + 1000 }),
      plainUser.post(`${LIST}/delete`, { ids: [tag.id] }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(403);
    const row = await t.modules.db.selectFrom('tags').selectAll().where('id', '=', tag.id).executeTakeFirst();
    expect(row?.display_name).toBe('Guarded');
    expect(await t.modules.db.selectFrom('tags').select('id').where('name', '=', 'sneaky').execute()).toEqual([]);
  });

  it('lets an admin (who holds every permission) in', async () => {
    expect((await admin.get(LIST)).statusCode).toBe(200);
  });

  it('lists tags with their entry counts, searches, filters by type and sorts', async () => {
    await tagged(['Zebra'], 3);
    await tagged(['Yak'], 1);
    await create({ display_name: 'Xylo Label', type: 'label' });
    const rows = await list(staff, '?query=zebra');
    expect(rows.map((r) => [r.name, r.entries_count, r.type])).toEqual([['zebra', 3, 'custom']]);
    expect((await list(staff, '?type=label&query=xylo')).map((r) => r.name)).toEqual(['xylo-label']);
    const byCount = await list(staff, '?orderBy=entries_count&orderDir=desc&perPage=100');
    const counts = byCount.map((r) => r.entries_count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const byName = await list(staff, '?orderBy=name&orderDir=asc&perPage=100');
    const names = byName.map((r) => r.name);
    expect(names).toEqual([...names].sort());
    const page = (await staff.get(`${LIST}?perPage=1`)).json().pagination;
    expect(page.per_page).toBe(1);
    expect(page.total).toBeGreaterThanOrEqual(3);
    for (const bad of ['?orderBy=nope', '?type=other', '?perPage=101'])
      expect((await staff.get(`${LIST}${bad}`)).statusCode, bad).toBe(422);
  });

  it('creates and renames a tag, audited, with a unique slug name (422 when taken)', async () => {
    const tag = await create({ display_name: 'Holiday Photos' });
    expect(tag).toMatchObject({
      name: 'holiday-photos',
      display_name: 'Holiday Photos',
      type: 'custom',
      entries_count: 0,
    });
    const taken = await staff.post(LIST, { name: 'Holiday_Photos', display_name: 'Other' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.name).toBeDefined();

    const renamed = await put(staff, `${LIST}/${tag.id}`, { name: 'trips', display_name: 'Trips', type: 'label' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().tag).toMatchObject({ id: tag.id, name: 'trips', display_name: 'Trips', type: 'label' });
    const other = await create({ display_name: 'Other Thing' });
    const clash = await put(staff, `${LIST}/${other.id}`, { name: 'TRIPS', display_name: 'x y' });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors.name).toBeDefined();
    expect((await put(staff, `${LIST}/999999`, { display_name: 'Ghost' })).statusCode).toBe(404);

    const [created] = await auditOf('tag.create');
    expect(created).toBeDefined();
    const [updated] = await auditOf('tag.update');
    expect(updated).toMatchObject({
      target_type: 'tag',
      target_id: String(tag.id),
      before: { name: 'holiday-photos', display_name: 'Holiday Photos', type: 'custom' },
      after: { name: 'trips', display_name: 'Trips', type: 'label' },
    });
  });

  it('refuses bad bodies with 422', async () => {
    const cases: [unknown, string][] = [
      [{}, 'display_name'],
      [{ display_name: '' }, 'display_name'],
      [{ display_name: 'x' }, 'display_name'],
      [{ display_name: 'ok ok', type: 'weird' }, 'type'],
      [{ display_name: 'ok ok', name: '!!' }, 'name'],
    ];
    for (const [body, field] of cases) {
      const res = await staff.post(LIST, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().errors)).toContain(field);
    }
  });

  it('merges a tag into another without duplicate links, and deletes the source, audited', async () => {
    const both = await tagged(['Cats', 'Felines'], 2);
    const onlyCats = await tagged(['Cats'], 1);
    const [cats] = await list(staff, '?query=cats');
    const [felines] = await list(staff, '?query=felines');
    const res = await staff.post(`${LIST}/${cats.id}/merge`, { into: felines.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().tag).toMatchObject({ id: felines.id, entries_count: 3 });
    expect(await list(staff, '?query=cats')).toEqual([]);
    for (const id of [...both, ...onlyCats]) expect(await tagNamesOf(id)).toEqual(['felines']);
    const [merged] = await auditOf('tag.merge');
    expect(merged).toMatchObject({
      target_id: String(felines.id),
      before: { merged: { id: cats.id, name: 'cats', entries_count: 3 } },
    });

    expect((await staff.post(`${LIST}/${felines.id}/merge`, { into: felines.id })).statusCode).toBe(422);
    expect((await staff.post(`${LIST}/${felines.id}/merge`, { into: 999999 })).statusCode).toBe(422);
    expect((await staff.post(`${LIST}/999999/merge`, { into: felines.id })).statusCode).toBe(404);
    expect((await staff.post(`${LIST}/${felines.id}/merge`, {})).statusCode).toBe(422);
  });

  it('merges while tags are being added: no link is lost and no call fails', async () => {
    // Names of their own per run (a retried test finds the first run's tags).
    const run = Date.now().toString(36);
    const files = await tagged([`Race Source ${run}`], 3);
    const extra = (await owner.upload(`race-extra-${run}.txt`, 'x')).id;
    const [source] = await list(staff, `?query=race-source-${run}`);
    const target = await create({ display_name: `Race Target ${run}` });
    const [merge, attach] = await Promise.all([
      staff.post(`${LIST}/${source.id}/merge`, { into: target.id }),
      owner.agent.post('/api/v1/file-entries/tags', { entryIds: [files[0], extra], tags: [`Race Source ${run}`] }),
    ]);
    expect(merge.statusCode, merge.body).toBe(200);
    expect(attach.statusCode, attach.body).toBe(200);
    for (const id of files) expect(await tagNamesOf(id)).toContain(`race-target-${run}`);
    // The attach landed before the merge (moved onto the target) or after it (the tag made anew).
    const extraTags = await tagNamesOf(extra);
    expect(extraTags.some((n) => n === `race-target-${run}` || n === `race-source-${run}`)).toBe(true);
  });

  it('deletes tags in bulk, their links with them, one audit row each', async () => {
    const ids = await tagged(['Del One', 'Del Two', 'Keep Me'], 2);
    const rows = await list(staff, '?query=del-');
    expect(rows).toHaveLength(2);
    const res = await staff.post(`${LIST}/delete`, { ids: [...rows.map((r) => r.id), 999999] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: 2 });
    for (const id of ids) expect(await tagNamesOf(id)).toEqual(['keep-me']);
    const audit = await auditOf('tag.delete');
    expect(audit.map((a) => a.target_label).sort()).toEqual(expect.arrayContaining(['del-one', 'del-two']));
    expect((await staff.post(`${LIST}/delete`, { ids: [] })).statusCode).toBe(422);
  });
});
