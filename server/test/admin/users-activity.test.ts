import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COOKIE } from '@kosh/contracts';
import { sessionIdOf } from '../../src/auth/session-token.ts';
import { newAgent, signIn } from '../helpers/accounts.ts';
import { createUser } from '../helpers/factories.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';
import { ADMIN_USERS, send, staffAgent } from './users-fixtures.ts';

const LONG_AGO = '2020-01-01T00:00:00.000Z';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

const lastActive = async (userId: number) => (await t.modules.users.repos.users.getById(userId))?.last_active_at;
const setLastActive = (userId: number, at: string | null) =>
  t.modules.users.repos.users.update(userId, { last_active_at: at });
/** Moves the browser's session back in time, so its next call is more than a minute after the last. */
const ageSession = (agent: Agent) =>
  t.modules.db
    .updateTable('sessions')
    .set({ last_active: LONG_AGO })
    .where('id', '=', sessionIdOf(agent.cookies.get(COOKIE.session) as string))
    .execute();
const recent = (iso: string | null | undefined) => Boolean(iso) && Date.now() - Date.parse(iso as string) < 60_000;

describe("a user's last activity (users.last_active_at)", () => {
  it('is written at sign-in, then with the session touch at most once a minute', async () => {
    const user = await createUser(t.modules);
    expect(await lastActive(user.id)).toBeNull();
    const agent = newAgent(t);
    expect((await signIn(agent, user.email, user.plainPassword)).statusCode).toBe(200);
    expect(recent(await lastActive(user.id))).toBe(true);
    // Within the minute: nothing written.
    await setLastActive(user.id, LONG_AGO);
    await agent.get('/api/v1/me');
    expect(await lastActive(user.id)).toBe(LONG_AGO);
    // Past it: written again.
    await ageSession(agent);
    await agent.get('/api/v1/me');
    expect(recent(await lastActive(user.id))).toBe(true);
  });

  it('is written when an API token is used, at most once a minute', async () => {
    const user = await createUser(t.modules);
    const token = `kosh_${randomBytes(20).toString('hex')}`;
    await t.modules.db
      .insertInto('personal_access_tokens')
      .values({ user_id: user.id, name: 'cli', token_hash: sessionIdOf(token), created_at: new Date().toISOString() })
      .execute();
    const api = newAgent(t, { authorization: `Bearer ${token}` });
    await api.get('/api/v1/me');
    expect(recent(await lastActive(user.id))).toBe(true);
    await setLastActive(user.id, LONG_AGO);
    await api.get('/api/v1/me');
    expect(await lastActive(user.id)).toBe(LONG_AGO);
  });

  it('is not written by staff acting as the user', async () => {
    const admin = await staffAgent(t, { admin: true });
    const user = await createUser(t.modules);
    const res = await send(admin.agent, 'POST', `${ADMIN_USERS}/${user.id}/impersonate`);
    expect(res.statusCode).toBe(200);
    await ageSession(admin.agent);
    expect((await admin.agent.get('/api/v1/me')).json().user.id).toBe(user.id);
    expect(await lastActive(user.id)).toBeNull();
  });

  it('shows in the admin users list', async () => {
    const admin = await staffAgent(t, { admin: true });
    const user = await createUser(t.modules);
    const agent = newAgent(t);
    await signIn(agent, user.email, user.plainPassword);
    const list = await admin.agent.get(`${ADMIN_USERS}?query=${encodeURIComponent(user.email)}`);
    expect(recent(list.json().pagination.data[0].last_active_at)).toBe(true);
  });
});
