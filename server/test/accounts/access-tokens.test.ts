import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, loginAs } from '../helpers/factories.ts';
import { createAccountsApp, del, newAgent } from '../helpers/accounts.ts';
import { sessionIdOf } from '../../src/auth/session-token.ts';
import type { Agent, TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, close } = await createAccountsApp());
});
afterAll(() => close());

async function signedIn(): Promise<{ agent: Agent; user: Awaited<ReturnType<typeof createUser>> }> {
  const user = await createUser(t.modules);
  const agent = newAgent(t);
  await loginAs(t.modules, agent, user);
  return { agent, user };
}

describe('POST access-tokens', () => {
  it('answers the token and its plain text once, and stores only the hash', async () => {
    const { agent, user } = await signedIn();
    const res = await agent.post('/api/v1/access-tokens', { tokenName: 'CI deploys' });
    expect(res.statusCode).toBe(200);
    const { token, plainTextToken } = res.json();
    expect(token).toEqual({
      id: expect.any(Number),
      name: 'CI deploys',
      last_used_at: null,
      created_at: expect.any(String),
    });
    expect(plainTextToken).toMatch(/^kosh_[A-Za-z0-9_-]{40}$/);
    const row = await t.modules.auth.repos.accessTokens.getByHash(sessionIdOf(plainTextToken));
    expect(row?.user_id).toBe(user.id);
    const all = await t.modules.db
      .selectFrom('personal_access_tokens')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(JSON.stringify(all)).not.toContain(plainTextToken);
    const me = (await agent.get('/api/v1/me')).json().user;
    expect(me.tokens).toEqual([{ id: token.id, name: 'CI deploys', last_used_at: null, created_at: token.created_at }]);
    expect(JSON.stringify(me)).not.toContain(plainTextToken);
  });

  it('gives a token that works as a bearer and records its use', async () => {
    const { agent, user } = await signedIn();
    const { plainTextToken, token } = (await agent.post('/api/v1/access-tokens', { tokenName: 'cli' })).json();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${plainTextToken}` },
    });
    expect(res.json().user.id).toBe(user.id);
    const row = await t.modules.db
      .selectFrom('personal_access_tokens')
      .select('last_used_at')
      .where('id', '=', token.id)
      .executeTakeFirstOrThrow();
    expect(row.last_used_at).toBeTruthy();
  });

  it('requires a token name (422)', async () => {
    const { agent } = await signedIn();
    const res = await agent.post('/api/v1/access-tokens', { tokenName: '   ' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.tokenName).toEqual(['The token name field is required.']);
  });

  it('answers 401 to a visitor', async () => {
    expect((await newAgent(t).post('/api/v1/access-tokens', { tokenName: 'x' })).statusCode).toBe(401);
  });

  it('refuses when the API is not integrated (403)', async () => {
    const { agent } = await signedIn();
    await t.modules.settings.service.set('api.integrated', false);
    try {
      const res = await agent.post('/api/v1/access-tokens', { tokenName: 'x' });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('API access is not enabled on this site.');
    } finally {
      await t.modules.settings.service.set('api.integrated', true);
    }
  });

  it('refuses a user without permission api.access (403)', async () => {
    const { agent, user } = await signedIn();
    const usersRole = await t.modules.users.repos.roles.getByName('users');
    const plain = await t.modules.db
      .insertInto('roles')
      .values({
        name: `no-api-${user.id}`,
        description: null,
        is_default: 0,
        is_guest: 0,
        created_at: 'now',
        updated_at: 'now',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.modules.db
      .deleteFrom('user_role')
      .where('user_id', '=', user.id)
      .where('role_id', '=', usersRole!.id)
      .execute();
    await t.modules.users.repos.roles.assignRole(user.id, plain.id, new Date().toISOString());
    expect((await agent.post('/api/v1/access-tokens', { tokenName: 'x' })).statusCode).toBe(403);
  });
});

describe('DELETE access-tokens/{id}', () => {
  it('deletes one of your tokens, which then stops working', async () => {
    const { agent } = await signedIn();
    const { plainTextToken, token } = (await agent.post('/api/v1/access-tokens', { tokenName: 'old' })).json();
    const res = await del(agent, `/api/v1/access-tokens/${token.id}`);
    expect(res.statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${plainTextToken}` },
    });
    expect(after.statusCode).toBe(401);
  });

  it("answers 404 for another user's token and leaves it", async () => {
    const owner = await signedIn();
    const { token, plainTextToken } = (await owner.agent.post('/api/v1/access-tokens', { tokenName: 'mine' })).json();
    const { agent } = await signedIn();
    expect((await del(agent, `/api/v1/access-tokens/${token.id}`)).statusCode).toBe(404);
    expect(await t.modules.auth.repos.accessTokens.getByHash(sessionIdOf(plainTextToken))).toBeTruthy();
  });

  it('answers 422 for an id that is not a number and 401 to a visitor', async () => {
    const { agent } = await signedIn();
    expect((await del(agent, '/api/v1/access-tokens/abc')).statusCode).toBe(422);
    expect((await del(newAgent(t), '/api/v1/access-tokens/1')).statusCode).toBe(401);
  });
});
