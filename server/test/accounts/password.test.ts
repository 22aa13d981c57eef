import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, loginAs } from '../helpers/factories.ts';
import { confirmPassword, createAccountsApp, newAgent, put, signIn } from '../helpers/accounts.ts';
import type { MailCatcher } from '../helpers/smtp.ts';
import type { TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let mail: MailCatcher;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, mail, close } = await createAccountsApp({ APP_URL: 'https://drive.example.test' }));
});
afterAll(() => close());

const NEW_PASSWORD = 'a brand new passphrase';

async function requestLink(email: string): Promise<string> {
  const before = mail.messages.length;
  await newAgent(t).post('/auth/forgot-password', { email });
  const link = await mail.resetLinkFor(email, before);
  return link.pathname.split('/').pop()!;
}

describe('POST auth/forgot-password', () => {
  it('mails a reset link on APP_URL to an existing account', async () => {
    const user = await createUser(t.modules);
    const res = await newAgent(t).post('/auth/forgot-password', { email: user.email });
    expect(res.statusCode).toBe(200);
    const link = await mail.resetLinkFor(user.email);
    expect(link.origin).toBe('https://drive.example.test');
    expect(link.pathname).toMatch(/^\/password\/reset\/[A-Za-z0-9_-]{43}$/);
    expect(link.searchParams.get('email')).toBe(user.email);
    const stored = await t.modules.db
      .selectFrom('password_resets')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0].token_hash).not.toContain(link.pathname.split('/').pop());
  });

  it('answers an unknown address exactly as a known one, and sends nothing', async () => {
    const known = await createUser(t.modules);
    const a = await newAgent(t).post('/auth/forgot-password', { email: known.email });
    const b = await newAgent(t).post('/auth/forgot-password', { email: 'nobody-at-all@example.test' });
    expect(b.statusCode).toBe(a.statusCode);
    expect(b.json()).toEqual(a.json());
    await mail.waitFor(known.email);
    await new Promise((r) => setTimeout(r, 200));
    expect(mail.to('nobody-at-all@example.test')).toHaveLength(0);
  });

  it('requires a valid email (422)', async () => {
    expect((await newAgent(t).post('/auth/forgot-password', {})).json().errors.email).toEqual([
      'The email field is required.',
    ]);
    expect((await newAgent(t).post('/auth/forgot-password', { email: 'nope' })).statusCode).toBe(422);
  });

  it('limits requests for one address from one network (429)', async () => {
    const agent = newAgent(t);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await agent.post('/auth/forgot-password', { email: 'flood@example.test' })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await newAgent(t).post('/auth/forgot-password', { email: 'flood@example.test' })).statusCode).toBe(200);
  });
});

