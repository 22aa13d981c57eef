import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OAuth2Server } from 'oauth2-mock-server';
import { COOKIE } from '@kosh/contracts';
import { createAccountsApp, newAgent } from '../helpers/accounts.ts';
import { createUser } from '../helpers/factories.ts';
import type { MailCatcher } from '../helpers/smtp.ts';
import type { Agent, TestApp } from '../helpers/test-app.ts';
import { Person } from '../shares/sharing.ts';

const APP_URL = 'https://drive.example.test';
const EVIL = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };

let t: TestApp;
let mail: MailCatcher;
let close: () => Promise<void>;
let provider: OAuth2Server;
let n = 0;

beforeAll(async () => {
  ({ t, mail, close } = await createAccountsApp({ APP_URL }));
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  provider.service.on('beforeUserinfo', (response: { body: unknown }) => {
    n++;
    response.body = { sub: `oauth-${n}-${Date.now()}`, email: `oauth-${n}-${Date.now()}@example.test`, name: 'O' };
  });
});
afterAll(async () => {
  await close();
  await provider.stop();
});
beforeEach(async () => {
  const issuer = provider.issuer.url ?? '';
  const values = {
    enable: true,
    client_id: 'koshgoogle',
    client_secret: 'not-so-secret',
    authorize_url: `${issuer}/authorize`,
    token_url: `${issuer}/token`,
    userinfo_url: `${issuer}/userinfo`,
    issuer,
  };
  for (const [key, value] of Object.entries(values))
    await t.modules.settings.service.set(`social.google.${key}`, value);
  await t.modules.settings.service.set('registration.disable', false);
});

type Popup = { status: string; callbackData: { errorMessage?: string } };
const readPopup = (html: string): Popup => JSON.parse(/var message = (\{.*\});/.exec(html)?.[1] ?? 'null');

/** Starts a popup and lets the provider approve it: the callback address (path and query) to send back. */
async function approved(agent: Agent): Promise<{ callback: string; state: string }> {
  const start = await agent.get('/secure/auth/social/google/login');
  expect(start.statusCode).toBe(302);
  const authorize = new URL(String(start.headers.location));
  const atProvider = await fetch(authorize, { redirect: 'manual' });
  const back = new URL(String(atProvider.headers.get('location')));
  return { callback: `${back.pathname}${back.search}`, state: authorize.searchParams.get('state') ?? '' };
}

describe('OAuth state', () => {
  // Class: OAuth state (missing, mismatched or reused state refused; no session from such a callback).
  it('completes a popup whose state matches its own cookie', async () => {
    const agent = newAgent(t);
    const { callback } = await approved(agent);
    const res = await agent.get(callback);
    expect(readPopup(res.body).status).toBe('SUCCESS');
  });

  it('refuses a callback without state', async () => {
    const agent = newAgent(t);
    const { callback } = await approved(agent);
    const url = new URL(callback, APP_URL);
    url.searchParams.delete('state');
    const res = await agent.get(`${url.pathname}${url.search}`);
    expect(readPopup(res.body).status).toBe('ERROR');
    expect(agent.cookies.has(COOKIE.session)).toBe(false);
  });

  it("refuses a callback carrying another browser's state (login CSRF)", async () => {
    const attacker = newAgent(t);
    const { callback } = await approved(attacker);
    const victim = newAgent(t);
    await victim.get('/secure/auth/social/google/login');
    const res = await victim.get(callback);
    expect(readPopup(res.body).status).toBe('ERROR');
    expect(victim.cookies.has(COOKIE.session)).toBe(false);
  });

  it('refuses a callback with a state changed by one character', async () => {
    const agent = newAgent(t);
    const { callback, state } = await approved(agent);
    // The first character: a base64url string's last one may carry padding bits only.
    const changed = (state.startsWith('A') ? 'B' : 'A') + state.slice(1);
    const res = await agent.get(callback.replace(`state=${encodeURIComponent(state)}`, `state=${changed}`));
    expect(readPopup(res.body).status).toBe('ERROR');
    expect(agent.cookies.has(COOKIE.session)).toBe(false);
  });

  it('refuses the same callback a second time, even with the state cookie put back', async () => {
    const agent = newAgent(t);
    const { callback } = await approved(agent);
    const flow = agent.cookies.get('kosh_oauth') ?? '';
    expect(flow).not.toBe('');
    expect(readPopup((await agent.get(callback)).body).status).toBe('SUCCESS');
    const replay = newAgent(t);
    replay.cookies.set('kosh_oauth', flow);
    const res = await replay.get(callback);
    expect(readPopup(res.body).status).toBe('ERROR');
    expect(replay.cookies.has(COOKIE.session)).toBe(false);
  });
});

describe('open redirects', () => {
  // Class: open redirects and host-header poisoning (every target a caller can influence stays on the app).
  it('sends the popup to the provider with a redirect_uri on APP_URL, whatever Host and query say', async () => {
    const agent = newAgent(t, EVIL);
    const query = 'redirect=https://evil.example&redirect_uri=https://evil.example/cb&returnTo=//evil.example';
    const res = await agent.get(`/secure/auth/social/google/login?${query}`);
    expect(res.statusCode).toBe(302);
    const to = new URL(String(res.headers.location));
    expect(to.origin).toBe(provider.issuer.url);
    expect(new URL(to.searchParams.get('redirect_uri') ?? '').origin).toBe(APP_URL);
  });

  it('posts the popup result only to the app origin, whatever Host says', async () => {
    const agent = newAgent(t, EVIL);
    const { callback } = await approved(agent);
    const res = await agent.get(callback);
    expect(res.body).toContain(`postMessage(message, "${APP_URL}")`);
    expect(res.body).not.toContain('evil.example');
  });

  it('mails reset links on APP_URL even when the request names another host', async () => {
    const user = await createUser(t.modules);
    await newAgent(t, EVIL).post('/auth/forgot-password', { email: user.email });
    expect((await mail.resetLinkFor(user.email)).origin).toBe(APP_URL);
  });

  it('answers link addresses and notification actions as paths of the app', async () => {
    const owner = await Person.create(t);
    const recipient = await Person.create(t);
    const file = await owner.upload('//evil.example', 'x');
    const link = await owner.createLink(file.id);
    expect(link.url).toMatch(/^\/(?!\/)/);
    await owner.share([file.id], [recipient.user.email], 'view');
    const notes = (await recipient.agent.get('/api/v1/notifications')).json();
    const actions = JSON.stringify(notes).match(/"action":"[^"]*"/g) ?? [];
    expect(actions.length).toBeGreaterThan(0);
    for (const action of actions) expect(action).toMatch(/^"action":"\/(?!\/)/);
  });

  it('redirects nowhere off the app for odd paths', async () => {
    const visitor = newAgent(t);
    for (const url of [
      '//evil.example/',
      '/\\evil.example',
      '/%2F%2Fevil.example',
      '/api-docs/static/index.html',
      '/drive/',
    ]) {
      const res = await visitor.get(url);
      if (res.statusCode < 300 || res.statusCode >= 400) continue;
      const target = new URL(String(res.headers.location), APP_URL);
      expect(target.origin, url).toBe(APP_URL);
    }
  });
});
