import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminUserRow, type AdminUsersPage, Permission } from '@kosh/contracts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';
import { ADMIN_USERS, callersOf, grant, insertUsers, marker, qs, type UserFields } from './users-fixtures.ts';

const GB = 1024 ** 3;
const DAY = 86_400_000;

let t: TestApp;
let callers: Awaited<ReturnType<typeof callersOf>>;
let admin: Agent;

beforeAll(async () => {
  t = await createTestApp();
  callers = await callersOf(t);
  admin = callers.admin.agent;
});
afterAll(() => t.close());

async function page(query: Record<string, string | number | boolean>, agent = admin): Promise<AdminUsersPage> {
  const res = await agent.get(`${ADMIN_USERS}?${qs(query)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const emails = (p: AdminUsersPage) => p.pagination.data.map((r) => r.email);

/** Users named by a fresh marker (in their emails), inserted in order. */
async function tagged(fields: UserFields[]): Promise<{ mark: string; ids: number[]; emails: string[] }> {
  const mark = marker();
  const all = fields.map((f, i) => ({ ...f, email: f.email ?? `${mark}-${i}@example.test` }));
  const ids = await insertUsers(t, all);
  return { mark, ids, emails: all.map((f) => f.email) };
}

const iso = (ms: number) => new Date(ms).toISOString();

describe('GET admin/users', () => {
  describe('who may list', () => {
    it('answers 401 to a visitor and 403 to a user without users.update', async () => {
      expect((await callers.visitor.get(ADMIN_USERS)).statusCode).toBe(401);
      expect((await callers.plain.get(ADMIN_USERS)).statusCode).toBe(403);
      expect((await callers.plain.get(`${ADMIN_USERS}/export`)).statusCode).toBe(403);
    });

    it('lists for staff holding admin.access and users.update only, and for an admin', async () => {
      const { mark } = await tagged([{}]);
      expect((await page({ query: mark }, callers.staff.agent)).pagination.total).toBe(1);
      expect((await page({ query: mark }, admin)).pagination.total).toBe(1);
    });
  });

  describe('pagination', () => {
    it('answers the page asked for with the total and the last page', async () => {
      const { mark } = await tagged(Array.from({ length: 7 }, () => ({})));
      const second = await page({ query: mark, perPage: 3, page: 2 });
      expect(second.pagination).toMatchObject({ current_page: 2, last_page: 3, per_page: 3, total: 7 });
      expect(second.pagination.data).toHaveLength(3);
      expect((await page({ query: mark, perPage: 3, page: 3 })).pagination.data).toHaveLength(1);
      expect((await page({ query: mark, perPage: 3, page: 4 })).pagination.data).toHaveLength(0);
    });

    it('pages through every user once, newest first by default', async () => {
      const base = Date.parse('2024-05-01T00:00:00Z');
      // Two share a creation time: the id decides between them.
      const { mark, emails: all } = await tagged([
        { created_at: iso(base) },
        { created_at: iso(base + DAY) },
        { created_at: iso(base + DAY) },
        { created_at: iso(base + 2 * DAY) },
      ]);
      const seen = [
        ...emails(await page({ query: mark, perPage: 2 })),
        ...emails(await page({ query: mark, perPage: 2, page: 2 })),
      ];
      expect(seen).toEqual([all[3], all[2], all[1], all[0]]);
    });
  });

  describe('search', () => {
    it('finds text anywhere in the email or the name, in any case', async () => {
      const mark = marker();
      await insertUsers(t, [
        { email: `${mark}-ann@example.test`, first_name: 'Ann', last_name: 'Lee' },
        { email: `zed-${mark}@example.test`, first_name: 'Zed', last_name: null },
        { email: `x-${marker()}@example.test`, first_name: `Priya${mark}`, last_name: 'Rao' },
      ]);
      expect((await page({ query: mark.toUpperCase() })).pagination.total).toBe(3);
      expect(emails(await page({ query: `${mark}-ann` }))).toEqual([`${mark}-ann@example.test`]);
      expect((await page({ query: `priya${mark} rao` })).pagination.total).toBe(1);
    });

    it('takes % and _ literally, and a query too short for trigrams still finds', async () => {
      const mark = marker();
      await insertUsers(t, [
        { email: `${mark}@example.test`, first_name: `${mark}100%_sure` },
        { email: `${mark}b@example.test`, first_name: `${mark}100 percent` },
      ]);
      expect(emails(await page({ query: `${mark}100%_` }))).toEqual([`${mark}@example.test`]);
      const short = await page({ query: '%_', perPage: 100 });
      expect(short.pagination.data.every((r) => r.name.includes('%_'))).toBe(true);
      expect(emails(short)).toContain(`${mark}@example.test`);
    });

    it('follows a change of name or email', async () => {
      const { ids, mark } = await tagged([{ first_name: 'Old' }]);
      await t.modules.db
        .updateTable('users')
        .set({ first_name: `Renamed${mark}`, email: `new-${mark}@example.test` })
        .where('id', '=', ids[0])
        .execute();
      expect(emails(await page({ query: `renamed${mark}` }))).toEqual([`new-${mark}@example.test`]);
      expect((await page({ query: `${mark}-0@` })).pagination.total).toBe(0);
    });
  });

  describe('filters', () => {
    it('filters by email verification', async () => {
      const { mark, emails: all } = await tagged([{ email_verified_at: null }, {}]);
      expect(emails(await page({ query: mark, emailVerified: 'false' }))).toEqual([all[0]]);
      expect(emails(await page({ query: mark, emailVerified: 'true' }))).toEqual([all[1]]);
    });

    it('counts a suspension whose end has passed as none', async () => {
      const now = Date.now();
      const { mark, emails: all } = await tagged([
        { banned_at: iso(now - DAY), banned_until: null, ban_reason: 'spam' },
        { banned_at: iso(now - DAY), banned_until: iso(now + DAY) },
        { banned_at: iso(now - 3 * DAY), banned_until: iso(now - DAY), ban_reason: 'over' },
        {},
      ]);
      const suspended = await page({ query: mark, suspended: 'true', orderBy: 'email', orderDir: 'asc' });
      expect(emails(suspended)).toEqual([all[0], all[1]]);
      expect(suspended.pagination.data[0]).toMatchObject({ ban_reason: 'spam', banned_until: null });
      const free = await page({ query: mark, suspended: 'false', orderBy: 'email', orderDir: 'asc' });
      expect(emails(free)).toEqual([all[2], all[3]]);
      // The ended suspension is not shown as one.
      expect(free.pagination.data[0]).toMatchObject({ banned_at: null, banned_until: null, ban_reason: null });
    });

    it('filters by role', async () => {
      const { mark, ids, emails: all } = await tagged([{}, {}]);
      const adminRole = await t.modules.users.repos.roles.getByName('admin');
      if (!adminRole) throw new Error('no admin role');
      await t.modules.users.repos.roles.assignRole(ids[1], adminRole.id, new Date().toISOString());
      const listed = await page({ query: mark, roleId: adminRole.id });
      expect(emails(listed)).toEqual([all[1]]);
      expect(listed.pagination.data[0].roles.map((r) => r.name).sort()).toEqual(['admin', 'users']);
    });

    it('filters by creation and last-activity dates, both ends inclusive', async () => {
      const { mark, emails: all } = await tagged([
        { created_at: '2023-03-01T23:59:59.000Z', last_active_at: '2024-01-10T10:00:00.000Z' },
        { created_at: '2023-03-02T00:00:00.000Z', last_active_at: '2024-01-11T23:59:59.999Z' },
        { created_at: '2023-03-03T12:00:00.000Z', last_active_at: null },
      ]);
      const asc = { query: mark, orderBy: 'email', orderDir: 'asc' };
      expect(emails(await page({ ...asc, createdFrom: '2023-03-02' }))).toEqual([all[1], all[2]]);
      expect(emails(await page({ ...asc, createdTo: '2023-03-02' }))).toEqual([all[0], all[1]]);
      expect(emails(await page({ ...asc, createdFrom: '2023-03-02', createdTo: '2023-03-02' }))).toEqual([all[1]]);
      expect(emails(await page({ ...asc, activeFrom: '2024-01-11' }))).toEqual([all[1]]);
      expect(emails(await page({ ...asc, activeTo: '2024-01-11' }))).toEqual([all[0], all[1]]);
    });

    it('accepts subscribed and ignores it until billing has subscriptions', async () => {
      const { mark } = await tagged([{}]);
      const listed = await page({ query: mark, subscribed: 'false' });
      expect(listed.pagination.total).toBe(1);
      expect(listed.pagination.data[0].subscribed).toBe(false);
      expect((await page({ query: mark, subscribed: 'true' })).pagination.total).toBe(1);
    });
  });

  describe('sort', () => {
    it('sorts by email either way', async () => {
      const mark = marker();
      await insertUsers(t, [
        { email: `b-${mark}@x.test` },
        { email: `a-${mark}@x.test` },
        { email: `c-${mark}@x.test` },
      ]);
      expect(emails(await page({ query: mark, orderBy: 'email', orderDir: 'asc' }))).toEqual([
        `a-${mark}@x.test`,
        `b-${mark}@x.test`,
        `c-${mark}@x.test`,
      ]);
      expect(emails(await page({ query: mark, orderBy: 'email', orderDir: 'desc' }))[0]).toBe(`c-${mark}@x.test`);
    });

    it('sorts by created_at either way', async () => {
      const { mark, emails: all } = await tagged([
        { created_at: '2022-01-02T00:00:00.000Z' },
        { created_at: '2022-01-01T00:00:00.000Z' },
      ]);
      expect(emails(await page({ query: mark, orderBy: 'created_at', orderDir: 'asc' }))).toEqual([all[1], all[0]]);
      expect(emails(await page({ query: mark, orderBy: 'created_at', orderDir: 'desc' }))).toEqual([all[0], all[1]]);
    });

    it.each(['last_active_at', 'banned_at'] as const)(
      'sorts by %s with the never-set lowest on both databases, ties by id',
      async (column) => {
        const { mark, emails: all } = await tagged([
          { [column]: '2024-02-01T00:00:00.000Z' },
          { [column]: null },
          { [column]: '2024-03-01T00:00:00.000Z' },
          { [column]: null },
          { [column]: '2024-02-01T00:00:00.000Z' },
        ]);
        expect(emails(await page({ query: mark, orderBy: column, orderDir: 'asc' }))).toEqual([
          all[1],
          all[3],
          all[0],
          all[4],
          all[2],
        ]);
        expect(emails(await page({ query: mark, orderBy: column, orderDir: 'desc' }))).toEqual([
          all[2],
          all[4],
          all[0],
          all[3],
          all[1],
        ]);
      },
    );
  });

  describe('rows', () => {
    it('carries roles, storage used (trash included) and allowed, and last activity', async () => {
      const { mark, ids } = await tagged([
        { first_name: 'Ann', last_name: 'Lee', last_active_at: '2024-06-01T00:00:00.000Z' },
        { available_space: 5 * GB },
      ]);
      const at = new Date().toISOString();
      const entry = (i: number, size: number, trashed: boolean) => ({
        hash: `${mark}${i}`,
        name: `f${i}.txt`,
        file_name: `entries/${mark}-${i}`,
        file_size: size,
        type: 'text',
        is_folder: 0,
        parent_id: null,
        path: `/${mark}${i}/`,
        owner_id: ids[0],
        workspace_id: null,
        deleted_at: trashed ? at : null,
        created_at: at,
        updated_at: at,
      });
      await t.modules.db
        .insertInto('file_entries')
        .values([entry(1, 1000, false), entry(2, 234, true)])
        .execute();
      const defaultSpace = await t.modules.drive.space.defaultSpace();
      const rows = (await page({ query: mark, orderBy: 'email', orderDir: 'asc' })).pagination.data;
      expect(rows[0]).toMatchObject<Partial<AdminUserRow>>({
        id: ids[0],
        name: 'Ann Lee',
        roles: [{ id: expect.any(Number), name: 'users' }],
        space_used: 1234,
        space_allowed: defaultSpace,
        available_space: null,
        last_active_at: '2024-06-01T00:00:00.000Z',
        subscribed: false,
      });
      // The staff-set allowance wins over the default.
      expect(rows[1]).toMatchObject({
        name: `${mark}-1`,
        space_used: 0,
        space_allowed: 5 * GB,
        available_space: 5 * GB,
      });
    });

    it("takes the space allowed from the user's files.create restriction, and admins as unlimited", async () => {
      const { mark, ids } = await tagged([{}, {}, { available_space: GB }]);
      await grant(t, ids[0], Permission.filesCreate, JSON.stringify([{ name: 'max_space_bytes', value: 2 * GB }]));
      const adminRole = await t.modules.users.repos.roles.getByName('admin');
      if (!adminRole) throw new Error('no admin role');
      await t.modules.users.repos.roles.assignRole(ids[1], adminRole.id, new Date().toISOString());
      await t.modules.users.repos.roles.assignRole(ids[2], adminRole.id, new Date().toISOString());
      const rows = (await page({ query: mark, orderBy: 'email', orderDir: 'asc' })).pagination.data;
      expect(rows.map((r) => r.space_allowed)).toEqual([2 * GB, null, null]);
    });
  });

  describe('bad input', () => {
    it.each([
      ['orderBy', { orderBy: 'password' }],
      ['orderDir', { orderDir: 'up' }],
      ['perPage', { perPage: 101 }],
      ['page', { page: 0 }],
      ['emailVerified', { emailVerified: 'yes' }],
      ['createdFrom', { createdFrom: '2024-13-45' }],
      ['activeTo', { activeTo: '2024-02-30' }],
      ['roleId', { roleId: 'admin' }],
    ])('answers 422 naming %s', async (field, query) => {
      const res = await admin.get(`${ADMIN_USERS}?${qs(query)}`);
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toContain(field);
    });
  });
});