describe('POST auth/reset-password', () => {
  it('sets the new password, ends every session and lets the user sign in with it', async () => {
    const user = await createUser(t.modules);
    const other = newAgent(t);
    await loginAs(t.modules, other, user);
    const token = await requestLink(user.email);
    const res = await newAgent(t).post('/auth/reset-password', {
      token,
      email: user.email,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Your password has been reset!');
    expect((await other.get('/api/v1/me')).statusCode).toBe(401);
    expect((await signIn(newAgent(t), user.email, user.plainPassword)).statusCode).toBe(422);
    expect((await signIn(newAgent(t), user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a token used once already', async () => {
    const user = await createUser(t.modules);
    const token = await requestLink(user.email);
    const body = { token, email: user.email, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD };
    expect((await newAgent(t).post('/auth/reset-password', body)).statusCode).toBe(200);
    const again = await newAgent(t).post('/auth/reset-password', {
      ...body,
      password: 'yet another one',
      password_confirmation: 'yet another one',
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.email).toEqual(['This password reset token is invalid.']);
  });

  it('refuses an expired token (older than 60 minutes)', async () => {
    const user = await createUser(t.modules);
    const token = await requestLink(user.email);
    await t.modules.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    const res = await newAgent(t).post('/auth/reset-password', {
      token,
      email: user.email,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email[0]).toMatch(/expired/);
    expect((await signIn(newAgent(t), user.email, user.plainPassword)).statusCode).toBe(200);
  });

  it('stores the expiry 60 minutes ahead', async () => {
    const user = await createUser(t.modules);
    await requestLink(user.email);
    const row = await t.modules.db
      .selectFrom('password_resets')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    const minutes = (Date.parse(row.expires_at) - Date.parse(row.created_at)) / 60_000;
    expect(minutes).toBe(60);
  });

  it('refuses a token given with another address', async () => {
    const user = await createUser(t.modules);
    const someoneElse = await createUser(t.modules);
    const token = await requestLink(user.email);
    const res = await newAgent(t).post('/auth/reset-password', {
      token,
      email: someoneElse.email,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(422);
  });

  it('makes an earlier link stop working when a new one is sent', async () => {
    const user = await createUser(t.modules);
    const first = await requestLink(user.email);
    await requestLink(user.email);
    const res = await newAgent(t).post('/auth/reset-password', {
      token: first,
      email: user.email,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(422);
  });

  it('requires token, email, password and a matching confirmation (422)', async () => {
    const res = await newAgent(t).post('/auth/reset-password', {});
    expect(Object.keys(res.json().errors).sort()).toEqual(['email', 'password', 'password_confirmation', 'token']);
    const mismatch = await newAgent(t).post('/auth/reset-password', {
      token: 'x',
      email: 'a@b.co',
      password: NEW_PASSWORD,
      password_confirmation: 'different!',
    });
    expect(mismatch.json().errors.password_confirmation).toEqual(['The password confirmation does not match.']);
  });
});

describe('PUT auth/user/password', () => {
  it('changes the password and ends the other sessions, keeping this one', async () => {
    const user = await createUser(t.modules);
    const agent = newAgent(t);
    await signIn(agent, user.email, user.plainPassword);
    const other = newAgent(t);
    await signIn(other, user.email, user.plainPassword);
    const res = await put(agent, '/auth/user/password', {
      current_password: user.plainPassword,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect((await agent.get('/api/v1/me')).statusCode).toBe(200);
    expect((await other.get('/api/v1/me')).statusCode).toBe(401);
    expect((await signIn(newAgent(t), user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a wrong current password (422 on current_password)', async () => {
    const user = await createUser(t.modules);
    const agent = newAgent(t);
    await loginAs(t.modules, agent, user);
    const res = await put(agent, '/auth/user/password', {
      current_password: 'wrong one',
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.current_password).toEqual(['The provided password does not match your current password.']);
  });

  it('answers 401 without a session', async () => {
    const res = await put(newAgent(t), '/auth/user/password', {
      current_password: 'x',
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(401);
  });

  it('requires the three fields (422)', async () => {
    const agent = newAgent(t);
    await loginAs(t.modules, agent, await createUser(t.modules));
    const res = await put(agent, '/auth/user/password', {});
    expect(Object.keys(res.json().errors).sort()).toEqual(['current_password', 'password', 'password_confirmation']);
  });
});

describe('password confirmation', () => {
  it('is not confirmed for a fresh session', async () => {
    const agent = newAgent(t);
    await loginAs(t.modules, agent, await createUser(t.modules));
    expect((await agent.get('/auth/user/confirmed-password-status')).json()).toEqual({ confirmed: false });
  });

  it('confirms with the right password, for this session only', async () => {
    const user = await createUser(t.modules);
    const agent = newAgent(t);
    await loginAs(t.modules, agent, user);
    const other = newAgent(t);
    await loginAs(t.modules, other, user);
    const res = await agent.post('/auth/user/confirm-password', { password: user.plainPassword });
    expect(res.statusCode).toBe(200);
    expect((await agent.get('/auth/user/confirmed-password-status?seconds=9000')).json()).toEqual({ confirmed: true });
    expect((await other.get('/auth/user/confirmed-password-status')).json()).toEqual({ confirmed: false });
  });

  it('refuses a wrong password (422 on password)', async () => {
    const agent = newAgent(t);
    await loginAs(t.modules, agent, await createUser(t.modules));
    const res = await agent.post('/auth/user/confirm-password', { password: 'not mine' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.password).toEqual(['The provided password was incorrect.']);
  });

  it('lapses after 9000 seconds, and sooner when asked about fewer', async () => {
    const user = await createUser(t.modules);
    const agent = newAgent(t);
    await loginAs(t.modules, agent, user);
    await confirmPassword(agent, user.plainPassword);
    await t.modules.db
      .updateTable('sessions')
      .set({ password_confirmed_at: new Date(Date.now() - 600_000).toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    expect((await agent.get('/auth/user/confirmed-password-status?seconds=300')).json().confirmed).toBe(false);
    expect((await agent.get('/auth/user/confirmed-password-status?seconds=900')).json().confirmed).toBe(true);
    await t.modules.db
      .updateTable('sessions')
      .set({ password_confirmed_at: new Date(Date.now() - 9001_000).toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    expect((await agent.get('/auth/user/confirmed-password-status?seconds=99999')).json().confirmed).toBe(false);
  });

  it('answers 401 to a visitor and 422 to a bad seconds value', async () => {
    expect((await newAgent(t).get('/auth/user/confirmed-password-status')).statusCode).toBe(401);
    expect((await newAgent(t).post('/auth/user/confirm-password', { password: 'x' })).statusCode).toBe(401);
    const agent = newAgent(t);
    await loginAs(t.modules, agent, await createUser(t.modules));
    expect((await agent.get('/auth/user/confirmed-password-status?seconds=abc')).statusCode).toBe(422);
    expect((await agent.post('/auth/user/confirm-password', {})).json().errors.password).toEqual([
      'The password field is required.',
    ]);
  });

  it('limits guesses (429)', async () => {
    const agent = newAgent(t);
    await loginAs(t.modules, agent, await createUser(t.modules));
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await agent.post('/auth/user/confirm-password', { password: `guess-${i}` })).statusCode);
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);
  });
});
