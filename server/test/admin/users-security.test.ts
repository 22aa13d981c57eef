import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type UserSession, Permission } from '@kosh/contracts';
import { sessionIdOf } from '../../src/auth/session-token.ts';
import { createAccountsApp, enableTwoFactor, newAgent, signIn } from '../helpers/accounts.ts';
import { createUser } from '../helpers/factories.ts';
import type { MailCatcher } from '../helpers/smtp.ts';
import type { Agent, TestApp } from '../helpers/test-app.ts';
import { ADMIN_USERS, auditOf, callersOf, send, staffAgent } from './users-fixtures.ts';

const NEW_PASSWORD = 'a brand new passphrase';

let t: TestApp;
let mail: MailCatcher;
let close: () => Promise<void>;
let callers: Awaited<ReturnType<typeof callersOf>>;
let admin: Agent;
let staff: Agent;

beforeAll(async () => {
  ({ t, mail, close } = await createAccountsApp({ APP_URL: 'https://drive.example.test' }));
  callers = await callersOf(t);
  admin = callers.admin.agent;
  staff = callers.staff.agent;
});
afterAll(() => close());

const url = (id: number, rest: string) => `${ADMIN_USERS}/${id}/${rest}`;

/** A user signed in from two browsers through the login page. */
async function signedInTwice() {
  const user = await createUser(t.modules);
  const agents = [newAgent(t), newAgent(t, { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)' })];
  for (const agent of agents) expect((await signIn(agent, user.email, user.plainPassword)).statusCode).toBe(200);
  return { user, agents };
}

async function tokenOf(userId: number, name = 'cli'): Promise<{ id: number; headers: Record<string, string> }> {
  const token = `kosh_${randomBytes(20).toString('hex')}`;
  const row = await t.modules.db
    .insertInto('personal_access_tokens')
    .values({ user_id: userId, name, token_hash: sessionIdOf(token), created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, headers: { authorization: `Bearer ${token}` } };
}

describe('the security tab of a user', () => {
  it('answers 401 and 403 on every call without users.update, changing nothing', async () => {
    const { user, agents } = await signedInTwice();
    const token = await tokenOf(user.id);
    const calls: Array<[string, string]> = [
      ['GET', url(user.id, 'sessions')],
      ['DELETE', url(user.id, 'sessions')],
      ['DELETE', url(user.id, 'two-factor')],
      ['POST', url(user.id, 'password-reset')],
      ['GET', url(user.id, 'access-tokens')],
      ['DELETE', url(user.id, `access-tokens/${token.id}`)],
    ];
    for (const [method, path] of calls) {
      expect((await send(callers.visitor, method, path)).statusCode, `${method} ${path}`).toBe(401);
      expect((await send(callers.plain, method, path)).statusCode, `${method} ${path}`).toBe(403);
      expect((await send(admin, method, path.replace(`/${user.id}/`, '/99999999/'))).statusCode).toBe(404);
    }
    for (const agent of agents) expect((await agent.get('/api/v1/me')).statusCode).toBe(200);
    expect((await newAgent(t, token.headers).get('/api/v1/me')).statusCode).toBe(200);
    // The sign-ins mail a new-device notice; no reset link went out.
    expect(mail.to(user.email).filter((m) => /\/password\/reset\//.test(m.text))).toEqual([]);
  });

  it('lists the live sessions with device, place, address and last activity', async () => {
    const { user } = await signedInTwice();
    const res = await staff.get(url(user.id, 'sessions'));
    expect(res.statusCode).toBe(200);
    const sessions = res.json().sessions as UserSession[];
    expect(sessions).toHaveLength(2);
    expect(sessions.map((s) => s.device_type).sort()).toEqual(['desktop', 'mobile']);
    for (const s of sessions) {
      expect(s).toMatchObject({ ip_address: expect.stringMatching(/^198\.18\./), is_current_device: false });
      expect(s.last_active).toEqual(expect.any(String));
    }
  });

  it('logs the user out everywhere, keeps their API tokens, and records it', async () => {
    const { user, agents } = await signedInTwice();
    const token = await tokenOf(user.id);
    const res = await send(staff, 'DELETE', url(user.id, 'sessions'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ended: 2 });
    for (const agent of agents) expect((await agent.get('/api/v1/me')).statusCode).toBe(401);
    expect((await newAgent(t, token.headers).get('/api/v1/me')).statusCode).toBe(200);
    const [row] = await auditOf(t, 'user.sessions_end', user.id);
    expect(JSON.parse(row.after ?? '{}')).toEqual({ ended: 2 });
  });

  it('turns two-factor sign-in off, notifies the user, and answers 409 when it is off', async () => {
    const user = await createUser(t.modules);
    const own = newAgent(t);
    await signIn(own, user.email, user.plainPassword);
    await enableTwoFactor(own, user.plainPassword);
    expect((await signIn(newAgent(t), user.email, user.plainPassword)).json()).toMatchObject({ two_factor: true });
    const res = await send(staff, 'DELETE', url(user.id, 'two-factor'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.two_factor_enabled).toBe(false);
    const plain = await signIn(newAgent(t), user.email, user.plainPassword);
    expect(plain.statusCode).toBe(200);
    expect(plain.json().two_factor).toBeUndefined();
    const notices = await t.modules.db
      .selectFrom('notifications')
      .select('data')
      .where('user_id', '=', user.id)
      .where('type', '=', 'two-factor-changed')
      .execute();
    // One for turning it on, one for staff turning it off.
    expect(notices).toHaveLength(2);
    expect(notices.some((n) => n.data.includes('off'))).toBe(true);
    const [row] = await auditOf(t, 'user.two_factor_off', user.id);
    expect(JSON.parse(row.before ?? '{}')).toEqual({ two_factor: 'on' });
    expect(`${row.before}${row.after}`).not.toMatch(/secret|recovery/i);
    expect((await send(staff, 'DELETE', url(user.id, 'two-factor'))).statusCode).toBe(409);
  });

  it('mails a password reset link that works', async () => {
    const user = await createUser(t.modules);
    const before = mail.messages.length;
    const res = await send(staff, 'POST', url(user.id, 'password-reset'));
    expect(res.statusCode, res.body).toBe(200);
    const link = await mail.resetLinkFor(user.email, before);
    expect(link.origin).toBe('https://drive.example.test');
    const reset = await newAgent(t).post('/auth/reset-password', {
      token: link.pathname.split('/').pop(),
      email: user.email,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(newAgent(t), user.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect(await auditOf(t, 'user.password_reset_mail', user.id)).toHaveLength(1);
  });

  it('lists API tokens without their secrets and revokes one', async () => {
    const user = await createUser(t.modules);
    const cli = await tokenOf(user.id, 'cli');
    const backup = await tokenOf(user.id, 'backup');
    const stranger = await tokenOf((await createUser(t.modules)).id, 'theirs');
    const listed = await staff.get(url(user.id, 'access-tokens'));
    expect(listed.statusCode).toBe(200);
    expect(listed.json().tokens).toEqual([
      { id: backup.id, name: 'backup', last_used_at: null, created_at: expect.any(String) },
      { id: cli.id, name: 'cli', last_used_at: null, created_at: expect.any(String) },
    ]);
    expect((await send(staff, 'DELETE', url(user.id, `access-tokens/${stranger.id}`))).statusCode).toBe(404);
    expect((await newAgent(t, stranger.headers).get('/api/v1/me')).statusCode).toBe(200);
    expect((await send(staff, 'DELETE', url(user.id, `access-tokens/${cli.id}`))).statusCode).toBe(204);
    expect((await newAgent(t, cli.headers).get('/api/v1/me')).statusCode).toBe(401);
    expect((await newAgent(t, backup.headers).get('/api/v1/me')).statusCode).toBe(200);
    const [row] = await auditOf(t, 'user.token_revoke', user.id);
    expect(JSON.parse(row.before ?? '{}')).toEqual({ token: { id: cli.id, name: 'cli' } });
  });

  it("keeps staff who are not admins off an admin's account, while an admin may act", async () => {
    const other = await staffAgent(t, { admin: true });
    const token = await tokenOf(other.user.id);
    for (const [method, path] of [
      ['DELETE', url(other.user.id, 'sessions')],
      ['POST', url(other.user.id, 'password-reset')],
      ['DELETE', url(other.user.id, `access-tokens/${token.id}`)],
    ] as const) {
      const res = await send(staff, method, path);
      expect(res.statusCode, `${method} ${path}`).toBe(403);
    }
    expect((await other.agent.get('/api/v1/me')).statusCode).toBe(200);
    expect((await send(admin, 'DELETE', url(other.user.id, `access-tokens/${token.id}`))).statusCode).toBe(204);
    const holder = await staffAgent(t, { permissions: [Permission.usersUpdate] });
    expect((await send(holder.agent, 'DELETE', url(other.user.id, 'sessions'))).statusCode).toBe(403);
  });
});
