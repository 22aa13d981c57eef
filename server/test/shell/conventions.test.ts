import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COOKIE } from '@kosh/contracts';
import { Agent, createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createUser, loginAs } from '../helpers/factories.ts';
import { newSessionToken } from '../../src/auth/session-token.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function adminAgent() {
  const agent = new Agent(t.app);
  await loginAs(t.modules, agent, await createUser(t.modules, { admin: true }));
  return agent;
}

describe('call conventions (spec part 1 section 7.1)', () => {
  describe('api/v1 prefix', () => {
    it('serves API calls under api/v1 and auth calls without it', async () => {
      const agent = new Agent(t.app);
      expect((await agent.get('/api/v1/bootstrap-data')).statusCode).toBe(200);
      const logout = await agent.post('/auth/logout');
      expect(logout.statusCode).toBe(200);
      expect(logout.json().bootstrapData.user).toBeNull();
    });

    it('answers an unknown API path with a JSON 404', async () => {
      const res = await new Agent(t.app).get('/api/v1/no-such-thing');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found.', code: 'not_found' });
    });

    it('answers a client route with the app shell, not JSON', async () => {
      const res = await new Agent(t.app).get('/account-settings', { accept: 'text/html' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
    });
  });

  describe('method override', () => {
    it('turns a POST with the override header into a PUT', async () => {
      const agent = await adminAgent();
      const res = await agent.post(
        '/api/v1/settings',
        { settings: { 'branding.site_name': 'Header Drive' } },
        { 'x-http-method-override': 'PUT' },
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().settings['branding.site_name']).toBe('Header Drive');
    });

    it('turns a POST with _method into a PUT and a DELETE', async () => {
      const agent = await adminAgent();
      const put = await agent.post('/api/v1/settings?_method=PUT', {
        settings: { 'branding.site_name': 'Param Drive' },
      });
      expect(put.statusCode).toBe(200);
      const del = await agent.post('/api/v1/settings/branding.site_name?_method=DELETE');
      expect(del.statusCode).toBe(204);
      expect((await agent.get('/api/v1/settings')).json().settings['branding.site_name']).toBe('Kosh');
    });

    it('leaves a plain POST a POST (405 where only PUT exists)', async () => {
      const res = await (await adminAgent()).post('/api/v1/settings', { settings: {} });
      expect(res.statusCode).toBe(405);
      expect(res.headers.allow).toContain('PUT');
      expect(res.json()).toEqual({ message: 'Method not allowed.', code: 'method_not_allowed' });
    });
  });

  describe('CSRF', () => {
    it('refuses a cookie-authenticated state change without the token', async () => {
      const agent = await adminAgent();
      const res = await agent.request({
        method: 'PUT',
        url: '/api/v1/settings',
        payload: { settings: { 'branding.site_name': 'Forged' } },
        xsrf: false,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/CSRF/);
      expect((await agent.get('/api/v1/settings')).json().settings['branding.site_name']).toBe('Kosh');
    });

    it('refuses a wrong token', async () => {
      const agent = await adminAgent();
      const res = await agent.request({
        method: 'PUT',
        url: '/api/v1/settings',
        payload: { settings: {} },
        xsrf: false,
        headers: { 'x-xsrf-token': 'x'.repeat(43) },
      });
      expect(res.statusCode).toBe(403);
    });

    it('sets a readable XSRF-TOKEN cookie', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/health' });
      const cookie = res.cookies.find((c) => c.name === COOKIE.xsrf);
      expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      expect(cookie?.httpOnly).toBeFalsy();
      expect(cookie?.sameSite).toBe('Lax');
    });

    it('exempts bearer-token calls', async () => {
      const admin = await createUser(t.modules, { admin: true });
      const { token, id } = newSessionToken();
      await t.modules.auth.repos.accessTokens.create({
        user_id: admin.id,
        name: 'ci',
        token_hash: id,
        created_at: new Date().toISOString(),
      });
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/settings',
        headers: { authorization: `Bearer ${token}` },
        payload: { settings: { 'seo.title': 'Via token' } },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().settings['seo.title']).toBe('Via token');
      const row = await t.modules.auth.repos.accessTokens.getByHash(id);
      expect(row?.last_used_at).toBeTruthy();
    });

    it('answers 401 to an unknown bearer token', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/bootstrap-data',
        headers: { authorization: 'Bearer nope' },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid API token.', code: 'unauthenticated' });
    });
  });

  describe('workspaceId', () => {
    it('is accepted on every call, in the query or the body', async () => {
      const agent = new Agent(t.app);
      expect((await agent.get('/api/v1/bootstrap-data?workspaceId=0')).statusCode).toBe(200);
      expect((await agent.get('/api/v1/value-lists/localizations?workspaceId=7')).statusCode).toBe(200);
      expect((await agent.post('/api/v1/users/me/locale', { locale: 'en', workspaceId: 3 })).statusCode).toBe(200);
    });

    it('must be a whole number', async () => {
      const res = await new Agent(t.app).get('/api/v1/bootstrap-data?workspaceId=abc');
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.workspaceId[0]).toMatch(/whole number/);
    });
  });

  describe('sessions', () => {
    it('ignores an expired session and treats the caller as a guest', async () => {
      const user = await createUser(t.modules);
      const agent = new Agent(t.app);
      const { token, id } = newSessionToken();
      const past = new Date(Date.now() - 1000).toISOString();
      await t.modules.auth.repos.sessions.create({
        id,
        user_id: user.id,
        ip_address: null,
        user_agent: null,
        last_active: past,
        expires_at: past,
        created_at: past,
      });
      agent.cookies.set(COOKIE.session, token);
      expect((await agent.get('/api/v1/bootstrap-data')).json().user).toBeNull();
    });
  });
});
