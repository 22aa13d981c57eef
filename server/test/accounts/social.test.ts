import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OAuth2Server } from 'oauth2-mock-server';
import { COOKIE } from '@kosh/contracts';
import { createUser, loginAs } from '../helpers/factories.ts';
import { confirmPassword, createAccountsApp, enableTwoFactor, newAgent, signIn } from '../helpers/accounts.ts';
import type { Agent, TestApp } from '../helpers/test-app.ts';
import { Person } from '../shares/sharing.ts';

let t: TestApp;
let close: () => Promise<void>;
let provider: OAuth2Server;
/** What the provider's userinfo endpoint answers next. */
let profile: Record<string, unknown> = {};

beforeAll(async () => {
  ({ t, close } = await createAccountsApp());
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  provider.service.on('beforeUserinfo', (response: { body: unknown }) => {
    response.body = profile;
  });
});
afterAll(async () => {
  await close();
  await provider.stop();
});

beforeEach(async () => {
  const issuer = provider.issuer.url!;
  for (const service of ['google', 'twitter']) {
    for (const [key, value] of Object.entries({
      enable: true,
      // Letters only: the mock does not URL-decode HTTP Basic credentials as RFC 6749 asks, so a dash would not match.
      client_id: `kosh${service}`,
      client_secret: 'not-so-secret',
      authorize_url: `${issuer}/authorize`,
      token_url: `${issuer}/token`,
      userinfo_url: `${issuer}/userinfo`,
      issuer,
    })) {
      await t.modules.settings.service.set(`social.${service}.${key}`, value);
    }
  }
  await t.modules.settings.service.set('registration.disable', false);
});

let n = 0;
const googleProfile = (overrides: Record<string, unknown> = {}) => ({
  sub: `g-${Date.now()}-${n++}`,
  email: `social-${Date.now()}-${n}@example.test`,
  email_verified: true,
  name: 'Asha Rao',
  ...overrides,
});

type PopupMessage = {
  type: string;
  status: string;
  callbackData: {
    bootstrapData?: { user: { id: number; email: string; social_profiles: unknown[] } };
    errorMessage?: string;
  };
};

function readPopup(html: string): PopupMessage {
  const json = /var message = (\{.*\});/.exec(html)?.[1];
  if (!json) throw new Error(`No popup message in: ${html.slice(0, 300)}`);
  return JSON.parse(json) as PopupMessage;
}

/** Runs the popup: our login/connect route, the provider's authorize redirect, then our callback. */
async function popup(
  agent: Agent,
  service: string,
  mode: 'login' | 'connect',
): Promise<{ message: PopupMessage; html: string; csp: string }> {
  const start = await agent.get(`/secure/auth/social/${service}/${mode}`);
  if (start.statusCode !== 302)
    return { message: readPopup(start.body), html: start.body, csp: String(start.headers['content-security-policy']) };
  const authorize = new URL(start.headers.location as string);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  const atProvider = await fetch(authorize, { redirect: 'manual' });
  const back = new URL(atProvider.headers.get('location')!);
  const res = await agent.get(`${back.pathname}${back.search}`);
  expect(res.statusCode).toBe(200);
  return { message: readPopup(res.body), html: res.body, csp: String(res.headers['content-security-policy']) };
}

