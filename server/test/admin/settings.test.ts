import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSettings, Permission } from '@kosh/contracts';
import { localServer, newAgent, put } from '../helpers/accounts.ts';
import { staffAgent } from '../helpers/staff.ts';
import { type Agent, createTestApp, type SecondApp, startSecondApp, type TestApp } from '../helpers/test-app.ts';

const SETTINGS = '/api/v1/settings';
let t: TestApp;
let admin: Agent;

/** A stand-in for reCAPTCHA's siteverify and an OAuth token endpoint: each knows one good credential. */
let standIn: { url: string; close(): Promise<void> };
const RECAPTCHA_SECRET = 'good-recaptcha-secret';
const GOOGLE = { id: 'google-client', secret: 'google-secret' };
const formOf = (req: http.IncomingMessage) =>
  new Promise<URLSearchParams>((resolve) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => resolve(new URLSearchParams(body)));
  });

beforeAll(async () => {
  t = await createTestApp();
  admin = (await staffAgent(t, { admin: true })).agent;
  standIn = await localServer(async (req, res) => {
    const form = await formOf(req);
    res.setHeader('content-type', 'application/json');
    if (req.url === '/siteverify') {
      const codes = form.get('secret') === RECAPTCHA_SECRET ? ['invalid-input-response'] : ['invalid-input-secret'];
      res.end(JSON.stringify({ success: false, 'error-codes': codes }));
    } else if (req.url === '/token') {
      const known = form.get('client_id') === GOOGLE.id && form.get('client_secret') === GOOGLE.secret;
      res.statusCode = known ? 400 : 401;
      res.end(JSON.stringify({ error: known ? 'invalid_grant' : 'invalid_client' }));
    } else {
      res.statusCode = 404;
      res.end('{}');
    }
  });
  await t.modules.settings.service.set('recaptcha.verify_url', `${standIn.url}/siteverify`);
  await t.modules.settings.service.set('social.google.token_url', `${standIn.url}/token`);
});
afterAll(async () => {
  await standIn.close();
  await t.close();
});

const change = (agent: Agent, settings: Record<string, unknown>) => put(agent, SETTINGS, { settings });
const listed = async (agent: Agent = admin) => (await agent.get(SETTINGS)).json() as AdminSettings;
const stored = async (key: string) =>
  (await t.modules.db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst())?.value;
const auditRows = () =>
  t.modules.db
    .selectFrom('admin_audit_log')
    .selectAll()
    .where('action', '=', 'settings.update')
    .orderBy('id')
    .execute();

describe('who may read and change settings', () => {
  it('answers 401 to visitors, 403 to users without settings.update, and lists to those with it', async () => {
    expect((await newAgent(t).get(SETTINGS)).statusCode).toBe(401);
    const plain = (await staffAgent(t)).agent;
    expect((await plain.get(SETTINGS)).statusCode).toBe(403);
    expect((await change(plain, { 'branding.site_name': 'Mine' })).statusCode).toBe(403);
    const editor = (await staffAgent(t, { permissions: [Permission.settingsUpdate] })).agent;
    const res = await editor.get(SETTINGS);
    expect(res.statusCode).toBe(200);
    const body = res.json() as AdminSettings;
    expect(body.settings['drive.trash_purge_days']).toBe(30);
    expect(body.status).toEqual({ appUrl: null, storageDriver: 'local', mailConfigured: false, stripeMode: null });
    // The test app sets LOG_LEVEL: the one variable held.
    expect(body.environment).toEqual({ 'logging.level': 'LOG_LEVEL' });
  });

  it('never lists a secret, only whether it is set', async () => {
    const body = await listed();
    expect(body.settings).not.toHaveProperty('recaptcha.secret_key');
    expect(body.settings).not.toHaveProperty('social.google.client_secret');
    expect(body.secrets).toMatchObject({ 'recaptcha.secret_key': false, 'social.google.client_secret': false });
  });
});

