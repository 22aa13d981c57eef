import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, loginAs } from '../helpers/factories.ts';
import { confirmPassword, createAccountsApp, newAgent, signIn } from '../helpers/accounts.ts';
import type { TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, close } = await createAccountsApp());
});
afterAll(() => close());

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
  'Version/17.4 Mobile/15E148 Safari/604.1';
const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
  'Version/16.6 Mobile/15E148 Safari/604.1';

describe('GET user-sessions', () => {
  it('lists each login with device, platform, browser, address and the current device', async () => {
    const user = await createUser(t.modules);
    const desktop = newAgent(t);
    await signIn(desktop, user.email, user.plainPassword);
    await signIn(newAgent(t, { 'user-agent': IPHONE }), user.email, user.plainPassword);
    await signIn(newAgent(t, { 'user-agent': IPAD }), user.email, user.plainPassword);
    const res = await desktop.get('/api/v1/user-sessions');
    expect(res.statusCode).toBe(200);
    const sessions = res.json().sessions as Array<Record<string, unknown>>;
    expect(sessions).toHaveLength(3);
    const current = sessions.filter((s) => s.is_current_device);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({ device_type: 'desktop', platform: 'Linux', browser: 'Chrome' });
    expect(current[0].ip_address).toMatch(/^198\.18\./);
    expect(sessions.find((s) => s.device_type === 'mobile')).toMatchObject({
      platform: 'iOS',
      browser: 'Mobile Safari',
    });
    expect(sessions.find((s) => s.device_type === 'tablet')).toBeTruthy();
    expect(JSON.stringify(sessions)).not.toContain('user_agent');
  });

  it('locates a public address offline, and leaves loopback unlocated', async () => {
    const user = await createUser(t.modules);
    const abroad = newAgent(t, { 'x-forwarded-for': '81.2.69.142' });
    await signIn(abroad, user.email, user.plainPassword);
    const local = newAgent(t, { 'x-forwarded-for': '127.0.0.1' });
    await signIn(local, user.email, user.plainPassword);
    const sessions = (await local.get('/api/v1/user-sessions')).json().sessions as Array<Record<string, unknown>>;
    expect(sessions.find((s) => s.ip_address === '81.2.69.142')).toMatchObject({ country: 'United Kingdom' });
    expect(sessions.find((s) => s.ip_address === '81.2.69.142')?.city).toEqual(expect.any(String));
    expect(sessions.find((s) => s.ip_address === '127.0.0.1')).toMatchObject({ city: null, country: null });
  });

  it("never lists another user's sessions", async () => {
    const a = await createUser(t.modules);
    const b = await createUser(t.modules);
    await signIn(newAgent(t), b.email, b.plainPassword);
    const agent = newAgent(t);
    await signIn(agent, a.email, a.plainPassword);
    expect((await agent.get('/api/v1/user-sessions')).json().sessions).toHaveLength(1);
  });

  it('answers 401 to a visitor', async () => {
    expect((await newAgent(t).get('/api/v1/user-sessions')).statusCode).toBe(401);
  });
});

describe('POST user-sessions/logout-other', () => {
  it('ends every other session and keeps this one', async () => {
    const user = await createUser(t.modules);
    const agent = newAgent(t);
    await signIn(agent, user.email, user.plainPassword);
    const other = newAgent(t);
    await signIn(other, user.email, user.plainPassword);
    await confirmPassword(agent, user.plainPassword);
    const res = await agent.post('/api/v1/user-sessions/logout-other', { password: user.plainPassword });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Logged out other sessions.');
    expect((await other.get('/api/v1/me')).statusCode).toBe(401);
    expect((await agent.get('/api/v1/user-sessions')).json().sessions).toHaveLength(1);
  });

  it('needs a recent password confirmation (423)', async () => {
    const user = await createUser(t.modules);
    const agent = newAgent(t);
    await loginAs(t.modules, agent, user);
    const other = newAgent(t);
    await loginAs(t.modules, other, user);
    const res = await agent.post('/api/v1/user-sessions/logout-other', { password: user.plainPassword });
    expect(res.statusCode).toBe(423);
    expect((await other.get('/api/v1/me')).statusCode).toBe(200);
  });

  it('refuses a wrong password (422 on password)', async () => {
    const user = await createUser(t.modules);
    const agent = newAgent(t);
    await loginAs(t.modules, agent, user);
    await confirmPassword(agent, user.plainPassword);
    const res = await agent.post('/api/v1/user-sessions/logout-other', { password: 'wrong' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.password).toEqual(['This password does not match our records.']);
  });

  it('requires the password field (422) and a session (401)', async () => {
    const agent = newAgent(t);
    await loginAs(t.modules, agent, await createUser(t.modules));
    expect((await agent.post('/api/v1/user-sessions/logout-other', {})).json().errors.password).toEqual([
      'The password field is required.',
    ]);
    expect((await newAgent(t).post('/api/v1/user-sessions/logout-other', { password: 'x' })).statusCode).toBe(401);
  });
});
