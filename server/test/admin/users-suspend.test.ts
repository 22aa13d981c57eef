import { randomBytes } from 'node:crypto';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COOKIE } from '@kosh/contracts';
import { sessionIdOf } from '../../src/auth/session-token.ts';
import { createAccountsApp, enableTwoFactor, newAgent, signIn } from '../helpers/accounts.ts';
import { createUser } from '../helpers/factories.ts';
import { awayFromStepEdge, totpCode } from '../helpers/totp.ts';
import type { Agent, TestApp } from '../helpers/test-app.ts';
import { Person } from '../shares/sharing.ts';
import { ADMIN_USERS, auditOf, callersOf, send } from './users-fixtures.ts';

const DAY = 86_400_000;
const SUSPENDED = 'Your account has been suspended.';

let t: TestApp;
let close: () => Promise<void>;
let callers: Awaited<ReturnType<typeof callersOf>>;
let admin: Agent;
let provider: OAuth2Server;
let profile: Record<string, unknown> = {};

beforeAll(async () => {
  ({ t, close } = await createAccountsApp());
  callers = await callersOf(t);
  admin = callers.admin.agent;
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  provider.service.on('beforeUserinfo', (response: { body: unknown }) => {
    response.body = profile;
  });
  const issuer = provider.issuer.url as string;
  for (const [key, value] of Object.entries({
    enable: true,
    client_id: 'koshgoogle',
    client_secret: 'not-so-secret',
    authorize_url: `${issuer}/authorize`,
    token_url: `${issuer}/token`,
    userinfo_url: `${issuer}/userinfo`,
    issuer,
  }))
    await t.modules.settings.service.set(`social.google.${key}`, value);
});
afterAll(async () => {
  await close();
  await provider.stop();
});

const suspend = (id: number, body: Record<string, unknown> = {}, agent = admin) =>
  send(agent, 'POST', `${ADMIN_USERS}/${id}/suspend`, body);
const unsuspend = (id: number, agent = admin) => send(agent, 'POST', `${ADMIN_USERS}/${id}/unsuspend`);
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);

/** An API token of the user, as the Developers page makes them. */
async function tokenOf(userId: number): Promise<Record<string, string>> {
  const token = `kosh_${randomBytes(20).toString('hex')}`;
  await t.modules.db
    .insertInto('personal_access_tokens')
    .values({ user_id: userId, name: 'cli', token_hash: sessionIdOf(token), created_at: new Date().toISOString() })
    .execute();
  return { authorization: `Bearer ${token}` };
}

/** The social sign-in popup through the mock provider; answers the message posted to the opener. */
async function socialLogin(agent: Agent): Promise<{ status: string; callbackData: { errorMessage?: string } }> {
  const start = await agent.get('/secure/auth/social/google/login');
  const atProvider = await fetch(new URL(start.headers.location as string), { redirect: 'manual' });
  const back = new URL(atProvider.headers.get('location') as string);
  const res = await agent.get(`${back.pathname}${back.search}`);
  return JSON.parse(/var message = (\{.*\});/.exec(res.body)?.[1] ?? '{}');
}

