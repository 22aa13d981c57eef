import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BootstrapDataSchema, MENU_POSITIONS } from '@kosh/contracts';
import { Agent, createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createUser, loginAs } from '../helpers/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
  'Version/17.0 Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

describe('bootstrap data (spec part 1 section 1)', () => {
  it('gives a visitor settings, themes, menus, i18n and the guest role', async () => {
    const res = await new Agent(t.app, { 'user-agent': DESKTOP }).get('/api/v1/bootstrap-data');
    expect(res.statusCode).toBe(200);
    const data = BootstrapDataSchema.parse(res.json());
    expect(data.user).toBeNull();
    expect(data.guest_role?.permissions.map((p) => p.name)).toContain('api.access');
    expect(data.settings.branding.site_name).toBe('Kosh');
    expect(data.settings.dates.default_timezone).toBe('UTC');
    expect(data.settings.registration.disable).toBe(false);
    expect(data.settings.themes.user_change).toBe(true);
    expect(data.settings.base_url).toMatch(/^http/);
    expect(data.themes.all.map((th) => th.is_dark)).toEqual([false, true]);
    expect(data.themes.default_id).toBe(data.themes.all[0].id);
    expect(data.themes.all[0].values['--kosh-primary']).toBe('#1a73e8');
    const positions = new Set(data.settings.menus.flatMap((m) => m.positions));
    for (const p of MENU_POSITIONS) expect(positions).toContain(p);
    expect(data.cookie_notice.enable).toBe(true);
    expect(data.is_mobile_device).toBe(false);
    expect(data.i18n.language).toBe('en');
    expect(data.i18n.lines["Looks like you've found the doorway to the great nothing"]).toBeTruthy();
    expect(data.localizations.map((l) => l.language)).toEqual(expect.arrayContaining(['en', 'hi']));
  });

  it('detects a mobile device from the user agent', async () => {
    const data = (await new Agent(t.app, { 'user-agent': IPHONE }).get('/api/v1/bootstrap-data')).json();
    expect(data.is_mobile_device).toBe(true);
  });

  it('gives a signed-in user with roles, permissions and counts', async () => {
    const user = await createUser(t.modules);
    const agent = new Agent(t.app);
    await loginAs(t.modules, agent, user);
    const data = BootstrapDataSchema.parse((await agent.get('/api/v1/bootstrap-data')).json());
    expect(data.user?.id).toBe(user.id);
    expect(data.user?.email).toBe(user.email);
    expect(data.user?.roles.map((r) => r.name)).toEqual(['users']);
    expect(data.user?.permissions.map((p) => p.name)).toContain('files.create');
    expect(data.user?.unread_notifications_count).toBe(0);
    expect(data.user?.subscriptions).toEqual([]);
    expect(data.guest_role).toBeNull();
  });

  it('never carries a secret', async () => {
    const user = await createUser(t.modules, { admin: true });
    await t.modules.settings.service.set('recaptcha.secret_key', 'super-secret-recaptcha');
    const agent = new Agent(t.app);
    await loginAs(t.modules, agent, user);
    const raw = (await agent.get('/api/v1/bootstrap-data')).body;
    const appKey = (await t.modules.settings.repos.settings.get('app.key')) as string;
    expect(appKey.length).toBeGreaterThan(20);
    expect(raw).not.toContain(appKey);
    expect(raw).not.toContain('super-secret-recaptcha');
    expect(raw).not.toContain('secret_key');
    expect(raw).not.toContain('$argon2');
    expect(raw).not.toMatch(/two_factor_secret|recovery_codes|token_hash/);
    expect(Object.keys(JSON.parse(raw).user)).not.toContain('password');
  });

  it('is inlined in the HTML of every client route with a nonce the CSP allows', async () => {
    for (const route of ['/', '/login', '/drive/folders/abc', '/pages/about-us']) {
      const res = await new Agent(t.app).get(route, { accept: 'text/html' });
      expect(res.statusCode).toBe(200);
      const nonce = /<script nonce="([^"]+)">window\.bootstrapData=/.exec(res.body)?.[1];
      expect(nonce).toBeTruthy();
      expect(res.headers['content-security-policy']).toContain(`'nonce-${nonce}'`);
      const json = /window\.bootstrapData=(.*);<\/script>/.exec(res.body)![1];
      expect(BootstrapDataSchema.parse(JSON.parse(json)).settings.branding.site_name).toBe('Kosh');
      expect(res.body).toContain('<title>Kosh - your files, on a cloud you own</title>');
    }
  });

  it('escapes settings so they cannot close the script tag', async () => {
    await t.modules.settings.service.set('branding.site_name', '</script><script>alert(1)</script>');
    try {
      const res = await new Agent(t.app).get('/login', { accept: 'text/html' });
      expect(res.body).not.toContain('</script><script>alert(1)');
      expect(res.body).toContain('\\u003c/script>');
    } finally {
      await t.modules.settings.service.set('branding.site_name', 'Kosh');
    }
  });
});

describe('security headers', () => {
  it('sends nosniff, frame and referrer headers on API answers', async () => {
    const res = await new Agent(t.app).get('/api/v1/bootstrap-data');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['referrer-policy']).toBeTruthy();
  });
});

describe('health', () => {
  it('reports the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: t.db.dialect });
  });
});
