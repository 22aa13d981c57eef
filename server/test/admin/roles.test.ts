import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AdminPermissionGroup,
  type AdminRole,
  type AdminRoleRow,
  type ChangeAdminRoleUsersResponse,
  Permission,
  type SaveAdminRoleBody,
} from '@kosh/contracts';
import { newAgent } from '../helpers/accounts.ts';
import { createUser, loginAs } from '../helpers/factories.ts';
import { type Agent, createTestApp, type TestApp } from '../helpers/test-app.ts';

const GB = 1024 ** 3;
const ROLES = '/api/v1/admin/roles';
const one = (id: number) => `${ROLES}/${id}`;

let t: TestApp;
let visitor: Agent;
type UserAgent = Agent & { user: { id: number; email: string } };
let plainUser: UserAgent;
let usersStaff: UserAgent;
let staff: UserAgent;
let admin: UserAgent;
let seeded: { admin: number; users: number; guests: number };

async function grantDirectly(userId: number, permission: string) {
  const perm = await t.modules.db
    .selectFrom('permissions')
    .select('id')
    .where('name', '=', permission)
    .executeTakeFirstOrThrow();
  await t.modules.db
    .insertInto('permission_user')
    .values({ user_id: userId, permission_id: perm.id, restrictions: '[]' })
    .execute();
}

/** A signed-in agent; `permission` is granted to the user directly. */
async function agentOf(opts: { admin?: boolean; permission?: string } = {}) {
  const user = await createUser(t.modules, { admin: opts.admin });
  if (opts.permission) await grantDirectly(user.id, opts.permission);
  const agent = newAgent(t);
  await loginAs(t.modules, agent, user);
  return Object.assign(agent, { user });
}

