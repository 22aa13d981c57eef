import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COOKIE } from '@kosh/contracts';
import { createAccountsApp, del, enableTwoFactor, hasSession, newAgent, put, signIn } from '../helpers/accounts.ts';
import { createUser, loginAs } from '../helpers/factories.ts';
import type { MailCatcher } from '../helpers/smtp.ts';
import type { Agent, TestApp } from '../helpers/test-app.ts';
import { awayFromStepEdge, totpCode } from '../helpers/totp.ts';
import { Person } from '../shares/sharing.ts';

let t: TestApp;
let mail: MailCatcher;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, mail, close } = await createAccountsApp());
});
afterAll(() => close());

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * The cookie value with one character changed in its top bit: a base64url character's low bits may
 * be padding that decodes to the same bytes, its top bit never is.
 */
const flipped = (value: string, at = Math.floor(value.length / 2)) => {
  const index = BASE64URL.indexOf(value[at]);
  const other = index < 0 ? 'A' : BASE64URL[index ^ 32];
  return value.slice(0, at) + other + value.slice(at + 1);
};

const meOf = async (agent: Agent) => (await agent.get('/api/v1/bootstrap-data')).json().user as { id: number } | null;

async function twoFactorUser() {
  const user = await createUser(t.modules);
  const setup = newAgent(t);
  await signIn(setup, user.email, user.plainPassword);
  const { secret } = await enableTwoFactor(setup, user.plainPassword);
  return { user, secret };
}

describe('session fixation', () => {
  // Class: session fixation (a cookie planted before sign-in never becomes the signed-in session).
  it('replaces a planted unknown session cookie at sign-in, and the planted value stays a visitor', async () => {
    const user = await createUser(t.modules);
    const victim = newAgent(t);
    const planted = 'p'.repeat(43);
    victim.cookies.set(COOKIE.session, planted);
    expect((await signIn(victim, user.email, user.plainPassword)).statusCode).toBe(200);
    expect(victim.cookies.get(COOKIE.session)).not.toBe(planted);
    const attacker = newAgent(t);
    attacker.cookies.set(COOKIE.session, planted);
    expect(await meOf(attacker)).toBeNull();
  });

  it("replaces the attacker's session planted in the victim's browser; it never becomes the victim's", async () => {
    const attackerUser = await createUser(t.modules);
    const victimUser = await createUser(t.modules);
    const attacker = newAgent(t);
    const planted = await loginAs(t.modules, attacker, attackerUser);
    const victim = newAgent(t);
    victim.cookies.set(COOKIE.session, planted);
    await signIn(victim, victimUser.email, victimUser.plainPassword);
    expect(victim.cookies.get(COOKIE.session)).not.toBe(planted);
    expect((await meOf(victim))?.id).toBe(victimUser.id);
    // Signing in ends the session the browser held: the planted token is a visitor now, never the victim.
    expect(await meOf(attacker)).toBeNull();
  });

  it('gives a new session cookie after the two-factor step too', async () => {
    const { user, secret } = await twoFactorUser();
    const victim = newAgent(t);
    const planted = 'q'.repeat(43);
    victim.cookies.set(COOKIE.session, planted);
    await signIn(victim, user.email, user.plainPassword);
    await awayFromStepEdge();
    // The next period's code: setup used the current one, and a used code is refused.
    expect((await victim.post('/auth/two-factor-challenge', { code: await totpCode(secret, 1) })).statusCode).toBe(200);
    expect(victim.cookies.get(COOKIE.session)).not.toBe(planted);
    expect((await meOf(victim))?.id).toBe(user.id);
  });
});