describe('social sign-in popup', () => {
  it('redirects to the provider with state and PKCE', async () => {
    const res = await newAgent(t).get('/secure/auth/social/google/login');
    expect(res.statusCode).toBe(302);
    const url = new URL(res.headers.location as string);
    expect(url.origin).toBe(provider.issuer.url);
    expect(url.searchParams.get('client_id')).toBe('koshgoogle');
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('code_challenge')).toBeTruthy();
    expect(url.searchParams.get('redirect_uri')).toMatch(/\/secure\/auth\/social\/google\/callback$/);
  });

  it('creates an account for a new address, links it and signs in (SUCCESS)', async () => {
    profile = googleProfile();
    const agent = newAgent(t);
    const { message, html, csp } = await popup(agent, 'google', 'login');
    expect(message.type).toBe('social-auth');
    expect(message.status).toBe('SUCCESS');
    expect(message.callbackData.bootstrapData!.user.email).toBe(profile.email);
    expect(message.callbackData.bootstrapData!.user.social_profiles).toEqual([
      { service_name: 'google', username: 'Asha Rao' },
    ]);
    expect(agent.cookies.has(COOKIE.session)).toBe(true);
    const nonce = /<script nonce="([^"]+)">/.exec(html)![1];
    expect(csp).toContain(`'nonce-${nonce}'`);
    const row = await t.modules.users.repos.users.getByEmail(profile.email as string);
    expect(row!.email_verified_at).toBeTruthy();
  });

  it('gives a new account the shares its address was invited to when the provider vouches for it', async () => {
    const owner = await Person.create(t, { first_name: 'Asha' });
    const plans = await owner.folder('Plans');
    const email = `social-invitee-${Date.now()}@example.test`;
    expect((await owner.share([plans.id], [email], 'view')).results).toEqual([{ email, ok: true, invited: true }]);
    profile = googleProfile({ email });
    const agent = newAgent(t);
    expect((await popup(agent, 'google', 'login')).message.status).toBe('SUCCESS');
    const shared = await agent.get('/api/v1/drive/file-entries?section=shares');
    expect(shared.json().data.map((e: { name: string; permission: string }) => [e.name, e.permission])).toEqual([
      ['Plans', 'view'],
    ]);
    const access = (await owner.agent.get(`/api/v1/file-entries/${plans.id}/shares`)).json();
    expect(access.people[0]).toMatchObject({ email, status: 'active' });
  });

  it('keeps the invitation waiting when the provider does not vouch for the address', async () => {
    const owner = await Person.create(t);
    const plans = await owner.folder('Plans');
    const email = `social-unverified-${Date.now()}@example.test`;
    await owner.share([plans.id], [email], 'view');
    profile = googleProfile({ email, email_verified: false });
    const agent = newAgent(t);
    expect((await popup(agent, 'google', 'login')).message.status).toBe('SUCCESS');
    expect((await agent.get('/api/v1/drive/file-entries?section=shares')).json().data).toEqual([]);
    const access = (await owner.agent.get(`/api/v1/file-entries/${plans.id}/shares`)).json();
    expect(access.people[0]).toMatchObject({ email, status: 'invited' });
  });

  it('signs a linked account in again on the next visit', async () => {
    profile = googleProfile();
    await popup(newAgent(t), 'google', 'login');
    const again = await popup(newAgent(t), 'google', 'login');
    expect(again.message.status).toBe('SUCCESS');
    const users = await t.modules.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', profile.email as string)
      .execute();
    expect(users).toHaveLength(1);
  });

  it('asks for the password when the address belongs to an existing account, then links on POST connect', async () => {
    const user = await createUser(t.modules);
    profile = googleProfile({ email: user.email });
    const agent = newAgent(t);
    const { message } = await popup(agent, 'google', 'login');
    expect(message.status).toBe('REQUEST_PASSWORD');
    expect(agent.cookies.has(COOKIE.session)).toBe(false);
    const wrong = await agent.post('/secure/auth/social/connect', { password: 'not it' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.password).toEqual(['The provided password was incorrect.']);
    const res = await agent.post('/secure/auth/social/connect', { password: user.plainPassword });
    expect(res.statusCode).toBe(200);
    expect(res.json().bootstrapData.user.id).toBe(user.id);
    expect((await t.modules.auth.repos.socialProfiles.listOfUser(user.id)).map((p) => p.service_name)).toEqual([
      'google',
    ]);
  });

  it('answers 401 to POST connect without a pending link, and 422 without a password', async () => {
    expect((await newAgent(t).post('/secure/auth/social/connect', { password: 'x' })).statusCode).toBe(401);
    expect((await newAgent(t).post('/secure/auth/social/connect', {})).json().errors.password).toEqual([
      'The password field is required.',
    ]);
  });

  it('does not let a provider login skip two-factor', async () => {
    const user = await createUser(t.modules);
    const agent = newAgent(t);
    await signIn(agent, user.email, user.plainPassword);
    await enableTwoFactor(agent, user.plainPassword);
    profile = googleProfile({ email: user.email });
    const linking = newAgent(t);
    await popup(linking, 'google', 'login');
    const res = await linking.post('/secure/auth/social/connect', { password: user.plainPassword });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/two factor/);
  });

  it('answers ALREADY_LOGGED_IN to a signed-in user', async () => {
    const agent = newAgent(t);
    await loginAs(t.modules, agent, await createUser(t.modules));
    profile = googleProfile();
    expect((await popup(agent, 'google', 'login')).message.status).toBe('ALREADY_LOGGED_IN');
  });

  it('reports an error for a provider that is off', async () => {
    await t.modules.settings.service.set('social.google.enable', false);
    const { message } = await popup(newAgent(t), 'google', 'login');
    expect(message).toMatchObject({
      status: 'ERROR',
      callbackData: { errorMessage: 'Sign-in with Google is not enabled.' },
    });
  });

  it('reports an error when the state does not match (no cookie from this browser)', async () => {
    const start = await newAgent(t).get('/secure/auth/social/google/login');
    const atProvider = await fetch(new URL(start.headers.location as string), { redirect: 'manual' });
    const back = new URL(atProvider.headers.get('location')!);
    const res = await newAgent(t).get(`${back.pathname}${back.search}`);
    expect(readPopup(res.body)).toMatchObject({
      status: 'ERROR',
      callbackData: { errorMessage: 'Your sign-in attempt expired. Please try again.' },
    });
  });

  it('reports an error when registration is disabled and the address is new', async () => {
    await t.modules.settings.service.set('registration.disable', true);
    profile = googleProfile();
    expect((await popup(newAgent(t), 'google', 'login')).message).toMatchObject({
      status: 'ERROR',
      callbackData: { errorMessage: 'Registration is disabled.' },
    });
  });

  it('reports an error when the provider shares no address (X)', async () => {
    profile = { data: { id: `x-${n++}`, name: 'Asha', username: 'asha_r' } };
    expect((await popup(newAgent(t), 'twitter', 'login')).message.status).toBe('ERROR');
  });

  it('refuses an unknown provider (422)', async () => {
    expect((await newAgent(t).get('/secure/auth/social/myspace/login')).statusCode).toBe(422);
  });
});

