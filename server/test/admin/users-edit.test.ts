import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminUserDetail, Permission } from '@kosh/contracts';
import { verifyPassword } from '../../src/auth/password.ts';
import { createAccountsApp, newAgent, signIn } from '../helpers/accounts.ts';
import { createUser, loginAs } from '../helpers/factories.ts';
import type { MailCatcher } from '../helpers/smtp.ts';
import type { Agent, TestApp } from '../helpers/test-app.ts';
import { ADMIN_USERS, auditOf, callersOf, grant, marker, send } from './users-fixtures.ts';

const GB = 1024 ** 3;

let t: TestApp;
let mail: MailCatcher;
let close: () => Promise<void>;
let callers: Awaited<ReturnType<typeof callersOf>>;
let admin: Agent;

beforeAll(async () => {
  ({ t, mail, close } = await createAccountsApp());
  callers = await callersOf(t);
  admin = callers.admin.agent;
});
afterAll(() => close());

const roleId = async (name: string) => {
  const role = await t.modules.users.repos.roles.getByName(name);
  if (!role) throw new Error(`no role ${name}`);
  return role.id;
};

const newUser = (over: Record<string, unknown> = {}) => ({
  email: `${marker()}@example.test`,
  first_name: 'Ann',
  last_name: 'Lee',
  password: 'a long password',
  ...over,
});