const send = (agent: Agent, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  agent.request({ method, url, payload: payload as object });

let n = 0;
const role = (over: Partial<SaveAdminRoleBody> = {}): SaveAdminRoleBody => ({
  name: `Role ${++n}`,
  description: 'A role for tests.',
  permissions: [{ name: Permission.filesView, restrictions: [] }],
  ...over,
});

async function created(body: SaveAdminRoleBody = role()): Promise<AdminRole> {
  const res = await send(admin, 'POST', ROLES, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().role;
}

async function fetched(id: number): Promise<AdminRole> {
  const res = await admin.get(one(id));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().role;
}

async function listed(query = ''): Promise<{ data: AdminRoleRow[]; total: number; last_page: number }> {
  const res = await admin.get(`${ROLES}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().pagination;
}

/** The PUT body that keeps a role as it is, with `over` changed. */
const bodyOf = (r: AdminRole, over: Partial<SaveAdminRoleBody> = {}): SaveAdminRoleBody => ({
  name: r.name,
  description: r.description,
  default: r.is_default,
  guests: r.is_guest,
  permissions: r.permissions,
  ...over,
});

const auditRows = (action: string, targetId: number) =>
  t.modules.db
    .selectFrom('admin_audit_log')
    .selectAll()
    .where('action', '=', action)
    .where('target_id', '=', String(targetId))
    .orderBy('id')
    .execute();

const roleCount = async () =>
  Number(
    (
      await t.modules.db
        .selectFrom('roles')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const roleIdsOf = async (userId: number) =>
  (await t.modules.users.repos.roles.listRolesOfUser(userId)).map((r) => r.id);

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
  const ids = await t.modules.db.selectFrom('roles').select(['id', 'name']).execute();
  const idOf = (name: string) => ids.find((r) => r.name === name)?.id ?? 0;
  seeded = { admin: idOf('admin'), users: idOf('users'), guests: idOf('guests') };
  visitor = newAgent(t);
  plainUser = await agentOf();
  usersStaff = await agentOf({ permission: Permission.usersUpdate });
  staff = await agentOf({ permission: Permission.rolesUpdate });
  admin = await agentOf({ admin: true });
});
afterAll(() => t.close());

describe('GET admin/permissions', () => {
  it('groups every permission with a description, the restrictions it accepts and their kind', async () => {
    const res = await staff.get('/api/v1/admin/permissions');
    expect(res.statusCode, res.body).toBe(200);
    const groups: AdminPermissionGroup[] = res.json().groups;
    expect(groups.slice(0, 3).map((g) => g.label)).toEqual(['Files', 'Shareable links', 'Workspaces']);
    const all = groups.flatMap((g) => g.permissions);
    expect(all.map((p) => p.name).sort()).toEqual(Object.values(Permission).sort());
    for (const p of all) expect(p.description?.length, p.name).toBeGreaterThan(20);
    const files = all.find((p) => p.name === Permission.filesCreate);
    expect(files).toMatchObject({ display_name: 'Upload files', group_name: 'files', advanced: false });
    expect(files?.restrictions).toEqual([expect.objectContaining({ name: 'max_space_bytes', kind: 'bytes' })]);
    const workspaces = all.find((p) => p.name === Permission.workspacesCreate);
    expect(workspaces?.restrictions.map((r) => [r.name, r.kind])).toEqual([
      ['count', 'count'],
      ['member_count', 'count'],
    ]);
  });

  it('marks Super admin, the admin area and its screens advanced, and nothing a user needs', async () => {
    const res = await staff.get('/api/v1/admin/permissions');
    const all = (res.json().groups as AdminPermissionGroup[]).flatMap((g) => g.permissions);
    const advanced = all.filter((p) => p.advanced).map((p) => p.name);
    expect(advanced).toEqual(
      expect.arrayContaining([Permission.admin, Permission.adminAccess, Permission.logsView, Permission.rolesUpdate]),
    );
    expect(advanced.every((name) => name.startsWith('admin') || /\.(update|view)$/.test(name))).toBe(true);
    expect(advanced).not.toContain(Permission.filesView);
    expect(advanced).not.toContain(Permission.apiAccess);
  });

  it('answers the staff of every screen with a permission selector, and refuses others', async () => {
    expect((await usersStaff.get('/api/v1/admin/permissions')).statusCode).toBe(200);
    expect((await admin.get('/api/v1/admin/permissions')).statusCode).toBe(200);
    expect((await plainUser.get('/api/v1/admin/permissions')).statusCode).toBe(403);
    expect((await visitor.get('/api/v1/admin/permissions')).statusCode).toBe(401);
  });
});

describe('GET admin/roles', () => {
  it('lists the seeded system roles with their flags and user counts (null for guests)', async () => {
    const { data } = await listed('?perPage=100');
    const byId = new Map(data.map((r) => [r.id, r]));
    expect(byId.get(seeded.users)).toMatchObject({ name: 'users', is_default: true, is_guest: false, is_system: true });
    expect(byId.get(seeded.guests)).toMatchObject({ is_guest: true, is_system: true, users_count: null });
    const admins = await t.modules.db
      .selectFrom('user_role')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('role_id', '=', seeded.admin)
      .executeTakeFirstOrThrow();
    expect(byId.get(seeded.admin)?.users_count).toBe(Number(admins.n));
    expect(byId.get(seeded.users)?.users_count).toBeGreaterThanOrEqual(3);
  });

  it('searches names in any case and takes wildcards literally', async () => {
    const r = await created(role({ name: `Editors_${n}` }));
    expect((await listed(`?query=${encodeURIComponent(r.name.toUpperCase())}`)).data.map((x) => x.id)).toEqual([r.id]);
    expect((await listed('?query=%25')).total).toBe(0);
    expect((await listed('?query=tors_')).data.map((x) => x.id)).toContain(r.id);
  });

  it('filters the default and guests roles', async () => {
    expect((await listed('?default=true')).data.map((r) => r.id)).toEqual([seeded.users]);
    expect((await listed('?guests=true')).data.map((r) => r.id)).toEqual([seeded.guests]);
    expect((await listed('?guests=false&perPage=100')).data.map((r) => r.id)).not.toContain(seeded.guests);
  });

  it('sorts by name, by creation and by update, and pages', async () => {
    await created(role({ name: 'aaa first by name' }));
    const byName = (await listed('?perPage=100')).data.map((r) => r.name.toLowerCase());
    expect(byName).toEqual([...byName].sort());
    const newest = await created();
    expect((await listed('?orderBy=created_at&perPage=1')).data[0]?.id).toBe(newest.id);
    expect((await listed('?orderBy=created_at&orderDir=asc&perPage=1')).data[0]?.id).toBe(seeded.admin);
    const page = await listed('?perPage=2&page=2');
    expect(page.data).toHaveLength(2);
    expect(page.last_page).toBe(Math.ceil(page.total / 2));
  });

  it('answers 422 for an unknown sort or a page size over 100', async () => {
    expect((await admin.get(`${ROLES}?orderBy=users_count`)).statusCode).toBe(422);
    expect((await admin.get(`${ROLES}?perPage=101`)).statusCode).toBe(422);
  });

  it('needs roles.update: 401 for a visitor, 403 for a user or users.update staff, 200 for its holder', async () => {
    expect((await visitor.get(ROLES)).statusCode).toBe(401);
    expect((await plainUser.get(ROLES)).statusCode).toBe(403);
    expect((await usersStaff.get(ROLES)).statusCode).toBe(403);
    expect((await staff.get(ROLES)).statusCode).toBe(200);
  });
});

describe('GET admin/roles/{id}', () => {
  it('answers the role with its permissions and restriction values', async () => {
    const r = await created(
      role({
        permissions: [{ name: Permission.filesCreate, restrictions: [{ name: 'max_space_bytes', value: 2 * GB }] }],
      }),
    );
    expect((await fetched(r.id)).permissions).toEqual([
      { name: Permission.filesCreate, restrictions: [{ name: 'max_space_bytes', value: 2 * GB }] },
    ]);
  });

  it('answers 404 for an unknown role and 403 without roles.update', async () => {
    expect((await admin.get(one(999_999))).statusCode).toBe(404);
    expect((await plainUser.get(one(seeded.users))).statusCode).toBe(403);
  });
});

describe('POST admin/roles', () => {
  it('creates the role with its permissions and audits it', async () => {
    const res = await send(
      staff,
      'POST',
      ROLES,
      role({
        name: 'Beta testers',
        permissions: [
          { name: Permission.filesCreate, restrictions: [{ name: 'max_space_bytes', value: 2 * GB }] },
          { name: Permission.linksCreate, restrictions: [{ name: 'count', value: null }] },
        ],
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const r: AdminRole = res.json().role;
    expect(r).toMatchObject({
      name: 'Beta testers',
      is_default: false,
      is_guest: false,
      is_system: false,
      users_count: 0,
    });
    const [row] = await auditRows('role.create', r.id);
    expect(row).toMatchObject({ actor_id: staff.user.id, target_type: 'role', target_label: 'Beta testers' });
    expect(JSON.parse(row?.after ?? 'null')).toMatchObject({
      name: 'Beta testers',
      permissions: [
        { name: Permission.filesCreate, restrictions: { max_space_bytes: 2 * GB } },
        { name: Permission.linksCreate, restrictions: { count: null } },
      ],
    });
  });

  it('refuses a name another role has in any case (422 name_taken)', async () => {
    const res = await send(admin, 'POST', ROLES, role({ name: 'USERS' }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'name_taken',
      errors: { name: ['A role with this name already exists.'] },
    });
  });

  it('answers 422 naming each field: short name, long description, unknown permission or restriction', async () => {
    const res = await send(admin, 'POST', ROLES, role({ name: 'x', description: 'd'.repeat(501) }));
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['description', 'name']);
    const unknown = await send(
      admin,
      'POST',
      ROLES,
      role({
        permissions: [
          { name: 'files.nothing', restrictions: [] },
          { name: Permission.filesView, restrictions: [{ name: 'count', value: 3 }] },
        ],
      }),
    );
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json().errors).sort()).toEqual([
      'permissions.0.name',
      'permissions.1.restrictions.0.name',
    ]);
    const negative = await send(
      admin,
      'POST',
      ROLES,
      role({ permissions: [{ name: Permission.linksCreate, restrictions: [{ name: 'count', value: -1 }] }] }),
    );
    expect(negative.statusCode).toBe(422);
  });

  it('refuses staff permissions on a default or guests role', async () => {
    const res = await send(
      admin,
      'POST',
      ROLES,
      role({
        default: true,
        permissions: [
          { name: Permission.filesView, restrictions: [] },
          { name: Permission.rolesUpdate, restrictions: [] },
        ],
      }),
    );
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['permissions.1.name']);
    expect(res.json().errors['permissions.1.name'][0]).toMatch(/^Manage roles is a staff permission/);
  });

  it('refuses both flags on one role', async () => {
    const res = await send(admin, 'POST', ROLES, role({ default: true, guests: true }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.guests).toEqual(['A role cannot be both the default and the guests role.']);
  });

  it('creates nothing for a visitor (401), a user or users.update staff (403)', async () => {
    const before = await roleCount();
    expect((await send(visitor, 'POST', ROLES, role())).statusCode).toBe(401);
    expect((await send(plainUser, 'POST', ROLES, role())).statusCode).toBe(403);
    expect((await send(usersStaff, 'POST', ROLES, role())).statusCode).toBe(403);
    expect(await roleCount()).toBe(before);
  });
});

describe('PUT admin/roles/{id}', () => {
  it('replaces the permissions and audits only the changed fields, permission names included', async () => {
    const r = await created();
    const res = await send(
      staff,
      'PUT',
      one(r.id),
      bodyOf(r, {
        description: 'Changed.',
        permissions: [
          { name: Permission.filesView, restrictions: [] },
          { name: Permission.filesDownload, restrictions: [] },
        ],
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().role as AdminRole).permissions.map((p) => p.name)).toEqual([
      Permission.filesView,
      Permission.filesDownload,
    ]);
    const [row] = await auditRows('role.update', r.id);
    expect(JSON.parse(row?.before ?? 'null')).toEqual({
      description: 'A role for tests.',
      permissions: [{ name: Permission.filesView }],
    });
    expect(JSON.parse(row?.after ?? 'null')).toEqual({
      description: 'Changed.',
      permissions: [{ name: Permission.filesDownload }, { name: Permission.filesView }],
    });
  });

  it('writes nothing for a save that changes nothing', async () => {
    const r = await created();
    const res = await send(admin, 'PUT', one(r.id), bodyOf(r));
    expect(res.statusCode).toBe(200);
    expect(res.json().role.updated_at).toBe(r.updated_at);
    expect(await auditRows('role.update', r.id)).toEqual([]);
  });

  it("keeps a system role's name but lets its description change", async () => {
    const users = await fetched(seeded.users);
    const renamed = await send(admin, 'PUT', one(seeded.users), bodyOf(users, { name: 'members' }));
    expect(renamed.statusCode).toBe(422);
    expect(renamed.json().errors.name).toEqual(['The name of a system role cannot change.']);
    const described = await send(admin, 'PUT', one(seeded.users), bodyOf(users, { description: 'Everyone.' }));
    expect(described.statusCode, described.body).toBe(200);
    await send(admin, 'PUT', one(seeded.users), bodyOf(users));
  });

  it('answers 404 for an unknown role', async () => {
    expect((await send(admin, 'PUT', one(999_999), role())).statusCode).toBe(404);
  });

  it('changes nothing for users.update staff (403)', async () => {
    const r = await created();
    const res = await send(usersStaff, 'PUT', one(r.id), bodyOf(r, { permissions: [] }));
    expect(res.statusCode).toBe(403);
    expect((await fetched(r.id)).permissions).toEqual(r.permissions);
  });

  it('refuses taking Super admin from the admin role while no one else holds it, and allows it after', async () => {
    // The only holders are the users of the admin role; a fresh app would have just the one.
    const adminRole = await fetched(seeded.admin);
    const res = await send(admin, 'PUT', one(seeded.admin), bodyOf(adminRole, { permissions: [] }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.permissions).toEqual([
      'Someone must keep Super admin: give it to another user or role first.',
    ]);
    expect((await fetched(seeded.admin)).permissions.map((p) => p.name)).toEqual([Permission.admin]);

    const keeper = await createUser(t.modules);
    await grantDirectly(keeper.id, Permission.admin);
    const allowed = await send(admin, 'PUT', one(seeded.admin), bodyOf(adminRole, { permissions: [] }));
    expect(allowed.statusCode, allowed.body).toBe(200);
    // The admin role's users lost Super admin with it; the keeper puts it back.
    expect((await admin.get(ROLES)).statusCode).toBe(403);
    const restored = await send(await keeperAgent(keeper), 'PUT', one(seeded.admin), bodyOf(adminRole));
    expect(restored.statusCode, restored.body).toBe(200);
    await t.modules.db.deleteFrom('permission_user').where('user_id', '=', keeper.id).execute();
  });
});

async function keeperAgent(user: { id: number }) {
  const agent = newAgent(t);
  await loginAs(t.modules, agent, user);
  return agent;
}

describe('default and guests flags', () => {
  it('moves the default flag in one save; new users registering get the new default role', async () => {
    const r = await created();
    const res = await send(admin, 'PUT', one(r.id), bodyOf(r, { default: true }));
    expect(res.statusCode, res.body).toBe(200);
    expect((await listed('?default=true')).data.map((x) => x.id)).toEqual([r.id]);
    const moved = (await auditRows('role.update', seeded.users)).at(-1);
    expect(JSON.parse(moved?.after ?? 'null')).toEqual({ is_default: false });

    const email = `registers-${n}@example.test`;
    const reg = await newAgent(t).post('/auth/register', {
      email,
      password: 'long enough pw',
      password_confirmation: 'long enough pw',
    });
    expect(reg.statusCode, reg.body).toBe(200);
    const user = await t.modules.users.repos.users.getByEmail(email);
    expect(await roleIdsOf(user?.id ?? 0)).toEqual([r.id]);

    const users = await fetched(seeded.users);
    expect((await send(admin, 'PUT', one(seeded.users), bodyOf(users, { default: true }))).statusCode).toBe(200);
    expect((await listed('?default=true')).data.map((x) => x.id)).toEqual([seeded.users]);
  });

  it('refuses taking a flag off the role that has it: it can only move', async () => {
    const users = await fetched(seeded.users);
    const res = await send(admin, 'PUT', one(seeded.users), bodyOf(users, { default: false }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.default[0]).toMatch(/make another role the default/);
    const guests = await fetched(seeded.guests);
    const off = await send(admin, 'PUT', one(seeded.guests), bodyOf(guests, { guests: false }));
    expect(off.json().errors.guests[0]).toMatch(/make another role the guests role/);
  });

  it('moves the guests flag, and refuses it for a role that has users', async () => {
    const withUsers = await created();
    await send(admin, 'POST', `${one(withUsers.id)}/users`, { ids: [plainUser.user.id] });
    const refused = await send(admin, 'PUT', one(withUsers.id), bodyOf(withUsers, { guests: true }));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.guests[0]).toMatch(/^This role has 1 user;/);

    const r = await created();
    expect((await send(admin, 'PUT', one(r.id), bodyOf(r, { guests: true }))).statusCode).toBe(200);
    expect((await listed('?guests=true')).data.map((x) => x.id)).toEqual([r.id]);
    const guests = await fetched(seeded.guests);
    expect((await send(admin, 'PUT', one(seeded.guests), bodyOf(guests, { guests: true }))).statusCode).toBe(200);
    expect((await listed('?guests=true')).data.map((x) => x.id)).toEqual([seeded.guests]);
  });
});

describe('DELETE admin/roles/{id}', () => {
  it('refuses system roles with 409', async () => {
    for (const id of Object.values(seeded)) {
      const res = await send(admin, 'DELETE', one(id));
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('System roles cannot be deleted.');
    }
  });

  it('refuses the default role until another role is the default', async () => {
    const r = await created();
    await send(admin, 'PUT', one(r.id), bodyOf(r, { default: true }));
    expect((await send(admin, 'DELETE', one(r.id))).statusCode).toBe(409);
    const users = await fetched(seeded.users);
    await send(admin, 'PUT', one(seeded.users), bodyOf(users, { default: true }));
    expect((await send(admin, 'DELETE', one(r.id))).statusCode).toBe(204);
  });

  it('deletes the role, takes it from its users and audits it', async () => {
    const r = await created();
    const member = await createUser(t.modules);
    await send(admin, 'POST', `${one(r.id)}/users`, { ids: [member.id] });
    expect((await send(staff, 'DELETE', one(r.id))).statusCode).toBe(204);
    expect((await admin.get(one(r.id))).statusCode).toBe(404);
    expect(await roleIdsOf(member.id)).toEqual([seeded.users]);
    const [row] = await auditRows('role.delete', r.id);
    expect(JSON.parse(row?.before ?? 'null')).toMatchObject({ name: r.name, users_count: 1 });
  });

  it('answers 404 for an unknown role, and deletes nothing without roles.update', async () => {
    expect((await send(admin, 'DELETE', one(999_999))).statusCode).toBe(404);
    const r = await created();
    expect((await send(plainUser, 'DELETE', one(r.id))).statusCode).toBe(403);
    expect((await send(visitor, 'DELETE', one(r.id))).statusCode).toBe(401);
    expect((await admin.get(one(r.id))).statusCode).toBe(200);
  });
});

describe("a role's users", () => {
  const add = (agent: Agent, id: number, ids: number[]) => send(agent, 'POST', `${one(id)}/users`, { ids });
  const remove = (agent: Agent, id: number, ids: number[]) => send(agent, 'POST', `${one(id)}/users/remove`, { ids });

  it('assigns users, answering a result per id, and audits those added', async () => {
    const r = await created();
    const [a, b] = [await createUser(t.modules), await createUser(t.modules)];
    await add(admin, r.id, [a.id]);
    const res = await add(staff, r.id, [a.id, b.id, 999_999, b.id]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json() as ChangeAdminRoleUsersResponse).toEqual({
      results: [
        { id: a.id, status: 'already_in_role' },
        { id: b.id, status: 'added' },
        { id: 999_999, status: 'not_found' },
      ],
      users_count: 2,
    });
    const rows = await auditRows('role.users_add', r.id);
    expect(rows.map((row) => JSON.parse(row.after ?? 'null'))).toEqual([
      { users: [{ id: a.id, email: a.email }] },
      { users: [{ id: b.id, email: b.email }] },
    ]);
  });

  it('lists the users newest assignment first with assigned_at, searches by name or email, pages', async () => {
    const r = await created();
    const people = [];
    for (const name of ['Asha Rao', 'Bela Iyer', 'Chen Li']) {
      const user = await createUser(t.modules, { email: `${name.split(' ')[0]?.toLowerCase()}-${n}@example.test` });
      const [first_name, last_name] = name.split(' ');
      await t.modules.users.repos.users.update(user.id, { first_name, last_name });
      await add(admin, r.id, [user.id]);
      people.push(user);
    }
    const res = await admin.get(`${one(r.id)}/users?perPage=2`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().pagination;
    expect(page).toMatchObject({ total: 3, last_page: 2 });
    expect(page.data[0]).toMatchObject({ id: people[2]?.id, name: 'Chen Li', email: people[2]?.email });
    expect(Date.parse(page.data[0].assigned_at)).toBeGreaterThan(0);
    const search = async (q: string) =>
      (await admin.get(`${one(r.id)}/users?query=${encodeURIComponent(q)}`))
        .json()
        .pagination.data.map((u: { id: number }) => u.id);
    expect(await search('bela IYER')).toEqual([people[1]?.id]);
    expect(await search('ASHA-')).toEqual([people[0]?.id]);
    const byEmail = (await admin.get(`${one(r.id)}/users?orderBy=email`)).json().pagination.data;
    expect(byEmail.map((u: { id: number }) => u.id)).toEqual(people.map((p) => p.id));
  });

  it('offers as candidates only users outside the role that match', async () => {
    const r = await created();
    const inside = await createUser(t.modules, { email: `candidate-in-${n}@example.test` });
    const outside = await createUser(t.modules, { email: `candidate-out-${n}@example.test` });
    await add(admin, r.id, [inside.id]);
    const res = await admin.get(`${one(r.id)}/candidates?query=candidate-`);
    expect(res.statusCode, res.body).toBe(200);
    const ids = res.json().users.map((u: { id: number }) => u.id);
    expect(ids).toContain(outside.id);
    expect(ids).not.toContain(inside.id);
  });

  it('takes users out, answering a result per id, and audits those removed', async () => {
    const r = await created();
    const [a, b] = [await createUser(t.modules), await createUser(t.modules)];
    await add(admin, r.id, [a.id]);
    const res = await remove(staff, r.id, [a.id, b.id]);
    expect(res.json()).toEqual({
      results: [
        { id: a.id, status: 'removed' },
        { id: b.id, status: 'not_in_role' },
      ],
      users_count: 0,
    });
    const [row] = await auditRows('role.users_remove', r.id);
    expect(JSON.parse(row?.before ?? 'null')).toEqual({ users: [{ id: a.id, email: a.email }] });
  });

  it('never takes the last holder of Super admin out of the admin role', async () => {
    const holders = await t.modules.db
      .selectFrom('user_role')
      .select('user_id')
      .where('role_id', '=', seeded.admin)
      .execute();
    const res = await remove(
      admin,
      seeded.admin,
      holders.map((h) => h.user_id),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Taking these users out of the role would leave no one with Super admin.');
    const after = await admin.get(`${one(seeded.admin)}/users?perPage=100`);
    expect(after.json().pagination.total).toBe(holders.length);
    expect(await auditRows('role.users_remove', seeded.admin)).toEqual([]);
  });

  it('has no users tab for the guests role (409), and refuses more than 100 ids or none (422)', async () => {
    expect((await admin.get(`${one(seeded.guests)}/users`)).statusCode).toBe(409);
    expect((await add(admin, seeded.guests, [plainUser.user.id])).statusCode).toBe(409);
    const ids = Array.from({ length: 101 }, (_, i) => i + 1);
    expect((await add(admin, seeded.users, ids)).statusCode).toBe(422);
    expect((await add(admin, seeded.users, [])).statusCode).toBe(422);
  });

  it('changes nothing for users.update staff or a visitor', async () => {
    const r = await created();
    expect((await add(usersStaff, r.id, [plainUser.user.id])).statusCode).toBe(403);
    expect((await add(visitor, r.id, [plainUser.user.id])).statusCode).toBe(401);
    expect((await usersStaff.get(`${one(r.id)}/users`)).statusCode).toBe(403);
    expect((await fetched(r.id)).users_count).toBe(0);
  });
});

describe('changes apply on the next request', () => {
  it("a user whose role loses a permission is refused on their next call, and regains it when it's back", async () => {
    const r = await created(role({ permissions: [{ name: Permission.rolesUpdate, restrictions: [] }] }));
    const member = await agentOf();
    await send(admin, 'POST', `${one(r.id)}/users`, { ids: [member.user.id] });
    expect((await member.get(ROLES)).statusCode).toBe(200);
    await send(admin, 'PUT', one(r.id), bodyOf(r, { permissions: [] }));
    expect((await member.get(ROLES)).statusCode).toBe(403);
    await send(admin, 'PUT', one(r.id), bodyOf(r));
    expect((await member.get(ROLES)).statusCode).toBe(200);
    await send(admin, 'POST', `${one(r.id)}/users/remove`, { ids: [member.user.id] });
    expect((await member.get(ROLES)).statusCode).toBe(403);
  });

  it("a visitor gets the guests role's new permissions at once (this process forgets its cache)", async () => {
    const guestPermissions = async () =>
      ((await newAgent(t).get('/api/v1/bootstrap-data')).json().guest_role.permissions as Array<{ name: string }>).map(
        (p) => p.name,
      );
    expect(await guestPermissions()).not.toContain(Permission.filesView);
    const guests = await fetched(seeded.guests);
    const grants = [...guests.permissions, { name: Permission.filesView, restrictions: [] }];
    expect((await send(admin, 'PUT', one(seeded.guests), bodyOf(guests, { permissions: grants }))).statusCode).toBe(
      200,
    );
    expect(await guestPermissions()).toContain(Permission.filesView);
    await send(admin, 'PUT', one(seeded.guests), bodyOf(guests));
    expect(await guestPermissions()).not.toContain(Permission.filesView);
  });
});

describe('concurrent saves', () => {
  it("saves of one role's permissions at once leave one of the sets, whole", async () => {
    const r = await created();
    // Sets sharing a permission: a save that overlapped another would collide on it or leave a union.
    const sets = [
      [Permission.filesView, Permission.filesDownload],
      [Permission.filesView, Permission.linksCreate, Permission.linksView],
      [Permission.filesView, Permission.filesDelete],
    ];
    const grants = (names: string[]) => names.map((name) => ({ name, restrictions: [] }));
    for (let round = 0; round < 6; round++) {
      const answers = await Promise.all(
        [admin, staff, admin, staff, admin, staff].map((agent, i) =>
          send(agent, 'PUT', one(r.id), bodyOf(r, { permissions: grants(sets[(i + round) % 3] ?? []) })),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
      const names = (await fetched(r.id)).permissions.map((p) => p.name).sort();
      expect(sets.map((set) => [...set].sort())).toContainEqual(names);
    }
  });

  it('two roles made the guests role at once leave exactly one guests role', async () => {
    const [a, b] = [await created(), await created()];
    const answers = await Promise.all([
      send(admin, 'PUT', one(a.id), bodyOf(a, { guests: true })),
      send(staff, 'PUT', one(b.id), bodyOf(b, { guests: true })),
    ]);
    expect(answers.map((x) => x.statusCode)).toEqual([200, 200]);
    const flagged = await t.modules.db.selectFrom('roles').select('id').where('is_guest', '=', 1).execute();
    expect(flagged).toHaveLength(1);
    expect([a.id, b.id]).toContain(flagged[0]?.id);
    const defaults = await Promise.all([
      send(admin, 'PUT', one(a.id), bodyOf(await fetched(a.id), { default: true, guests: false })),
      send(staff, 'PUT', one(b.id), bodyOf(await fetched(b.id), { default: true, guests: false })),
    ]);
    // The guests role keeps its flag (it can only move), so exactly the save giving it up is refused.
    expect(defaults.map((x) => x.statusCode).sort()).toEqual([200, 422]);
    expect(await t.modules.db.selectFrom('roles').select('id').where('is_default', '=', 1).execute()).toHaveLength(1);
    const guests = await fetched(seeded.guests);
    await send(admin, 'PUT', one(seeded.guests), bodyOf(guests, { guests: true }));
    const users = await fetched(seeded.users);
    await send(admin, 'PUT', one(seeded.users), bodyOf(users, { default: true }));
  });
});