describe('connect and disconnect', () => {
  it('links a provider account to the signed-in user (connect popup)', async () => {
    const user = await createUser(t.modules);
    const agent = newAgent(t);
    await loginAs(t.modules, agent, user);
    profile = { data: { id: `x-${n++}`, name: 'Asha', username: 'asha_r' } };
    const { message } = await popup(agent, 'twitter', 'connect');
    expect(message.callbackData.errorMessage).toBeUndefined();
    expect(message.status).toBe('SUCCESS');
    expect(message.callbackData.bootstrapData!.user.social_profiles).toEqual([
      { service_name: 'twitter', username: 'asha_r' },
    ]);
  });

  it('refuses to link an account that belongs to another user', async () => {
    const first = newAgent(t);
    await loginAs(t.modules, first, await createUser(t.modules));
    profile = { data: { id: `x-${n++}`, username: 'shared' } };
    await popup(first, 'twitter', 'connect');
    const second = newAgent(t);
    await loginAs(t.modules, second, await createUser(t.modules));
    const { message } = await popup(second, 'twitter', 'connect');
    expect(message).toMatchObject({
      status: 'ERROR',
      callbackData: { errorMessage: 'This X (Twitter) account is already connected to another user.' },
    });
  });

  it('needs a signed-in user to connect', async () => {
    expect((await popup(newAgent(t), 'google', 'connect')).message).toMatchObject({
      status: 'ERROR',
      callbackData: { errorMessage: 'Unauthenticated.' },
    });
  });

  it('disconnects a linked provider', async () => {
    const user = await createUser(t.modules);
    const agent = newAgent(t);
    await loginAs(t.modules, agent, user);
    profile = googleProfile();
    await popup(agent, 'google', 'connect');
    const res = await agent.post('/secure/auth/social/google/disconnect');
    expect(res.statusCode).toBe(200);
    expect(await t.modules.auth.repos.socialProfiles.listOfUser(user.id)).toHaveLength(0);
    expect((await agent.get('/api/v1/me')).json().user.social_profiles).toEqual([]);
  });

  it('answers 401 to a visitor disconnecting', async () => {
    expect((await newAgent(t).post('/secure/auth/social/google/disconnect')).statusCode).toBe(401);
  });
});

describe('provider secrets', () => {
  it('never reach the bootstrap data', async () => {
    const agent = newAgent(t);
    const user = await createUser(t.modules);
    await loginAs(t.modules, agent, user);
    await confirmPassword(agent, user.plainPassword);
    const raw = (await agent.get('/api/v1/bootstrap-data')).body;
    expect(raw).not.toContain('not-so-secret');
    expect(raw).not.toContain('client_secret');
    expect(JSON.parse(raw).settings.social.google).toEqual({ enable: true });
  });
});