describe('POST admin/users/{id}/suspend', () => {
  it('answers 401 and 403 changing nothing, 404 for an unknown user', async () => {
    const user = await createUser(t.modules);
    expect((await suspend(user.id, {}, callers.visitor)).statusCode).toBe(401);
    expect((await suspend(user.id, {}, callers.plain)).statusCode).toBe(403);
    expect((await t.modules.users.repos.users.getById(user.id))?.banned_at).toBeNull();
    expect((await suspend(99999999)).statusCode).toBe(404);
  });

  it('refuses to suspend yourself or a holder of admin', async () => {
    const self = await suspend(callers.staff.user.id, {}, callers.staff.agent);
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe('You cannot suspend your own account.');
    const other = await createUser(t.modules, { admin: true });
    const res = await suspend(other.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/An admin cannot be suspended/);
    expect((await t.modules.users.repos.users.getById(other.id))?.banned_at).toBeNull();
  });

  it.each([
    ['today', { until: day(0) }],
    ['a past day', { until: day(-3) }],
    ['not a date', { until: '31/01/2030' }],
    ['an impossible date', { until: '2030-02-31' }],
  ])('answers 422 for an end date of %s', async (_label, body) => {
    const user = await createUser(t.modules);
    const res = await suspend(user.id, body);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['until']);
  });

  it('answers 422 for a reason over 250 characters', async () => {
    const user = await createUser(t.modules);
    const res = await suspend(user.id, { reason: 'x'.repeat(251) });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['reason']);
  });

  it('ends every session at once and refuses password sign-in with the end date', async () => {
    const user = await createUser(t.modules);
    const [browser, phone] = [newAgent(t), newAgent(t)];
    await signIn(browser, user.email, user.plainPassword);
    await signIn(phone, user.email, user.plainPassword);
    const res = await suspend(user.id, { until: day(5), reason: 'Spam uploads' }, callers.staff.agent);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ ban_reason: 'Spam uploads', banned_until: `${day(5)}T00:00:00.000Z` });
    for (const agent of [browser, phone]) expect((await agent.get('/api/v1/me')).statusCode).toBe(401);
    const refused = await signIn(newAgent(t), user.email, user.plainPassword);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'account_suspended',
      message: expect.stringMatching(/^Your account has been suspended until \w+ \d{1,2}, \d{4}\.$/),
    });
    // A wrong password still says only that the credentials are wrong.
    expect((await signIn(newAgent(t), user.email, 'not the password')).statusCode).toBe(422);
  });

  it('refuses the two-factor step, even for a challenge begun before the suspension', async () => {
    const user = await createUser(t.modules);
    const own = newAgent(t);
    await signIn(own, user.email, user.plainPassword);
    const { secret } = await enableTwoFactor(own, user.plainPassword);
    const login = newAgent(t);
    expect((await signIn(login, user.email, user.plainPassword)).json()).toMatchObject({ two_factor: true });
    expect((await suspend(user.id)).statusCode).toBe(200);
    await awayFromStepEdge();
    // The next period's code: the one that confirmed the setup may not be used again.
    const challenged = await login.post('/auth/two-factor-challenge', { code: await totpCode(secret, 1) });
    expect(challenged.statusCode).toBe(403);
    expect(challenged.json().message).toBe(SUSPENDED);
    expect(login.cookies.has(COOKIE.session)).toBe(false);
    // And a fresh sign-in stops before the code is asked for.
    const again = await signIn(newAgent(t), user.email, user.plainPassword);
    expect(again.statusCode).toBe(403);
  });

  it('refuses social sign-in', async () => {
    const user = await createUser(t.modules);
    const sub = `g-${randomBytes(4).toString('hex')}`;
    const at = new Date().toISOString();
    await t.modules.db
      .insertInto('social_profiles')
      .values({
        user_id: user.id,
        service_name: 'google',
        user_service_id: sub,
        username: null,
        email: user.email,
        created_at: at,
        updated_at: at,
      })
      .execute();
    profile = { sub, email: user.email, email_verified: true, name: 'Ann' };
    expect((await socialLogin(newAgent(t))).status).toBe('SUCCESS');
    expect((await suspend(user.id)).statusCode).toBe(200);
    const agent = newAgent(t);
    const message = await socialLogin(agent);
    expect(message.callbackData.errorMessage).toBe(SUSPENDED);
    expect(agent.cookies.has(COOKIE.session)).toBe(false);
  });

  it('answers API tokens with 401 and the message, and links with 404, until unsuspended', async () => {
    const person = await Person.create(t);
    const bearer = await tokenOf(person.user.id);
    const file = await person.upload('a.txt', 'a');
    const link = await person.createLink(file.id);
    const visitor = newAgent(t);
    expect((await visitor.get(`/api/v1/shareable-links/${link.hash}`)).statusCode).toBe(200);
    expect((await suspend(person.user.id, { until: day(2) })).statusCode).toBe(200);
    const api = await newAgent(t, bearer).get('/api/v1/me');
    expect(api.statusCode).toBe(401);
    expect(api.json().message).toMatch(/^Your account has been suspended until /);
    expect((await visitor.get(`/api/v1/shareable-links/${link.hash}`)).statusCode).toBe(404);
    expect((await visitor.get(`/api/v1/shareable-links/${link.hash}/download`)).statusCode).toBe(404);

    const lifted = await unsuspend(person.user.id, callers.staff.agent);
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(lifted.json().user).toMatchObject({ banned_at: null, banned_until: null, ban_reason: null });
    expect((await newAgent(t, bearer).get('/api/v1/me')).statusCode).toBe(200);
    expect((await visitor.get(`/api/v1/shareable-links/${link.hash}`)).statusCode).toBe(200);
    const user = await t.modules.users.repos.users.getById(person.user.id);
    expect((await signIn(newAgent(t), person.user.email, 'correct horse battery')).statusCode).toBe(200);
    expect(user?.banned_at).toBeNull();
  });

  it('acts as none once its end date has passed', async () => {
    const person = await Person.create(t);
    const bearer = await tokenOf(person.user.id);
    const link = await person.createLink((await person.upload('b.txt', 'b')).id);
    expect((await suspend(person.user.id, { until: day(1) })).statusCode).toBe(200);
    // The day comes.
    await t.modules.users.repos.users.update(person.user.id, {
      banned_until: new Date(Date.now() - 1000).toISOString(),
    });
    expect((await signIn(newAgent(t), person.user.email, 'correct horse battery')).statusCode).toBe(200);
    expect((await newAgent(t, bearer).get('/api/v1/me')).statusCode).toBe(200);
    expect((await newAgent(t).get(`/api/v1/shareable-links/${link.hash}`)).statusCode).toBe(200);
    const shown = (await admin.get(`${ADMIN_USERS}/${person.user.id}`)).json().user;
    expect(shown).toMatchObject({ banned_at: null, banned_until: null });
  });

  it('records the suspension and its lifting with before and after', async () => {
    const user = await createUser(t.modules);
    await suspend(user.id, { reason: 'Abuse' });
    await suspend(user.id, { until: day(9), reason: 'Shorter' });
    await unsuspend(user.id);
    const [second, first] = await auditOf(t, 'user.suspend', user.id);
    expect(JSON.parse(first.before ?? '{}')).toEqual({ suspension: null });
    expect(JSON.parse(first.after ?? '{}')).toEqual({ suspension: { until: null, reason: 'Abuse' } });
    expect(JSON.parse(second.before ?? '{}')).toEqual({ suspension: { until: null, reason: 'Abuse' } });
    expect(JSON.parse(second.after ?? '{}')).toEqual({
      suspension: { until: `${day(9)}T00:00:00.000Z`, reason: 'Shorter' },
    });
    const [lifted] = await auditOf(t, 'user.unsuspend', user.id);
    expect(JSON.parse(lifted.after ?? '{}')).toEqual({ suspension: null });
    // Lifting it again changes nothing and records nothing.
    expect((await unsuspend(user.id)).statusCode).toBe(200);
    expect(await auditOf(t, 'user.unsuspend', user.id)).toHaveLength(1);
  });

  it('leaves one consistent suspension when two staff suspend a user at once', async () => {
    const user = await createUser(t.modules);
    const agent = newAgent(t);
    await signIn(agent, user.email, user.plainPassword);
    const answers = await Promise.all([
      suspend(user.id, { reason: 'first' }),
      suspend(user.id, { until: day(3), reason: 'second' }, callers.staff.agent),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    const row = await t.modules.users.repos.users.getById(user.id);
    const audits = await auditOf(t, 'user.suspend', user.id);
    expect(audits).toHaveLength(2);
    // The row holds what the last recorded suspension says.
    expect(JSON.parse(audits[0].after ?? '{}').suspension).toEqual({
      until: row?.banned_until,
      reason: row?.ban_reason,
    });
    expect((await agent.get('/api/v1/me')).statusCode).toBe(401);
  });

  it('answers 401 and 403 to unsuspend without users.update', async () => {
    const user = await createUser(t.modules);
    await suspend(user.id);
    expect((await unsuspend(user.id, callers.visitor)).statusCode).toBe(401);
    expect((await unsuspend(user.id, callers.plain)).statusCode).toBe(403);
    expect((await t.modules.users.repos.users.getById(user.id))?.banned_at).not.toBeNull();
  });
});