describe('tampered cookies', () => {
  // Class: tampered cookies (session, two-factor flow and link unlock cookies with one byte changed).
  it('treats a session cookie with one byte changed as a visitor', async () => {
    const user = await createUser(t.modules);
    const agent = newAgent(t);
    const token = await loginAs(t.modules, agent, user);
    for (const at of [0, 10, token.length - 1]) {
      agent.cookies.set(COOKIE.session, flipped(token, at));
      expect(await meOf(agent)).toBeNull();
      expect((await agent.get('/api/v1/me')).statusCode).toBe(401);
    }
    agent.cookies.set(COOKIE.session, token);
    expect((await meOf(agent))?.id).toBe(user.id);
  });

  it('refuses a two-factor flow cookie with one byte changed (401), and keeps no session', async () => {
    const { user, secret } = await twoFactorUser();
    const agent = newAgent(t);
    await signIn(agent, user.email, user.plainPassword);
    const flow = agent.cookies.get('kosh_2fa') ?? '';
    expect(flow).not.toBe('');
    for (const at of [1, flow.indexOf('.') - 1, flow.length - 2]) {
      agent.cookies.set('kosh_2fa', flipped(flow, at));
      await awayFromStepEdge();
      const res = await agent.post('/auth/two-factor-challenge', { code: await totpCode(secret) });
      expect(res.statusCode).toBe(401);
      expect(hasSession(agent)).toBe(false);
    }
  });

  it('refuses a link unlock cookie with one byte changed, or one issued for another link', async () => {
    const owner = await Person.create(t);
    const a = await owner.upload('a.txt', 'first secret');
    const b = await owner.upload('b.txt', 'second secret');
    const linkA = await owner.createLink(a.id, { password: 'same password' });
    const linkB = await owner.createLink(b.id, { password: 'same password' });
    const visitor = newAgent(t);
    const unlocked = await visitor.post(`/api/v1/shareable-links/${linkA.hash}/password`, {
      password: 'same password',
    });
    expect(unlocked.json()).toEqual({ passwordInvalid: false });
    const cookie = visitor.cookies.get(`kosh_link_${linkA.hash}`) ?? '';
    expect((await visitor.get(`/api/v1/shareable-links/${linkA.hash}/download`)).body).toBe('first secret');

    const forger = newAgent(t);
    for (const at of [0, Math.floor(cookie.length / 2), cookie.length - 1]) {
      forger.cookies.set(`kosh_link_${linkA.hash}`, flipped(cookie, at));
      expect((await forger.get(`/api/v1/shareable-links/${linkA.hash}/download`)).statusCode).toBe(403);
    }
    // The unlock is bound to its link: the same password elsewhere does not make it a key.
    forger.cookies.clear();
    forger.cookies.set(`kosh_link_${linkB.hash}`, cookie);
    expect((await forger.get(`/api/v1/shareable-links/${linkB.hash}/download`)).statusCode).toBe(403);
  });
});

