import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Permission, type UserSpacePage } from '@kosh/contracts';
import { newAgent } from '../helpers/accounts.ts';
import { createUser, loginAs } from '../helpers/factories.ts';
import { type Agent, createTestApp, type TestApp } from '../helpers/test-app.ts';
import { grant as grantTo } from '../helpers/staff.ts';

const URL = '/api/v1/admin/user-space';
const GB = 1024 ** 3;

let t: TestApp;
let visitor: Agent;
let plainUser: Agent;
let staff: Agent;
let admin: Agent;
const ids: Record<string, number> = {};

const grant = (userId: number, permission: string, restrictions = '[]') => grantTo(t, userId, permission, restrictions);

async function agentFor(userId: number): Promise<Agent> {
  const agent = newAgent(t);
  await loginAs(t.modules, agent, { id: userId });
  return agent;
}

/** Files straight into the table: sizes are what this screen reads, not bytes on disk. */
async function files(ownerId: number, sizes: number[], opts: { trashed?: boolean; at?: string } = {}) {
  const at = opts.at ?? new Date().toISOString();
  await t.modules.db
    .insertInto('file_entries')
    .values(
      sizes.map((size, i) => ({
        hash: randomBytes(12).toString('base64url'),
        name: `f-${i}-${randomBytes(3).toString('hex')}.bin`,
        file_name: `entries/${randomBytes(8).toString('hex')}`,
        mime: 'application/octet-stream',
        extension: 'bin',
        file_size: size,
        type: 'file',
        is_folder: 0,
        parent_id: null,
        path: '',
        owner_id: ownerId,
        workspace_id: null,
        deleted_at: opts.trashed ? at : null,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
  await sql`update file_entries set path = cast(id as varchar(20)) || '/' where path = ''`.execute(t.modules.db);
}

const page = async (agent: Agent, query = ''): Promise<UserSpacePage> => {
  const res = await agent.get(`${URL}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

beforeAll(async () => {
  t = await createTestApp();
  await t.modules.settings.service.set('drive.default_space_bytes', 10 * GB);
  const make = async (name: string, opts: { admin?: boolean } = {}) => {
    const user = await createUser(t.modules, { admin: opts.admin, email: `${name}@space.test` });
    ids[name] = user.id;
    return user;
  };
  const adminUser = await make('boss', { admin: true });
  const staffUser = await make('staff');
  await grant(staffUser.id, Permission.adminAccess);
  const plain = await make('plain');
  await make('ann');
  await make('bob');
  await make('cat');
  await make('dan');
  await make('idle');
  // ann: default allowance (10 GB), 9.5 GB used of which 1 GB in trash
  await files(ids.ann as number, [4.25 * GB, 4.25 * GB]);
  await files(ids.ann as number, [1 * GB], { trashed: true });
  // bob: a staff-set override of 1 GB, 1.5 GB used
  await t.modules.db
    .updateTable('users')
    .set({ available_space: GB })
    .where('id', '=', ids.bob as number)
    .execute();
  await files(ids.bob as number, [1.5 * GB], { at: '2026-01-02T00:00:00.000Z' });
  // cat: a direct grant limiting space to 4 GB, 3.4 GB used
  await grant(ids.cat as number, Permission.filesCreate, JSON.stringify([{ name: 'max_space_bytes', value: 4 * GB }]));
  await files(ids.cat as number, [Math.round(3.4 * GB), 0]);
  // dan: two grants, one unlimited: the more generous wins
  await grant(ids.dan as number, Permission.filesCreate, JSON.stringify([{ name: 'max_space_bytes', value: null }]));
  await files(ids.dan as number, [2 * GB]);
  // the admin is never limited
  await files(adminUser.id, [5 * GB]);
  visitor = newAgent(t);
  plainUser = await agentFor(plain.id);
  staff = await agentFor(staffUser.id);
  admin = await agentFor(adminUser.id);
});
afterAll(() => t.close());

describe('GET admin/user-space', () => {
  it('is for staff holding admin.access', async () => {
    expect((await visitor.get(URL)).statusCode).toBe(401);
    expect((await plainUser.get(URL)).statusCode).toBe(403);
    await page(staff);
    await page(admin);
  });

  it('ranks users who store files by space used, with allowance, percent, files and plan', async () => {
    const { pagination, totals } = await page(staff);
    expect(pagination.data.map((r) => r.email)).toEqual([
      'ann@space.test',
      'boss@space.test',
      'cat@space.test',
      'dan@space.test',
      'bob@space.test',
    ]);
    const row = (name: string) => pagination.data.find((r) => r.email === `${name}@space.test`);
    expect(row('ann')).toMatchObject({ used: 9.5 * GB, trash: GB, allowed: 10 * GB, percent: 95, files: 3 });
    expect(row('ann')?.plan?.name).toBeTruthy();
    expect(row('bob')).toMatchObject({ allowed: GB, percent: 150, last_upload_at: '2026-01-02T00:00:00.000Z' });
    expect(row('cat')).toMatchObject({ allowed: 4 * GB, percent: 85, files: 2 });
    expect(row('dan')).toMatchObject({ allowed: null, percent: null });
    expect(row('boss')).toMatchObject({ allowed: null, percent: null });
    expect(totals).toMatchObject({ store: 21 * GB + Math.round(0.4 * GB), trash: GB, users: 5 });
    expect(totals.live).toBe(totals.store - GB);
  });

  it('filters by share of the allowance and plan, searches, sorts and pages', async () => {
    const emails = (p: UserSpacePage) => p.pagination.data.map((r) => r.email.split('@')[0]);
    expect(emails(await page(staff, '?over=80'))).toEqual(['ann', 'cat', 'bob']);
    expect(emails(await page(staff, '?over=90'))).toEqual(['ann', 'bob']);
    expect(emails(await page(staff, '?over=100'))).toEqual(['bob']);
    expect(emails(await page(staff, '?query=CA'))).toEqual(['cat']);
    expect(emails(await page(staff, '?orderBy=percent'))).toEqual(['bob', 'ann', 'cat', 'boss', 'dan']);
    expect(emails(await page(staff, '?orderBy=used&orderDir=asc&perPage=2&page=2'))).toEqual(['cat', 'boss']);
    const planId = (await page(staff)).pagination.data[0]?.plan?.id;
    expect((await page(staff, `?planId=${planId}`)).pagination.total).toBe(5);
    expect((await page(staff, `?planId=${(planId ?? 0) + 999}`)).pagination.total).toBe(0);
  });

  it('keeps its figures a minute, and forgets them when told', async () => {
    await files(ids.idle as number, [GB]);
    expect((await page(staff)).totals.users).toBe(5);
    t.modules.admin.userSpace.forget();
    expect((await page(staff)).totals.users).toBe(6);
  });

  it('answers 422 for bad input', async () => {
    for (const [query, field] of [
      ['?over=50', 'over'],
      ['?orderBy=email', 'orderBy'],
      ['?planId=abc', 'planId'],
      ['?perPage=1000', 'perPage'],
    ] as const) {
      const res = await staff.get(`${URL}${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(res.json().errors)).toContain(field);
    }
  });
});
