import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COOKIE } from '@kosh/contracts';
import { confirmPassword, createAccountsApp, del, newAgent, put, signIn } from '../helpers/accounts.ts';
import { createUser } from '../helpers/factories.ts';
import type { MailCatcher } from '../helpers/smtp.ts';
import type { Agent, TestApp } from '../helpers/test-app.ts';
import { awayFromStepEdge, totpCode } from '../helpers/totp.ts';

let t: TestApp;
let mail: MailCatcher;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, mail, close } = await createAccountsApp());
});
afterAll(() => close());

const meOf = async (agent: Agent) => (await agent.get('/api/v1/bootstrap-data')).json().user as { id: number } | null;
const tokenOf = (agent: Agent) => agent.cookies.get(COOKIE.session);

/** A browser holding only this session token. */
const withToken = (token: string | undefined) => {
  const agent = newAgent(t);
  if (token) agent.cookies.set(COOKIE.session, token);
  return agent;
};

async function signedIn() {
  const user = await createUser(t.modules);
  const agent = newAgent(t);
  expect((await signIn(agent, user.email, user.plainPassword)).statusCode).toBe(200);
  return { user, agent };
}

/** Runs `change` and checks the session moved to a new token: the old one is a visitor, the new one the user. */
async function expectRotated(agent: Agent, userId: number, change: () => Promise<{ statusCode: number }>) {
  const before = tokenOf(agent);
  expect((await change()).statusCode).toBe(200);
  const after = tokenOf(agent);
  expect(after).toBeTruthy();
  expect(after).not.toBe(before);
  expect(await meOf(withToken(before))).toBeNull();
  expect((await meOf(agent))?.id).toBe(userId);
}

describe('session rotation', () => {
  // Class: session fixation and rotation (a token seen before a security change is worth nothing after it).
  it('gives the session a new token on password confirmation; the confirmation stays with it', async () => {
    const { user, agent } = await signedIn();
    await expectRotated(agent, user.id, () =>
      agent.post('/auth/user/confirm-password', { password: user.plainPassword }),
    );
    expect((await agent.get('/auth/user/confirmed-password-status')).json()).toEqual({ confirmed: true });
  });

  it('gives the session a new token on a password change; other sessions end as before', async () => {
    const { user, agent } = await signedIn();
    const other = newAgent(t);
    await signIn(other, user.email, user.plainPassword);
    await expectRotated(agent, user.id, () =>
      put(agent, '/auth/user/password', {
        current_password: user.plainPassword,
        password: 'a new long password',
        password_confirmation: 'a new long password',
      }),
    );
    expect(await meOf(other)).toBeNull();
  });

  it('gives the session a new token when two-factor is enabled, confirmed and disabled', async () => {
    const { user, agent } = await signedIn();
    await confirmPassword(agent, user.plainPassword);
    await expectRotated(agent, user.id, () => agent.post('/auth/user/two-factor-authentication'));
    const { secret } = (await agent.get('/auth/user/two-factor/qr-code')).json() as { secret: string };
    await awayFromStepEdge();
    const code = await totpCode(secret);
    await expectRotated(agent, user.id, () => agent.post('/auth/user/confirmed-two-factor-authentication', { code }));
    await expectRotated(agent, user.id, () => del(agent, '/auth/user/two-factor-authentication'));
  });

  it('keeps a stay-signed-in session a month long after rotation', async () => {
    const user = await createUser(t.modules);
    const agent = newAgent(t);
    await signIn(agent, user.email, user.plainPassword, true);
    const res = await agent.post('/auth/user/confirm-password', { password: user.plainPassword });
    const cookie = res.cookies.find((c: { name: string }) => c.name === COOKIE.session) as { maxAge?: number };
    expect(cookie.maxAge).toBe(30 * 24 * 3600);
  });
});

describe('password reset and API tokens', () => {
  // Class: revocation taking effect (API tokens made with a known password outlive its reset).
  it('revokes every API token of the account on reset, and says the password was reset', async () => {
    const user = await createUser(t.modules);
    const agent = newAgent(t);
    await signIn(agent, user.email, user.plainPassword);
    const { plainTextToken } = (await agent.post('/api/v1/access-tokens', { tokenName: 'cli' })).json();
    const bearer = () =>
      t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${plainTextToken}` } });
    expect((await bearer()).json().user.id).toBe(user.id);
    const before = mail.messages.length;
    await newAgent(t).post('/auth/forgot-password', { email: user.email });
    const token = (await mail.resetLinkFor(user.email, before)).pathname.split('/').pop();
    const res = await newAgent(t).post('/auth/reset-password', {
      token,
      email: user.email,
      password: 'a brand new password',
      password_confirmation: 'a brand new password',
    });
    expect(res.json()).toEqual({ message: 'Your password has been reset!' });
    expect((await bearer()).statusCode).toBe(401);
    const left = await t.modules.db
      .selectFrom('personal_access_tokens')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(left).toEqual([]);
  });
});
