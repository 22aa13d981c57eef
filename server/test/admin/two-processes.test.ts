import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditEntry, Permission } from '@kosh/contracts';
import { newAgent } from '../helpers/accounts.ts';
import { createUser, loginAs } from '../helpers/factories.ts';
import { Agent, createTestApp, type SecondApp, startSecondApp, type TestApp } from '../helpers/test-app.ts';
import { ADMIN_USERS, send } from './users-fixtures.ts';

// Staff working in two server processes at once (their own pools on PostgreSQL, their own
// connections to one file on SQLite): the rules a single process keeps must hold across them.
let t: TestApp;
let second: SecondApp | undefined;
beforeAll(async () => {
  t = await createTestApp();
  second = await startSecondApp(t.modules.config);
});
afterAll(async () => {
  await second?.close();
  await t.close();
});

/** The same signed-in session, sent to the second process. */
function onSecond(from: Agent): Agent {
  if (!second) throw new Error('the second process did not start');
  const agent = new Agent(second.app);
  for (const [k, v] of from.cookies) agent.cookies.set(k, v);
  return agent;
}

async function signedIn(user: { id: number; email: string }): Promise<Agent> {
  const agent = newAgent(t);
  await loginAs(t.modules, agent, user);
  return agent;
}

const admins = async () =>
  t.modules.db
    .selectFrom('users')
    .innerJoin('user_role', 'user_role.user_id', 'users.id')
    .innerJoin('permission_role', 'permission_role.role_id', 'user_role.role_id')
    .innerJoin('permissions', 'permissions.id', 'permission_role.permission_id')
    .select('users.id')
    .where('permissions.name', '=', Permission.admin)
    .execute();

describe('the last admins, in two processes', () => {
  let survivor: { user: { id: number; email: string }; agent: Agent };

  it('taking admin from each other at once leaves exactly one admin', async () => {
    const [a, b] = [await createUser(t.modules, { admin: true }), await createUser(t.modules, { admin: true })];
    const [agentA, agentB] = [await signedIn(a), onSecond(await signedIn(b))];
    const users = (await t.modules.users.repos.roles.getDefaultRole())?.id;
    const answers = await Promise.all([
      send(agentA, 'PUT', `${ADMIN_USERS}/${b.id}`, { roles: [users] }),
      send(agentB, 'PUT', `${ADMIN_USERS}/${a.id}`, { roles: [users] }),
    ]);
    const codes = answers.map((r) => r.statusCode);
    // One wins; the other is refused as 409 (no admin would remain) or 403 (it lost admin first).
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 403 || c === 409)).toHaveLength(1);
    const left = (await admins()).map((r) => r.id);
    expect(left).toHaveLength(1);
    survivor = left[0] === a.id ? { user: a, agent: agentA } : { user: b, agent: agentB };
  });

  it('deleting each other at once leaves exactly one admin', async () => {
    const c = await createUser(t.modules, { admin: true });
    const agentC = onSecond(await signedIn(c));
    const answers = await Promise.all([
      send(survivor.agent, 'DELETE', `${ADMIN_USERS}/${c.id}`),
      send(agentC, 'DELETE', `${ADMIN_USERS}/${survivor.user.id}`),
    ]);
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((code) => code === 204)).toHaveLength(1);
    // The other: 409 (nobody would hold admin), or 401 (its caller was deleted first).
    expect(codes.filter((code) => code === 401 || code === 409)).toHaveLength(1);
    expect(await admins()).toHaveLength(1);
  });
});

describe('an enquiry handled in two processes', () => {
  it('keeps a whole audit trail: each change starts from the status the one before left', async () => {
    const staff = await createUser(t.modules, { admin: true });
    const [here, there] = [await signedIn(staff), onSecond(await signedIn(staff))];
    const enquiry = await t.modules.enquiries.repos.enquiries.create({
      kind: 'contact',
      name: 'Mira',
      email: 'mira@example.test',
      mobile_number: '9876543210',
      message: 'Hello from two processes.',
      user_id: null,
      ip_address: '203.0.113.9',
      user_agent: null,
      mailed_at: null,
      created_at: '2026-11-25T10:00:00.000Z',
    });
    const statuses = ['answered', 'archived', 'new'] as const;
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        send(i % 2 ? there : here, 'PUT', `/api/v1/admin/enquiries/${enquiry.id}`, { status: statuses[i % 3] }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    const trail: AuditEntry[] = (
      await here.get(`/api/v1/admin/audit-log?targetType=enquiry&targetId=${enquiry.id}&orderDir=asc&perPage=100`)
    ).json().pagination.data;
    let status = 'new';
    for (const entry of trail) {
      expect((entry.before as { status: string }).status).toBe(status);
      status = (entry.after as { status: string }).status;
    }
    const row = await t.modules.db
      .selectFrom('enquiries')
      .select('status')
      .where('id', '=', enquiry.id)
      .executeTakeFirst();
    expect(row?.status).toBe(status);
  });
});

describe("a role's permissions saved in two processes", () => {
  it('leave one of the sets, whole, and the next request in either process sees it', async () => {
    const staff = await createUser(t.modules, { admin: true });
    const [here, there] = [await signedIn(staff), onSecond(await signedIn(staff))];
    const created = await send(here, 'POST', '/api/v1/admin/roles', { name: 'Two processes', type: 'sitewide' });
    expect(created.statusCode, created.body).toBe(201);
    const role = created.json().role as { id: number };
    const member = await createUser(t.modules);
    await send(here, 'POST', `/api/v1/admin/roles/${role.id}/users`, { ids: [member.id] });
    const memberHere = await signedIn(member);
    const memberThere = onSecond(memberHere);
    const sets = [
      [Permission.adminAccess, Permission.rolesUpdate],
      [Permission.adminAccess, Permission.logsView],
      [Permission.filesView],
    ];
    const grants = (names: string[]) => names.map((name) => ({ name, restrictions: [] }));
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(
        [here, there, here, there].map((agent, i) =>
          send(agent, 'PUT', `/api/v1/admin/roles/${role.id}`, {
            name: 'Two processes',
            type: 'sitewide',
            permissions: grants(sets[(i + round) % 3] ?? []),
          }),
        ),
      );
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      const names = (await here.get(`/api/v1/admin/roles/${role.id}`))
        .json()
        .role.permissions.map((p: { name: string }) => p.name);
      expect(sets.map((set) => [...set].sort())).toContainEqual([...names].sort());
      // Role changes take effect on the member's next request, in either process.
      const expected = names.includes(Permission.rolesUpdate) ? 200 : 403;
      expect((await memberHere.get('/api/v1/admin/roles')).statusCode).toBe(expected);
      expect((await memberThere.get('/api/v1/admin/roles')).statusCode).toBe(expected);
    }
  });
});