describe('checking values before they are saved', () => {
  it('refuses each bad value on its key and changes nothing', async () => {
    const before = await listed();
    const res = await change(admin, {
      'drive.trash_purge_days': -1,
      'dates.default_timezone': 'Mars/Base',
      'contact.email': 'not an address',
      'uploads.blocked_types': ['has space'],
      'branding.site_name': 'Fine name',
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual([
      'contact.email',
      'dates.default_timezone',
      'drive.trash_purge_days',
      'uploads.blocked_types',
    ]);
    expect(res.json().errors['drive.trash_purge_days']).toEqual(['Give 0 or more.']);
    expect((await listed()).settings).toEqual(before.settings);
  });

  it('asks for the custom page when the homepage is one', async () => {
    const res = await change(admin, { 'homepage.type': 'customPage' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['homepage.value']).toEqual(['Choose the custom page to show as the homepage.']);
  });

  it('answers 422 to a body without settings', async () => {
    expect((await put(admin, SETTINGS, { settings: {} })).statusCode).toBe(422);
    expect((await put(admin, SETTINGS, { other: 1 })).statusCode).toBe(422);
  });

  it('keeps what the rule makes of a value: trimmed, lower-cased domains', async () => {
    const res = await change(admin, { 'auth.domain_blacklist': [' Spam.Example '], 'branding.site_name': '  Kosh  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().settings['auth.domain_blacklist']).toEqual(['spam.example']);
    expect(res.json().settings['branding.site_name']).toBe('Kosh');
  });
});

describe('the cookie notice link', () => {
  it('points at a site path or an https address, never a script', async () => {
    const bad = await change(admin, { 'cookie_notice.button': { label: 'Privacy', action: 'javascript:alert(1)' } });
    expect(bad.json().errors['cookie_notice.button']).toEqual([
      'cookie_notice.button.action: Give an https address or a site path.',
    ]);
    const button = { label: 'Privacy', action: 'https://example.test/privacy' };
    expect((await change(admin, { 'cookie_notice.button': button })).statusCode).toBe(200);
    expect((await newAgent(t).get('/api/v1/bootstrap-data')).json().settings.cookie_notice.button).toEqual(button);
    await change(admin, { 'cookie_notice.button': { label: 'Learn more', action: '/pages/privacy-policy' } });
  });
});

describe('the drive tab', () => {
  it("gives the drive's default view to every visitor's bootstrap data", async () => {
    expect((await change(admin, { 'drive.default_view': 'tiles' })).statusCode).toBe(422);
    expect((await change(admin, { 'drive.default_view': 'grid' })).statusCode).toBe(200);
    expect((await newAgent(t).get('/api/v1/bootstrap-data')).json().settings.drive.default_view).toBe('grid');
    await change(admin, { 'drive.default_view': 'list' });
  });
});

describe('blocked email domains', () => {
  it('refuse sign-ups from the domain and its subdomains, and no other', async () => {
    await change(admin, { 'auth.domain_blacklist': ['spam.example'] });
    const register = (email: string) =>
      newAgent(t).post('/auth/register', {
        email,
        password: 'long enough pw',
        password_confirmation: 'long enough pw',
      });
    const refused = await register('someone@mail.spam.example');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.email).toEqual(['Sign-ups from this email domain are not allowed.']);
    expect(await t.modules.users.repos.users.getByEmail('someone@mail.spam.example')).toBeFalsy();
    expect((await register('someone@notspam.example')).statusCode).toBe(200);
    await change(admin, { 'auth.domain_blacklist': [] });
  });
});

describe('secrets', () => {
  it('are tried live, stored encrypted, opened for the server and never sent back', async () => {
    const res = await change(admin, { 'recaptcha.secret_key': RECAPTCHA_SECRET, 'recaptcha.site_key': 'site-key' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(RECAPTCHA_SECRET);
    expect(res.json().secrets['recaptcha.secret_key']).toBe(true);
    const row = await stored('recaptcha.secret_key');
    expect(row).toMatch(/^"v2\./);
    expect(row).not.toContain(RECAPTCHA_SECRET);
    expect(await t.modules.settings.service.get('recaptcha.secret_key')).toBe(RECAPTCHA_SECRET);
    const boot = await newAgent(t).get('/api/v1/bootstrap-data');
    expect(boot.body).not.toContain(RECAPTCHA_SECRET);
    expect(boot.json().settings.recaptcha.site_key).toBe('site-key');
    const audit = (await auditRows()).at(-1);
    expect(JSON.parse(audit?.after ?? '{}')).toEqual({
      'recaptcha.secret_key': '(set)',
      'recaptcha.site_key': 'site-key',
    });
    expect(audit?.before).not.toContain(RECAPTCHA_SECRET);
  });

  it('refused by the service are not saved, and the error names their group', async () => {
    const res = await change(admin, { 'recaptcha.secret_key': 'wrong-secret' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ 'group:recaptcha': ['reCAPTCHA refused the secret key.'] });
    expect(await t.modules.settings.service.get('recaptcha.secret_key')).toBe(RECAPTCHA_SECRET);
  });

  it('whose service cannot be reached are not saved either', async () => {
    const closed = await localServer(() => {});
    await closed.close();
    const res = await change(admin, { 'recaptcha.verify_url': `${closed.url}/siteverify` });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['group:recaptcha'][0]).toMatch(/^Could not reach reCAPTCHA at 127\.0\.0\.1:\d+/);
    expect(await t.modules.settings.service.get('recaptcha.verify_url')).toBe(`${standIn.url}/siteverify`);
  });

  it('of a social provider are tried only when it is on, at its token endpoint', async () => {
    const off = await change(admin, { 'social.google.client_id': 'any', 'social.google.client_secret': 'any' });
    expect(off.statusCode, off.body).toBe(200);
    const wrong = await change(admin, { 'social.google.enable': true, 'social.google.client_id': GOOGLE.id });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ 'group:social.google': ['Google refused the client ID or secret.'] });
    expect((await listed()).settings['social.google.enable']).toBe(false);
    const right = await change(admin, {
      'social.google.enable': true,
      'social.google.client_id': GOOGLE.id,
      'social.google.client_secret': GOOGLE.secret,
    });
    expect(right.statusCode, right.body).toBe(200);
    expect((await newAgent(t).get('/api/v1/bootstrap-data')).json().settings.social.google.enable).toBe(true);
  });

  it('are cleared with an empty value, and a value left out is kept', async () => {
    await change(admin, { 'social.google.enable': false });
    expect((await listed()).secrets['social.google.client_secret']).toBe(true);
    const res = await change(admin, { 'social.google.client_secret': '' });
    expect(res.json().secrets['social.google.client_secret']).toBe(false);
    expect(await t.modules.settings.service.get('social.google.client_secret')).toBe('');
  });

  it('stored in plain text before encryption are encrypted by a start, and still read', async () => {
    await t.modules.settings.repos.settings.set('social.facebook.client_secret', 'plain-old', true);
    expect(await t.modules.settings.service.get('social.facebook.client_secret')).toBe('plain-old');
    expect(await t.modules.settings.service.reencryptSecrets()).toEqual({ changed: 1, unreadable: 0 });
    expect(await stored('social.facebook.client_secret')).toMatch(/^"v2\./);
    expect(await t.modules.settings.service.get('social.facebook.client_secret')).toBe('plain-old');
  });
});

describe('the audit log', () => {
  it('has a row per change naming the keys, with values before and after; an unchanged value writes none', async () => {
    const before = (await auditRows()).length;
    expect((await change(admin, { 'drive.trash_purge_days': 45 })).statusCode).toBe(200);
    const rows = await auditRows();
    expect(rows).toHaveLength(before + 1);
    const row = rows.at(-1);
    expect(row?.target_label).toBe('drive.trash_purge_days');
    expect(JSON.parse(row?.before ?? '{}')).toEqual({ 'drive.trash_purge_days': 30 });
    expect(JSON.parse(row?.after ?? '{}')).toEqual({ 'drive.trash_purge_days': 45 });
    expect((await change(admin, { 'drive.trash_purge_days': 45 })).statusCode).toBe(200);
    expect(await auditRows()).toHaveLength(before + 1);
  });
});

describe('a second server process', () => {
  let second: SecondApp;
  beforeAll(async () => {
    second = await startSecondApp(t.modules.config);
  });
  afterAll(() => second.close());

  it('sees a saved change on its next request, without a restart', async () => {
    const read = async () => (await second.app.inject({ url: '/api/v1/bootstrap-data' })).json().settings;
    expect((await read()).branding.site_name).toBe('Kosh');
    expect((await change(admin, { 'branding.site_name': 'Shared Drive' })).statusCode).toBe(200);
    expect((await read()).branding.site_name).toBe('Shared Drive');
    expect(await second.modules.settings.service.get('recaptcha.secret_key')).toBe(RECAPTCHA_SECRET);
    await change(admin, { 'branding.site_name': 'Kosh' });
  });

  it('keeps one of two values saved at the same moment for one key, with an audit row that matches it', async () => {
    const other = (await staffAgent(t, { admin: true })).agent;
    const before = (await auditRows()).length;
    const [a, b] = await Promise.all([
      change(admin, { 'drive.trash_purge_days': 61 }),
      change(other, { 'drive.trash_purge_days': 62 }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const kept = await t.modules.settings.service.get<number>('drive.trash_purge_days');
    expect([61, 62]).toContain(kept);
    expect(await second.modules.settings.service.get('drive.trash_purge_days')).toBe(kept);
    const rows = (await auditRows()).slice(before);
    expect(rows.length).toBeGreaterThanOrEqual(1);
    // The last audit row names the value that stayed: the log tells the truth about the end state.
    expect(JSON.parse(rows.at(-1)?.after ?? '{}')).toEqual({ 'drive.trash_purge_days': kept });
  });
});

describe('settings held by environment variables', () => {
  let env: TestApp;
  beforeAll(async () => {
    env = await createTestApp({ RECAPTCHA_SECRET_KEY: 'env-secret', GOOGLE_CLIENT_ID: 'env-client' });
  });
  afterAll(() => env.close());

  it('win over stored values, are named in the list and cannot be changed there', async () => {
    const agent = (await staffAgent(env, { admin: true })).agent;
    const body = await listed(agent);
    expect(body.environment).toEqual({
      'logging.level': 'LOG_LEVEL',
      'recaptcha.secret_key': 'RECAPTCHA_SECRET_KEY',
      'social.google.client_id': 'GOOGLE_CLIENT_ID',
    });
    expect(body.secrets['recaptcha.secret_key']).toBe(true);
    expect(body.settings['social.google.client_id']).toBe('env-client');
    const res = await change(agent, { 'recaptcha.secret_key': 'mine' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['recaptcha.secret_key']).toEqual([
      'Set by the environment variable RECAPTCHA_SECRET_KEY; change it there.',
    ]);
    expect(await env.modules.settings.service.get('recaptcha.secret_key')).toBe('env-secret');
  });
});

describe('custom pages for the homepage choice', () => {
  it('are listed to settings editors, newest change first, and searched by title or slug', async () => {
    expect((await (await staffAgent(t)).agent.get('/api/v1/admin/custom-pages')).statusCode).toBe(403);
    const res = await admin.get('/api/v1/admin/custom-pages?perPage=100');
    expect(res.statusCode, res.body).toBe(200);
    const pages = res.json().data as Array<{ id: number; title: string; slug: string }>;
    expect(pages.length).toBeGreaterThan(0);
    const first = pages[0];
    if (!first) throw new Error('no seeded page');
    const found = await admin.get(`/api/v1/admin/custom-pages?query=${encodeURIComponent(first.slug.toUpperCase())}`);
    expect(found.json().data.map((p: { id: number }) => p.id)).toContain(first.id);
    expect((await admin.get('/api/v1/admin/custom-pages?query=%25_no-such')).json().data).toEqual([]);
    expect((await admin.get('/api/v1/admin/custom-pages?perPage=0')).statusCode).toBe(422);
    const chosen = await change(admin, { 'homepage.type': 'customPage', 'homepage.value': String(first.id) });
    expect(chosen.statusCode, chosen.body).toBe(200);
    await change(admin, { 'homepage.type': 'landing', 'homepage.value': null });
  });
});
