import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COOKIE, Permission } from '@kosh/contracts';
import { sessionIdOf } from '../../src/auth/session-token.ts';
import { newAgent } from '../helpers/accounts.ts';
import { createUser } from '../helpers/factories.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';
import { ADMIN_USERS, auditOf, grant, send, staffAgent } from './users-fixtures.ts';

const STOP = '/api/v1/admin/impersonation/stop';
const IMPERSONATING = 'Not available while logged in as another user.';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

const impersonate = (agent: Agent, userId: number) => send(agent, 'POST', `${ADMIN_USERS}/${userId}/impersonate`);
const me = async (agent: Agent) => {
  const res = await agent.get('/api/v1/me');
  return res.statusCode === 200 ? res.json().user : res.statusCode;
};
const setCookie = (res: { headers: Record<string, unknown> }, name: string) =>
  ([] as string[])
    .concat((res.headers['set-cookie'] as string[] | string | undefined) ?? [])
    .find((c) => c.startsWith(`${name}=`));

describe('POST admin/users/{id}/impersonate', () => {
  it('is for admins only: 401 for a visitor, 403 for a user and for staff holding users.update', async () => {
    const target = await createUser(t.modules);
    expect((await impersonate(newAgent(t), target.id)).statusCode).toBe(401);
    expect((await impersonate((await staffAgent(t)).agent, target.id)).statusCode).toBe(403);
    const staff = await staffAgent(t, { permissions: [Permission.adminAccess, Permission.usersUpdate] });
    expect((await impersonate(staff.agent, target.id)).statusCode).toBe(403);
    expect(await auditOf(t, 'user.impersonate', target.id)).toEqual([]);
  });

  it('refuses yourself, another admin, a suspended user, an unknown one and an API token', async () => {
    const admin = await staffAgent(t, { admin: true });
    expect((await impersonate(admin.agent, admin.user.id)).statusCode).toBe(403);
    const other = await createUser(t.modules, { admin: true });
    expect((await impersonate(admin.agent, other.id)).json().message).toBe('You cannot log in as another admin.');
    const banned = await createUser(t.modules);
    await t.modules.users.repos.users.update(banned.id, { banned_at: new Date().toISOString() });
    expect((await impersonate(admin.agent, banned.id)).statusCode).toBe(409);
    expect((await impersonate(admin.agent, 99999999)).statusCode).toBe(404);
    const token = `kosh_${randomBytes(20).toString('hex')}`;
    await t.modules.db
      .insertInto('personal_access_tokens')
      .values({
        user_id: admin.user.id,
        name: 'x',
        token_hash: sessionIdOf(token),
        created_at: new Date().toISOString(),
      })
      .execute();
    const target = await createUser(t.modules);
    const viaToken = await newAgent(t, { authorization: `Bearer ${token}` }).post(
      `${ADMIN_USERS}/${target.id}/impersonate`,
    );
    expect(viaToken.statusCode).toBe(403);
    // The admin's own session is untouched by all of it.
    expect((await me(admin.agent)).id).toBe(admin.user.id);
  });

  it("signs the browser in as the user, sets the admin's session aside, and comes back", async () => {
    const admin = await staffAgent(t, { admin: true });
    await t.modules.users.repos.users.update(admin.user.id, { first_name: 'Asha', last_name: 'Rao' });
    const target = await createUser(t.modules);
    const ownToken = admin.agent.cookies.get(COOKIE.session) as string;
    const res = await impersonate(admin.agent, target.id);
    expect(res.statusCode, res.body).toBe(200);
    const impersonator = { id: admin.user.id, email: admin.user.email, name: 'Asha Rao' };
    expect(res.json().bootstrapData.user).toMatchObject({ id: target.id, impersonator });
    const stash = setCookie(res, 'kosh_impersonator') as string;
    expect(stash).toMatch(/HttpOnly/);
    expect(stash).toMatch(/SameSite=Strict/);
    expect(setCookie(res, COOKIE.session)).not.toMatch(/Max-Age/);

    expect(await me(admin.agent)).toMatchObject({ id: target.id, impersonator });
    const boot = (await admin.agent.get('/api/v1/bootstrap-data')).json();
    expect(boot.user).toMatchObject({ id: target.id, impersonator });
    const session = await t.modules.db
      .selectFrom('sessions')
      .select(['impersonator_id', 'expires_at'])
      .where('id', '=', sessionIdOf(admin.agent.cookies.get(COOKIE.session) as string))
      .executeTakeFirstOrThrow();
    expect(session.impersonator_id).toBe(admin.user.id);
    expect(Date.parse(session.expires_at) - Date.now()).toBeLessThanOrEqual(8 * 3600_000);
    // The admin's session lives on under a new token: the one the browser had is worth nothing now.
    const old = newAgent(t);
    old.cookies.set(COOKIE.session, ownToken);
    expect(await me(old)).toBe(401);

    const back = await send(admin.agent, 'POST', STOP);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().bootstrapData.user.id).toBe(admin.user.id);
    expect(back.json().bootstrapData.user.impersonator ?? null).toBeNull();
    expect(admin.agent.cookies.has('kosh_impersonator')).toBe(false);
    expect(await me(admin.agent)).toMatchObject({ id: admin.user.id });
    const left = await t.modules.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', target.id)
      .where('impersonator_id', 'is not', null)
      .execute();
    expect(left).toEqual([]);

    const [started] = await auditOf(t, 'user.impersonate', target.id);
    expect(started).toMatchObject({ actor_id: admin.user.id, impersonator_id: null, target_label: target.email });
    const [stopped] = await auditOf(t, 'user.impersonate_stop', target.id);
    expect(stopped).toMatchObject({ actor_id: admin.user.id, impersonator_id: null });
    expect((await send(admin.agent, 'POST', STOP)).statusCode).toBe(409);
  });

  it('refuses changes to how the account signs in while acting as the user', async () => {
    const admin = await staffAgent(t, { admin: true });
    const target = await createUser(t.modules);
    const token = `kosh_${randomBytes(20).toString('hex')}`;
    const tokenRow = await t.modules.db
      .insertInto('personal_access_tokens')
      .values({ user_id: target.id, name: 'x', token_hash: sessionIdOf(token), created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await impersonate(admin.agent, target.id)).statusCode).toBe(200);
    const password = 'correct horse battery';
    const refused: Array<[string, string, unknown]> = [
      [
        'PUT',
        '/auth/user/password',
        { current_password: password, password: 'x'.repeat(12), password_confirmation: 'x'.repeat(12) },
      ],
      ['POST', '/auth/user/two-factor-authentication', undefined],
      ['DELETE', '/auth/user/two-factor-authentication', undefined],
      ['POST', '/auth/user/two-factor-recovery-codes', undefined],
      ['POST', '/api/v1/access-tokens', { tokenName: 'mine' }],
      ['DELETE', `/api/v1/access-tokens/${tokenRow.id}`, undefined],
      ['POST', '/api/v1/user-sessions/logout-other', { password }],
      ['DELETE', `/api/v1/users/${target.id}`, { deleteCurrentUser: true }],
    ];
    for (const [method, url, body] of refused) {
      const res = await send(admin.agent, method, url, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
      expect(res.json().message).toBe(IMPERSONATING);
    }
    expect(await t.modules.users.repos.users.getById(target.id)).toBeDefined();
    expect(await t.modules.auth.repos.accessTokens.listOfUser(target.id)).toHaveLength(1);
    // Ordinary work goes on.
    expect((await admin.agent.post('/api/v1/folders', { name: 'made by support', parentId: null })).statusCode).toBe(
      201,
    );
  });

  it('records the admin behind changes made as a user who is staff', async () => {
    const admin = await staffAgent(t, { admin: true });
    const helper = await createUser(t.modules);
    await grant(t, helper.id, Permission.usersUpdate);
    const someone = await createUser(t.modules);
    expect((await impersonate(admin.agent, helper.id)).statusCode).toBe(200);
    const res = await send(admin.agent, 'PUT', `${ADMIN_USERS}/${someone.id}`, { first_name: 'Changed' });
    expect(res.statusCode).toBe(200);
    const [row] = await auditOf(t, 'user.update', someone.id);
    expect(row).toMatchObject({
      actor_id: helper.id,
      impersonator_id: admin.user.id,
      impersonator_email: admin.user.email,
    });
  });

  it("logs the browser out on stop when the admin's own session ended meanwhile", async () => {
    const admin = await staffAgent(t, { admin: true });
    const target = await createUser(t.modules);
    expect((await impersonate(admin.agent, target.id)).statusCode).toBe(200);
    await t.modules.db
      .deleteFrom('sessions')
      .where('user_id', '=', admin.user.id)
      .where('impersonator_id', 'is', null)
      .execute();
    const back = await send(admin.agent, 'POST', STOP);
    expect(back.statusCode).toBe(200);
    expect(back.json().bootstrapData.user).toBeNull();
    expect(admin.agent.cookies.has(COOKIE.session)).toBe(false);
    expect(await me(admin.agent)).toBe(401);
  });

  it('ends the session as the user once the admin no longer holds admin', async () => {
    const admin = await staffAgent(t, { admin: true });
    const target = await createUser(t.modules);
    expect((await impersonate(admin.agent, target.id)).statusCode).toBe(200);
    expect((await me(admin.agent)).id).toBe(target.id);
    await t.modules.db.deleteFrom('user_role').where('user_id', '=', admin.user.id).execute();
    expect(await me(admin.agent)).toBe(401);
  });
});
