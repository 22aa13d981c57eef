import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, loginAs } from '../helpers/factories.ts';
import { confirmPassword, createAccountsApp, del, enableTwoFactor, newAgent, signIn } from '../helpers/accounts.ts';
import { awayFromStepEdge, totpCode } from '../helpers/totp.ts';
import type { Agent, TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, close } = await createAccountsApp());
});
afterAll(() => close());

async function signedIn(confirmed = true): Promise<{ agent: Agent; user: Awaited<ReturnType<typeof createUser>> }> {
  const user = await createUser(t.modules);
  const agent = newAgent(t);
  await loginAs(t.modules, agent, user);
  if (confirmed) await confirmPassword(agent, user.plainPassword);
  return { agent, user };
}

const me = async (agent: Agent) => (await agent.get('/api/v1/me')).json().user;

describe('two-factor setup', () => {
  it('needs a recent password confirmation for every change (423)', async () => {
    const { agent } = await signedIn(false);
    for (const res of [
      await agent.post('/auth/user/two-factor-authentication'),
      await agent.get('/auth/user/two-factor/qr-code'),
      await agent.post('/auth/user/confirmed-two-factor-authentication', { code: '123456' }),
      await agent.post('/auth/user/two-factor-recovery-codes'),
      await del(agent, '/auth/user/two-factor-authentication'),
    ]) {
      expect(res.statusCode).toBe(423);
      expect(res.json().message).toBe('Password confirmation required.');
    }
  });

  it('answers 401 to a visitor', async () => {
    expect((await newAgent(t).post('/auth/user/two-factor-authentication')).statusCode).toBe(401);
  });

  it('enabling makes it pending: 8 recovery codes of 21 characters shown to the owner, not confirmed', async () => {
    const { agent } = await signedIn();
    expect((await agent.post('/auth/user/two-factor-authentication')).statusCode).toBe(200);
    const user = await me(agent);
    expect(user.two_factor_confirmed_at).toBeNull();
    expect(user.two_factor_recovery_codes).toHaveLength(8);
    for (const code of user.two_factor_recovery_codes) expect(code).toHaveLength(21);
  });

  it('stores the secret and the codes encrypted', async () => {
    const { agent, user } = await signedIn();
    await agent.post('/auth/user/two-factor-authentication');
    const { secret } = (await agent.get('/auth/user/two-factor/qr-code')).json();
    const row = await t.modules.users.repos.users.getById(user.id);
    expect(row!.two_factor_secret).not.toContain(secret);
    const codes = (await me(agent)).two_factor_recovery_codes as string[];
    for (const code of codes) expect(row!.two_factor_recovery_codes).not.toContain(code);
  });

  it('answers a QR code SVG and the setup key while pending', async () => {
    const { agent } = await signedIn();
    await agent.post('/auth/user/two-factor-authentication');
    const res = await agent.get('/auth/user/two-factor/qr-code');
    expect(res.statusCode).toBe(200);
    expect(res.json().svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(res.json().secret).toMatch(/^[A-Z2-7]{16,}$/);
  });

  it('answers 409 for a QR code before enabling', async () => {
    const { agent } = await signedIn();
    expect((await agent.get('/auth/user/two-factor/qr-code')).statusCode).toBe(409);
  });

  it('confirms with a current code', async () => {
    const { agent } = await signedIn();
    await agent.post('/auth/user/two-factor-authentication');
    const { secret } = (await agent.get('/auth/user/two-factor/qr-code')).json();
    await awayFromStepEdge();
    const res = await agent.post('/auth/user/confirmed-two-factor-authentication', { code: await totpCode(secret) });
    expect(res.statusCode).toBe(200);
    expect((await me(agent)).two_factor_confirmed_at).toBeTruthy();
  });

  it('refuses a wrong code at confirmation (422) and stays pending', async () => {
    const { agent } = await signedIn();
    await agent.post('/auth/user/two-factor-authentication');
    const { secret } = (await agent.get('/auth/user/two-factor/qr-code')).json();
    const wrong = await totpCode(secret, 10);
    const res = await agent.post('/auth/user/confirmed-two-factor-authentication', { code: wrong });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.code).toEqual(['The provided two factor authentication code was invalid.']);
    expect((await me(agent)).two_factor_confirmed_at).toBeNull();
  });

  it('checks the confirmation code shape (422)', async () => {
    const { agent } = await signedIn();
    expect((await agent.post('/auth/user/confirmed-two-factor-authentication', {})).json().errors.code).toEqual([
      'The code field is required.',
    ]);
    expect(
      (await agent.post('/auth/user/confirmed-two-factor-authentication', { code: '12345' })).json().errors.code,
    ).toEqual(['The code must be 6 characters.']);
    expect(
      (await agent.post('/auth/user/confirmed-two-factor-authentication', { code: 'abcdef' })).json().errors.code,
    ).toEqual(['The code must contain only digits.']);
  });

  it('never shows the secret again once enabled', async () => {
    const { agent, user } = await signedIn();
    const { secret } = await enableTwoFactor(agent, user.plainPassword);
    expect((await agent.get('/auth/user/two-factor/qr-code')).statusCode).toBe(409);
    const pages = [
      (await agent.get('/api/v1/me')).body,
      (await agent.get('/api/v1/bootstrap-data')).body,
      (await agent.get(`/api/v1/users/${user.id}`)).body,
    ];
    for (const body of pages) {
      expect(body).not.toContain(secret);
      expect(body).not.toContain('two_factor_secret');
    }
  });

  it('shows the recovery codes of an enabled account only within a password confirmation', async () => {
    const { agent, user } = await signedIn();
    await enableTwoFactor(agent, user.plainPassword);
    expect((await me(agent)).two_factor_recovery_codes).toHaveLength(8);
    await t.modules.db
      .updateTable('sessions')
      .set({ password_confirmed_at: null })
      .where('user_id', '=', user.id)
      .execute();
    expect((await me(agent)).two_factor_recovery_codes).toBeUndefined();
  });

  it('never shows recovery codes to an administrator looking at the user', async () => {
    const { agent, user } = await signedIn();
    await enableTwoFactor(agent, user.plainPassword);
    const admin = newAgent(t);
    const adminUser = await createUser(t.modules, { admin: true });
    await loginAs(t.modules, admin, adminUser);
    await confirmPassword(admin, adminUser.plainPassword);
    const seen = (await admin.get(`/api/v1/users/${user.id}`)).json().user;
    expect(seen.two_factor_confirmed_at).toBeTruthy();
    expect(seen.two_factor_recovery_codes).toBeUndefined();
    expect(seen.tokens).toBeUndefined();
  });

  it('regenerates the recovery codes', async () => {
    const { agent, user } = await signedIn();
    const { recoveryCodes } = await enableTwoFactor(agent, user.plainPassword);
    expect((await agent.post('/auth/user/two-factor-recovery-codes')).statusCode).toBe(200);
    const fresh = (await me(agent)).two_factor_recovery_codes as string[];
    expect(fresh).toHaveLength(8);
    expect(fresh.some((c) => recoveryCodes.includes(c))).toBe(false);
    const login = newAgent(t);
    await signIn(login, user.email, user.plainPassword);
    expect((await login.post('/auth/two-factor-challenge', { recovery_code: recoveryCodes[0] })).statusCode).toBe(422);
  });

  it('answers 409 when regenerating codes without two-factor', async () => {
    const { agent } = await signedIn();
    expect((await agent.post('/auth/user/two-factor-recovery-codes')).statusCode).toBe(409);
  });

  it('refuses to enable twice (409)', async () => {
    const { agent, user } = await signedIn();
    await enableTwoFactor(agent, user.plainPassword);
    expect((await agent.post('/auth/user/two-factor-authentication')).statusCode).toBe(409);
  });

  it('disables: sign-in asks for no code afterwards', async () => {
    const { agent, user } = await signedIn();
    await enableTwoFactor(agent, user.plainPassword);
    const res = await del(agent, '/auth/user/two-factor-authentication');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Two factor authentication has been disabled.');
    const row = await t.modules.users.repos.users.getById(user.id);
    expect([row!.two_factor_secret, row!.two_factor_recovery_codes, row!.two_factor_confirmed_at]).toEqual([
      null,
      null,
      null,
    ]);
    expect((await signIn(newAgent(t), user.email, user.plainPassword)).json().bootstrapData.user.id).toBe(user.id);
  });
});
