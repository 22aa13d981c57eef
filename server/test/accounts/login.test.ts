import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COOKIE } from '@kosh/contracts';
import { createUser } from '../helpers/factories.ts';
import { createAccountsApp, enableTwoFactor, hasSession, newAgent, signIn } from '../helpers/accounts.ts';
import { awayFromStepEdge, totpCode } from '../helpers/totp.ts';
import type { TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, close } = await createAccountsApp());
});
afterAll(() => close());

const sessionCookie = (res: { cookies: Array<{ name: string }> }) =>
  res.cookies.find((c) => c.name === COOKIE.session) as
    | { value: string; maxAge?: number; httpOnly?: boolean; sameSite?: string; path?: string }
    | undefined;

describe('POST auth/login', () => {
  it('signs in and answers the bootstrap data of the user', async () => {
    const user = await createUser(t.modules);
    const agent = newAgent(t);
    const res = await signIn(agent, user.email, user.plainPassword);
    expect(res.statusCode).toBe(200);
    expect(res.json().bootstrapData.user.email).toBe(user.email);
    expect((await agent.get('/api/v1/me')).json().user.id).toBe(user.id);
  });

  it('sets a 30-day httpOnly, SameSite=Lax cookie on path / when remember is on', async () => {
    const user = await createUser(t.modules);
    const res = await signIn(newAgent(t), user.email, user.plainPassword, true);
    const cookie = sessionCookie(res)!;
    expect(cookie.maxAge).toBe(30 * 24 * 3600);
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.path).toBe('/');
  });

  it('sets a browser-session cookie when remember is off', async () => {
    const user = await createUser(t.modules);
    const cookie = sessionCookie(await signIn(newAgent(t), user.email, user.plainPassword, false))!;
    expect(cookie.value).toBeTruthy();
    expect(cookie.maxAge).toBeUndefined();
  });

  it('stores one session row per login, keyed by the hash of the cookie', async () => {
    const user = await createUser(t.modules);
    await signIn(newAgent(t), user.email, user.plainPassword);
    await signIn(newAgent(t), user.email, user.plainPassword);
    const rows = await t.modules.db.selectFrom('sessions').selectAll().where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(2);
    expect(rows[0].id).toMatch(/^[a-f0-9]{64}$/);
  });

  it('refuses a wrong password with 422 on email and no session', async () => {
    const user = await createUser(t.modules);
    const agent = newAgent(t);
    const res = await signIn(agent, user.email, 'not the password');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual(['These credentials do not match our records.']);
    expect(hasSession(agent)).toBe(false);
  });

  it('answers an unknown address exactly like a wrong password', async () => {
    const res = await signIn(newAgent(t), 'nobody-here@example.test', 'whatever123');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'These credentials do not match our records.',
      code: 'validation_failed',
      errors: { email: ['These credentials do not match our records.'] },
    });
  });

  it('matches the address case-insensitively', async () => {
    const user = await createUser(t.modules);
    expect((await signIn(newAgent(t), user.email.toUpperCase(), user.plainPassword)).statusCode).toBe(200);
  });

  it('requires email and password (422 per field)', async () => {
    const res = await newAgent(t).post('/auth/login', {});
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual(['The email field is required.']);
    expect(res.json().errors.password).toEqual(['The password field is required.']);
  });

  it('refuses a malformed address', async () => {
    const res = await newAgent(t).post('/auth/login', { email: 'not-an-address', password: 'x' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual(['The email must be a valid email address.']);
  });

  it('limits guesses on one account from one network (429), even the right password from there', async () => {
    const user = await createUser(t.modules);
    const attacker = newAgent(t);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await signIn(attacker, user.email, `wrong-${i}`)).statusCode);
    expect(statuses.slice(0, 5)).toEqual([422, 422, 422, 422, 422]);
    expect(statuses[5]).toBe(429);
    const blocked = await signIn(attacker, user.email, user.plainPassword);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
    expect(blocked.headers['retry-after']).toBeTruthy();
    expect((await signIn(newAgent(t), user.email, user.plainPassword)).statusCode).toBe(200);
  });

  it('limits guesses from one address across accounts (429)', async () => {
    const agent = newAgent(t);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await signIn(agent, `spray-${i}@example.test`, 'password1')).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 422)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('two-factor sign-in', () => {
  async function userWithTwoFactor() {
    const user = await createUser(t.modules);
    const setup = newAgent(t);
    await signIn(setup, user.email, user.plainPassword);
    const { secret, recoveryCodes } = await enableTwoFactor(setup, user.plainPassword);
    return { user, secret, recoveryCodes };
  }

  it('answers two_factor and starts no session until the code is given', async () => {
    const { user } = await userWithTwoFactor();
    const agent = newAgent(t);
    const res = await signIn(agent, user.email, user.plainPassword);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ two_factor: true });
    expect(hasSession(agent)).toBe(false);
    expect(res.cookies.find((c) => c.name === 'kosh_2fa')?.httpOnly).toBe(true);
    expect((await agent.get('/api/v1/me')).statusCode).toBe(401);
  });

  it('signs in with a current authenticator code', async () => {
    const { user, secret } = await userWithTwoFactor();
    const agent = newAgent(t);
    await signIn(agent, user.email, user.plainPassword, true);
    const res = await agent.post('/auth/two-factor-challenge', { code: await totpCode(secret, 1) });
    expect(res.statusCode).toBe(200);
    expect(res.json().bootstrapData.user.id).toBe(user.id);
    expect(sessionCookie(res)?.maxAge).toBe(30 * 24 * 3600);
    expect((await agent.get('/api/v1/me')).statusCode).toBe(200);
  });

  it('refuses a wrong code with 422 on code', async () => {
    const { user, secret } = await userWithTwoFactor();
    const agent = newAgent(t);
    await signIn(agent, user.email, user.plainPassword);
    const good = await totpCode(secret, 1);
    const wrong = String((Number(good) + 1) % 1_000_000).padStart(6, '0');
    const res = await agent.post('/auth/two-factor-challenge', { code: wrong });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.code).toEqual(['The provided two factor authentication code was invalid.']);
    expect(hasSession(agent)).toBe(false);
  });

  it('refuses a code that was already used (no replay)', async () => {
    const { user, secret } = await userWithTwoFactor();
    await awayFromStepEdge();
    const code = await totpCode(secret, 1);
    const first = newAgent(t);
    await signIn(first, user.email, user.plainPassword);
    expect((await first.post('/auth/two-factor-challenge', { code })).statusCode).toBe(200);
    const second = newAgent(t);
    await signIn(second, user.email, user.plainPassword);
    expect((await second.post('/auth/two-factor-challenge', { code })).statusCode).toBe(422);
  });

  it('refuses a code from far outside the one-step window', async () => {
    const { user, secret } = await userWithTwoFactor();
    const agent = newAgent(t);
    await signIn(agent, user.email, user.plainPassword);
    expect((await agent.post('/auth/two-factor-challenge', { code: await totpCode(secret, 4) })).statusCode).toBe(422);
  });

  it('signs in with a recovery code once, and refuses it the second time', async () => {
    const { user, recoveryCodes } = await userWithTwoFactor();
    expect(recoveryCodes).toHaveLength(8);
    const first = newAgent(t);
    await signIn(first, user.email, user.plainPassword);
    expect((await first.post('/auth/two-factor-challenge', { recovery_code: recoveryCodes[0] })).statusCode).toBe(200);
    const second = newAgent(t);
    await signIn(second, user.email, user.plainPassword);
    const reused = await second.post('/auth/two-factor-challenge', { recovery_code: recoveryCodes[0] });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errors.recovery_code).toEqual(['The provided two factor recovery code was invalid.']);
    expect((await second.post('/auth/two-factor-challenge', { recovery_code: recoveryCodes[1] })).statusCode).toBe(200);
  });

  it('checks the shape of code and recovery_code (422)', async () => {
    const agent = newAgent(t);
    expect((await agent.post('/auth/two-factor-challenge', {})).json().errors.code).toEqual([
      'The code field is required.',
    ]);
    expect((await agent.post('/auth/two-factor-challenge', { code: '123' })).json().errors.code).toEqual([
      'The code must be 6 digits.',
    ]);
    expect(
      (await agent.post('/auth/two-factor-challenge', { recovery_code: 'short' })).json().errors.recovery_code,
    ).toEqual(['The recovery code must be 21 characters.']);
  });

  it('answers 401 without a pending sign-in', async () => {
    const res = await newAgent(t).post('/auth/two-factor-challenge', { code: '123456' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Your sign-in attempt has expired. Please log in again.');
  });

  it('answers 401 to a forged challenge cookie', async () => {
    const { user } = await userWithTwoFactor();
    const agent = newAgent(t);
    const forged = Buffer.from(
      JSON.stringify({ uid: user.id, remember: true, p: 'two-factor-challenge', exp: Date.now() + 60_000 }),
    ).toString('base64url');
    agent.cookies.set('kosh_2fa', `${forged}.${'A'.repeat(43)}`);
    expect((await agent.post('/auth/two-factor-challenge', { code: '123456' })).statusCode).toBe(401);
  });

  it('limits code guesses on one account (429)', async () => {
    const { user } = await userWithTwoFactor();
    const agent = newAgent(t);
    await signIn(agent, user.email, user.plainPassword);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await agent.post('/auth/two-factor-challenge', { code: String(100000 + i) })).statusCode);
    expect(statuses.slice(0, 5).every((s) => s === 422)).toBe(true);
    expect(statuses[5]).toBe(429);
  });
});