async function created(body: Record<string, unknown>, agent = admin): Promise<AdminUserDetail> {
  const res = await send(agent, 'POST', ADMIN_USERS, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().user;
}

async function updated(id: number, body: Record<string, unknown>, agent = admin): Promise<AdminUserDetail> {
  const res = await send(agent, 'PUT', `${ADMIN_USERS}/${id}`, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().user;
}

describe('POST admin/users', () => {
  it('answers 401 to a visitor and 403 without users.update, creating nothing', async () => {
    const body = newUser();
    expect((await send(callers.visitor, 'POST', ADMIN_USERS, body)).statusCode).toBe(401);
    expect((await send(callers.plain, 'POST', ADMIN_USERS, body)).statusCode).toBe(403);
    expect(await t.modules.users.repos.users.getByEmail(body.email)).toBeUndefined();
  });

  it('creates a user with the default role who can sign in with the password', async () => {
    const body = newUser({ email: `  ${marker().toUpperCase()}@Example.test ` });
    const user = await created(body, callers.staff.agent);
    expect(user).toMatchObject({
      email: body.email.trim().toLowerCase(),
      name: 'Ann Lee',
      roles: [{ name: 'users' }],
      role_ids: [await roleId('users')],
      available_space: null,
      two_factor_enabled: false,
      permissions: [],
    });
    // The site does not require confirmation: verified unless said otherwise.
    expect(user.email_verified_at).not.toBeNull();
    const row = await t.modules.users.repos.users.getById(user.id);
    expect(await verifyPassword(row?.password ?? null, 'a long password')).toBe(true);
    expect((await signIn(newAgent(t), user.email, 'a long password')).statusCode).toBe(200);
  });

  it('takes roles, an allowed space and the verification given', async () => {
    const user = await created(
      newUser({ roles: [await roleId('admin')], available_space: 3 * GB, email_verified: false }),
    );
    expect(user).toMatchObject({
      role_ids: [await roleId('admin')],
      available_space: 3 * GB,
      email_verified_at: null,
      // An admin is never limited, whatever the override says.
      space_allowed: null,
    });
  });

  it('records the creation in the audit log without the password', async () => {
    const user = await created(newUser());
    const [row] = await auditOf(t, 'user.create', user.id);
    expect(row).toMatchObject({ actor_id: callers.admin.user.id, target_label: user.email });
    expect(JSON.parse(row.after ?? '{}')).toMatchObject({
      email: user.email,
      first_name: 'Ann',
      roles: expect.any(Array),
    });
    expect(`${row.before}${row.after}`).not.toMatch(/password|argon2/i);
  });

  it('answers 422 naming the email when it is taken, in any case', async () => {
    const first = await created(newUser());
    const res = await send(admin, 'POST', ADMIN_USERS, newUser({ email: first.email.toUpperCase() }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual(['The email has already been taken.']);
  });

  it('gives one address to one of two staff creating it at once, 422 to the other', async () => {
    const body = newUser();
    const answers = await Promise.all([
      send(admin, 'POST', ADMIN_USERS, body),
      send(callers.staff.agent, 'POST', ADMIN_USERS, body),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 422]);
  });

  it.each([
    ['email', { email: 'not-an-address' }],
    ['password', { password: 'short' }],
    ['first_name', { first_name: 'x'.repeat(101) }],
    ['available_space', { available_space: -1 }],
    ['roles', { roles: 'admin' }],
    ['email_verified', { email_verified: 'yes' }],
  ])('answers 422 for a bad %s', async (field, over) => {
    const res = await send(admin, 'POST', ADMIN_USERS, newUser(over));
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toContain(field);
  });

  it('answers 422 naming an unknown role and the guest role', async () => {
    const res = await send(
      admin,
      'POST',
      ADMIN_USERS,
      newUser({ roles: [await roleId('users'), 99999, await roleId('guests')] }),
    );
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['roles.1', 'roles.2']);
  });
});

describe('GET admin/users/{id}', () => {
  it('answers 401, 403, 404, and the user to staff', async () => {
    const user = await createUser(t.modules);
    expect((await callers.visitor.get(`${ADMIN_USERS}/${user.id}`)).statusCode).toBe(401);
    expect((await callers.plain.get(`${ADMIN_USERS}/${user.id}`)).statusCode).toBe(403);
    expect((await admin.get(`${ADMIN_USERS}/99999999`)).statusCode).toBe(404);
    const res = await callers.staff.agent.get(`${ADMIN_USERS}/${user.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: user.id, email: user.email, language: null, timezone: null });
  });

  it('shows direct grants with their restrictions and the two-factor state', async () => {
    const user = await createUser(t.modules);
    await grant(t, user.id, Permission.filesCreate, JSON.stringify([{ name: 'max_space_bytes', value: GB }]));
    await t.modules.users.repos.users.update(user.id, {
      two_factor_secret: 'x',
      two_factor_confirmed_at: new Date().toISOString(),
    });
    const shown = (await admin.get(`${ADMIN_USERS}/${user.id}`)).json().user as AdminUserDetail;
    expect(shown.permissions).toEqual([
      { name: 'files.create', restrictions: [{ name: 'max_space_bytes', value: GB }] },
    ]);
    expect(shown.two_factor_enabled).toBe(true);
    expect(shown.space_allowed).toBe(GB);
  });

  it('says whether the user holds admin, through a role or directly', async () => {
    const plain = await createUser(t.modules);
    const viaRole = await created(newUser({ roles: [await roleId('admin')] }));
    const direct = await createUser(t.modules);
    await grant(t, direct.id, Permission.admin);
    const isAdmin = async (id: number) => (await admin.get(`${ADMIN_USERS}/${id}`)).json().user.is_admin;
    expect([await isAdmin(plain.id), await isAdmin(viaRole.id), await isAdmin(direct.id)]).toEqual([false, true, true]);
  });

  it('shows the space the user inherits beside the override staff set', async () => {
    const user = await createUser(t.modules);
    await grant(t, user.id, Permission.filesCreate, JSON.stringify([{ name: 'max_space_bytes', value: GB }]));
    const plain = (await admin.get(`${ADMIN_USERS}/${user.id}`)).json().user as AdminUserDetail;
    expect(plain).toMatchObject({ available_space: null, space_allowed: GB, inherited_space: GB });
    const overridden = await updated(user.id, { available_space: 3 * GB });
    expect(overridden).toMatchObject({ available_space: 3 * GB, space_allowed: 3 * GB, inherited_space: GB });
  });
});

describe('PUT admin/users/{id}', () => {
  it('answers 401 and 403 changing nothing, 404 for an unknown user', async () => {
    const user = await createUser(t.modules);
    expect((await send(callers.visitor, 'PUT', `${ADMIN_USERS}/${user.id}`, { first_name: 'X' })).statusCode).toBe(401);
    expect((await send(callers.plain, 'PUT', `${ADMIN_USERS}/${user.id}`, { first_name: 'X' })).statusCode).toBe(403);
    expect((await t.modules.users.repos.users.getById(user.id))?.first_name).toBeNull();
    expect((await send(admin, 'PUT', `${ADMIN_USERS}/99999999`, { first_name: 'X' })).statusCode).toBe(404);
  });

  it('changes only the fields given and records each before and after', async () => {
    const user = await createUser(t.modules);
    await t.modules.users.repos.users.update(user.id, { first_name: 'Old', last_name: 'Name', state_id: 1 });
    const after = await updated(
      user.id,
      { first_name: 'New', available_space: 2 * GB, language: 'en', country_id: 101, timezone: 'Asia/Kolkata' },
      callers.staff.agent,
    );
    expect(after).toMatchObject({
      first_name: 'New',
      last_name: 'Name',
      available_space: 2 * GB,
      space_allowed: 2 * GB,
      language: 'en',
      country_id: 101,
      timezone: 'Asia/Kolkata',
    });
    // A new country drops the state of the old one.
    expect((await t.modules.users.repos.users.getById(user.id))?.state_id).toBeNull();
    const [row] = await auditOf(t, 'user.update', user.id);
    expect(row.actor_id).toBe(callers.staff.user.id);
    expect(JSON.parse(row.before ?? '{}')).toEqual({
      first_name: 'Old',
      available_space: null,
      language: null,
      country_id: null,
      timezone: null,
    });
    expect(JSON.parse(row.after ?? '{}')).toEqual({
      first_name: 'New',
      available_space: 2 * GB,
      language: 'en',
      country_id: 101,
      timezone: 'Asia/Kolkata',
    });
  });

  it('puts the allowance back to inherited with null, and marks the address verified or not', async () => {
    const user = await createUser(t.modules);
    await updated(user.id, { available_space: GB, email_verified: false });
    const back = await updated(user.id, { available_space: null, email_verified: true });
    expect(back.available_space).toBeNull();
    expect(back.space_allowed).toBe(await t.modules.drive.space.defaultSpace());
    expect(back.email_verified_at).not.toBeNull();
  });

  it('replaces roles and direct permissions, checked against the tables', async () => {
    const user = await createUser(t.modules);
    const after = await updated(user.id, {
      roles: [await roleId('users')],
      permissions: [{ name: 'files.create', restrictions: [{ name: 'max_space_bytes', value: 5 * GB }] }],
    });
    expect(after.permissions).toEqual([
      { name: 'files.create', restrictions: [{ name: 'max_space_bytes', value: 5 * GB }] },
    ]);
    expect(after.space_allowed).toBe(5 * GB);
    const [row] = await auditOf(t, 'user.update', user.id);
    expect(JSON.parse(row.before ?? '{}')).toEqual({ permissions: [] });
    const bad = await send(admin, 'PUT', `${ADMIN_USERS}/${user.id}`, {
      permissions: [{ name: 'files.create', restrictions: [{ name: 'nope', value: 1 }] }, { name: 'no.such' }],
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['permissions.0.restrictions.0.name', 'permissions.1.name']);
    const cleared = await updated(user.id, { roles: [], permissions: [] });
    expect(cleared).toMatchObject({ roles: [], role_ids: [], permissions: [] });
  });

  it('writes no audit row when nothing changes', async () => {
    const user = await createUser(t.modules);
    await updated(user.id, { first_name: null, roles: [await roleId('users')] });
    expect(await auditOf(t, 'user.update', user.id)).toEqual([]);
  });

  it.each([
    ['language', { language: 'xx' }],
    ['country_id', { country_id: 999999 }],
    ['timezone', { timezone: 'Mars/Olympus' }],
    ['available_space', { available_space: 1.5 }],
    ['roles.0', { roles: [99999] }],
  ])('answers 422 for a bad %s, changing nothing', async (field, body) => {
    const user = await createUser(t.modules);
    const res = await send(admin, 'PUT', `${ADMIN_USERS}/${user.id}`, { first_name: 'Changed', ...body });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toContain(field);
    expect((await t.modules.users.repos.users.getById(user.id))?.first_name).toBeNull();
  });

  describe('the last holder of admin', () => {
    it('keeps admin when it is the only one, with 409 and nothing changed', async () => {
      // Alone in its own app: this file's admins would otherwise be the others.
      const { t: lone, close: closeLone } = await createAccountsApp();
      try {
        const only = await createUser(lone.modules, { admin: true });
        const agent = newAgent(lone);
        await loginAs(lone.modules, agent, only);
        const users = await lone.modules.users.repos.roles.getDefaultRole();
        const res = await send(agent, 'PUT', `${ADMIN_USERS}/${only.id}`, { roles: [users?.id], first_name: 'Kept' });
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toMatch(/only account holding the admin permission/);
        const row = await lone.modules.users.repos.users.getById(only.id);
        expect(row?.first_name).toBeNull();
        expect((await lone.modules.users.repos.roles.listRolesOfUser(only.id)).map((r) => r.name)).toEqual(['admin']);
        // Granted directly, admin may leave the role.
        const moved = await send(agent, 'PUT', `${ADMIN_USERS}/${only.id}`, {
          roles: [users?.id],
          permissions: [{ name: 'admin' }],
        });
        expect(moved.statusCode, moved.body).toBe(200);
      } finally {
        await closeLone();
      }
    });

    it('lets one of two admins taking admin from each other at once win, never both', async () => {
      const { t: pair, close: closePair } = await createAccountsApp();
      try {
        const [a, b] = [
          await createUser(pair.modules, { admin: true }),
          await createUser(pair.modules, { admin: true }),
        ];
        const [agentA, agentB] = [newAgent(pair), newAgent(pair)];
        await loginAs(pair.modules, agentA, a);
        await loginAs(pair.modules, agentB, b);
        const users = (await pair.modules.users.repos.roles.getDefaultRole())?.id;
        const answers = await Promise.all([
          send(agentA, 'PUT', `${ADMIN_USERS}/${b.id}`, { roles: [users] }),
          send(agentB, 'PUT', `${ADMIN_USERS}/${a.id}`, { roles: [users] }),
        ]);
        const codes = answers.map((r) => r.statusCode).sort();
        // The second is refused: as 409 (no admin would remain) or 403 (its caller lost admin first).
        expect(codes[0]).toBe(200);
        expect([403, 409]).toContain(codes[1]);
        expect(await pair.modules.adminUsers.repos.accounts.anyAdmin()).toBe(true);
      } finally {
        await closePair();
      }
    });
  });
});

describe('POST admin/users/{id}/verification-mail', () => {
  it('mails a fresh code to an unverified user and records it', async () => {
    const user = await created(newUser({ email_verified: false }));
    expect((await send(callers.visitor, 'POST', `${ADMIN_USERS}/${user.id}/verification-mail`)).statusCode).toBe(401);
    expect((await send(callers.plain, 'POST', `${ADMIN_USERS}/${user.id}/verification-mail`)).statusCode).toBe(403);
    const before = mail.to(user.email).length;
    const res = await send(callers.staff.agent, 'POST', `${ADMIN_USERS}/${user.id}/verification-mail`);
    expect(res.statusCode, res.body).toBe(200);
    const message = await mail.waitFor(user.email);
    expect(mail.to(user.email).length).toBe(before + 1);
    expect(message.text).toMatch(/\d{6}/);
    expect(await auditOf(t, 'user.verification_mail', user.id)).toHaveLength(1);
  });

  it('answers 409 once the address is verified, and 404 for an unknown user', async () => {
    const user = await createUser(t.modules);
    const res = await send(admin, 'POST', `${ADMIN_USERS}/${user.id}/verification-mail`);
    expect(res.statusCode).toBe(409);
    expect((await send(admin, 'POST', `${ADMIN_USERS}/99999999/verification-mail`)).statusCode).toBe(404);
  });
});