describe('half-signed-in two-factor state', () => {
  // Class: the half-logged-in 2FA state reaching other routes (password given, code not yet).
  it('leaves the caller a visitor on every other route until the code is given', async () => {
    const { user } = await twoFactorUser();
    const agent = newAgent(t);
    expect((await signIn(agent, user.email, user.plainPassword)).json()).toEqual({ two_factor: true });
    const sessionsBefore = await t.modules.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(await meOf(agent)).toBeNull();
    const calls = [
      agent.get('/api/v1/me'),
      agent.get(`/api/v1/users/${user.id}`),
      agent.get('/api/v1/drive/file-entries'),
      agent.post('/api/v1/folders', { name: 'half' }),
      agent.post('/api/v1/access-tokens', { tokenName: 'half' }),
      agent.get('/api/v1/user-sessions'),
      agent.post('/auth/user/confirm-password', { password: user.plainPassword }),
      agent.get('/auth/user/confirmed-password-status'),
      del(agent, '/auth/user/two-factor-authentication'),
      agent.post('/auth/user/two-factor-recovery-codes'),
      put(agent, '/auth/user/password', {
        current_password: user.plainPassword,
        password: 'a brand new password',
        password_confirmation: 'a brand new password',
      }),
      agent.get('/api/v1/notifications'),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(401);
    const sessionsAfter = await t.modules.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(sessionsAfter).toEqual(sessionsBefore);
    expect(hasSession(agent)).toBe(false);
  });
});

describe('TOTP replay', () => {
  // Class: one-time codes used twice.
  it('refuses a code already used to sign in, in the same browser after signing out', async () => {
    const { user, secret } = await twoFactorUser();
    await awayFromStepEdge();
    const code = await totpCode(secret, 1);
    const agent = newAgent(t);
    await signIn(agent, user.email, user.plainPassword);
    expect((await agent.post('/auth/two-factor-challenge', { code })).statusCode).toBe(200);
    await agent.post('/auth/logout');
    await signIn(agent, user.email, user.plainPassword);
    const again = await agent.post('/auth/two-factor-challenge', { code });
    expect(again.statusCode).toBe(422);
    expect(hasSession(agent)).toBe(false);
  });
});

describe('mass assignment', () => {
  // Class: mass assignment at registration and profile update.
  const extras = {
    id: 1,
    is_admin: true,
    isAdmin: true,
    admin: true,
    roles: [{ id: 1, name: 'admin' }],
    role_id: 1,
    permissions: [{ name: 'admin' }, 'admin', 'users.update'],
    email_verified_at: '2020-01-01T00:00:00.000Z',
    emailVerifiedAt: '2020-01-01T00:00:00.000Z',
    two_factor_confirmed_at: '2020-01-01T00:00:00.000Z',
    available_space: 10 ** 15,
    banned_at: null,
  };

  const accountOf = async (agent: Agent) => {
    const user = (await agent.get('/api/v1/me')).json().user;
    return {
      roles: (user.roles ?? []).map((r: { name: string }) => r.name).sort(),
      permissions: (user.permissions ?? []).map((p: { name: string }) => p.name).sort(),
    };
  };

  it('ignores privileged fields at registration', async () => {
    await t.modules.settings.service.set('registration.disable', false);
    await t.modules.settings.service.set('require_email_confirmation', true);
    const email = `mass-${Date.now()}@example.test`;
    const plain = { password: 'long enough pw', password_confirmation: 'long enough pw' };
    const res = await newAgent(t).post('/auth/register', { email, ...plain, ...extras });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const row = await t.modules.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(row.id).not.toBe(1);
    expect(row.email_verified_at).toBeNull();
    expect(row.two_factor_confirmed_at ?? null).toBeNull();
    const roles = await t.modules.db
      .selectFrom('user_role')
      .innerJoin('roles', 'roles.id', 'user_role.role_id')
      .select('roles.name')
      .where('user_role.user_id', '=', row.id)
      .execute();
    const control = `control-${Date.now()}@example.test`;
    await newAgent(t).post('/auth/register', { email: control, ...plain });
    const controlId = (await t.modules.users.repos.users.getByEmail(control))?.id ?? 0;
    const controlRoles = await t.modules.db
      .selectFrom('user_role')
      .innerJoin('roles', 'roles.id', 'user_role.role_id')
      .select('roles.name')
      .where('user_role.user_id', '=', controlId)
      .execute();
    expect(roles).toEqual(controlRoles);
    const direct = await t.modules.db.selectFrom('permission_user').selectAll().where('user_id', '=', row.id).execute();
    expect(direct).toEqual([]);
    await t.modules.settings.service.set('require_email_confirmation', false);
  });

  it('ignores privileged fields and the email at profile update', async () => {
    const user = await createUser(t.modules);
    const agent = newAgent(t);
    await loginAs(t.modules, agent, user);
    const before = await accountOf(agent);
    const rowBefore = await t.modules.users.repos.users.getById(user.id);
    const res = await put(agent, `/api/v1/users/${user.id}`, {
      first_name: 'Mallory',
      email: 'taken-over@example.test',
      ...extras,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await accountOf(agent)).toEqual(before);
    const row = await t.modules.users.repos.users.getById(user.id);
    expect(row).toEqual({ ...rowBefore, first_name: 'Mallory', updated_at: row?.updated_at });
  });
});

describe('user enumeration', () => {
  // Class: user enumeration by answer body and by timing.
  const TRIES = 7;
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

  async function timed(call: () => Promise<{ statusCode: number; body: string }>) {
    // The per-account and per-address limits would answer 429 before the password check: not what is measured.
    await t.modules.db.deleteFrom('rate_limits').execute();
    const started = performance.now();
    const res = await call();
    return { ms: performance.now() - started, res };
  }

  it('answers login for an unknown address and a wrong password alike, in comparable time', async () => {
    const known = await createUser(t.modules);
    const unknown = 'nobody-enumerated@example.test';
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    for (let i = 0; i < TRIES; i++) {
      const a = await timed(() => signIn(newAgent(t), known.email, 'wrong password 1'));
      const b = await timed(() => signIn(newAgent(t), unknown, 'wrong password 1'));
      expect([b.res.statusCode, b.res.body]).toEqual([a.res.statusCode, a.res.body]);
      knownTimes.push(a.ms);
      unknownTimes.push(b.ms);
    }
    // Without a dummy hash an unknown address answers some 50 times faster; a factor of 3 leaves room for noise.
    const [k, u] = [median(knownTimes), median(unknownTimes)];
    expect(u * 3, `known ${k.toFixed(1)} ms, unknown ${u.toFixed(1)} ms`).toBeGreaterThan(k);
    expect(k * 3, `known ${k.toFixed(1)} ms, unknown ${u.toFixed(1)} ms`).toBeGreaterThan(u);
  });

  it('answers forgot-password for an unknown and a known address alike, in comparable time', async () => {
    const known = await createUser(t.modules);
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    for (let i = 0; i < TRIES; i++) {
      const a = await timed(() => newAgent(t).post('/auth/forgot-password', { email: known.email }));
      const b = await timed(() => newAgent(t).post('/auth/forgot-password', { email: `nobody-${i}@example.test` }));
      expect([b.res.statusCode, b.res.body]).toEqual([a.res.statusCode, a.res.body]);
      knownTimes.push(a.ms);
      unknownTimes.push(b.ms);
    }
    const [k, u] = [median(knownTimes), median(unknownTimes)];
    // The mail goes out after the answer; both paths do the same database work before it.
    expect(Math.max(k, u), `known ${k.toFixed(1)} ms, unknown ${u.toFixed(1)} ms`).toBeLessThan(
      Math.min(k, u) * 5 + 20,
    );
    await mail.waitFor(known.email);
  });

  it('answers resend-email-verification for an unknown and a known address alike', async () => {
    const known = await createUser(t.modules);
    const a = await newAgent(t).post('/api/v1/resend-email-verification', { email: known.email });
    const b = await newAgent(t).post('/api/v1/resend-email-verification', { email: 'nobody-resend@example.test' });
    expect([b.statusCode, b.body]).toEqual([a.statusCode, a.body]);
  });
});
