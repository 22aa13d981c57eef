import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPEARANCE_SETTING_KEYS, Permission } from '@kosh/contracts';
import { LANDING_DEFAULTS } from '../../src/settings/landing.defaults.ts';
import { newAgent, put } from '../helpers/accounts.ts';
import { staffAgent } from '../helpers/staff.ts';
import { type Agent, createTestApp, type TestApp } from '../helpers/test-app.ts';

const SETTINGS = '/api/v1/admin/appearance/settings';

let t: TestApp;
let visitor: Agent;
let plainUser: Agent;
let settingsStaff: Agent;
let designer: Agent;
let designerUser: { id: number; email: string };

beforeAll(async () => {
  t = await createTestApp();
  visitor = newAgent(t);
  plainUser = (await staffAgent(t)).agent;
  settingsStaff = (await staffAgent(t, { permissions: [Permission.settingsUpdate] })).agent;
  ({ agent: designer, user: designerUser } = await staffAgent(t, { permissions: [Permission.appearanceUpdate] }));
});
afterAll(() => t.close());

const save = (settings: Record<string, unknown>, agent = designer) => put(agent, SETTINGS, { settings });
const auditRows = () =>
  t.modules.db
    .selectFrom('admin_audit_log')
    .selectAll()
    .where('action', '=', 'settings.update')
    .orderBy('id')
    .execute();
const stored = async (key: string) =>
  (await t.modules.db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst())?.value;
const bootstrap = async () => (await newAgent(t).get('/api/v1/bootstrap-data')).json().settings;

describe('appearance settings: who may', () => {
  it('answers 401 signed out and 403 without appearance.update (settings.update is not enough)', async () => {
    for (const call of [(a: Agent) => a.get(SETTINGS), (a: Agent) => save({ 'branding.site_name': 'Nope' }, a)]) {
      expect((await call(visitor)).statusCode).toBe(401);
      expect((await call(plainUser)).statusCode).toBe(403);
      expect((await call(settingsStaff)).statusCode).toBe(403);
    }
    expect((await designer.get(SETTINGS)).json().settings['branding.site_name']).toBe('Kosh');
  });

  it('answers every appearance setting to appearance.update, and nothing else', async () => {
    const res = await designer.get(SETTINGS);
    expect(res.statusCode, res.body).toBe(200);
    expect(Object.keys(res.json().settings).sort()).toEqual([...APPEARANCE_SETTING_KEYS].sort());
    expect(res.json().settings['branding.favicon']).toBe('/favicon.svg');
    expect(res.json().settings['custom_code.css']).toBe('');
  });
});

describe('appearance settings: saving', () => {
  it('saves, answers the current values, reaches bootstrap data and is audited like PUT /settings', async () => {
    const before = (await auditRows()).length;
    const res = await save({
      'branding.site_name': 'Acme Drive',
      'seo.title': ':siteName - files',
      'custom_code.css': 'a{}',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().settings).toMatchObject({
      'branding.site_name': 'Acme Drive',
      'seo.title': ':siteName - files',
      'custom_code.css': 'a{}',
      'branding.site_description': 'Your files, on a cloud you own.',
    });
    expect(Object.keys(res.json().settings)).toHaveLength(APPEARANCE_SETTING_KEYS.length);
    expect((await designer.get(SETTINGS)).json().settings['branding.site_name']).toBe('Acme Drive');
    const settings = await bootstrap();
    expect(settings.branding.site_name).toBe('Acme Drive');
    expect(settings.custom_code.css).toBe('a{}');
    const rows = await auditRows();
    expect(rows).toHaveLength(before + 1);
    const row = rows.at(-1);
    expect(row?.actor_id).toBe(designerUser.id);
    expect(row?.target_label).toBe('branding.site_name, seo.title, custom_code.css');
    expect(JSON.parse(row?.before ?? '{}')).toEqual({
      'branding.site_name': 'Kosh',
      'seo.title': 'Kosh - your files, on a cloud you own',
      'custom_code.css': '',
    });
    expect(JSON.parse(row?.after ?? '{}')).toEqual({
      'branding.site_name': 'Acme Drive',
      'seo.title': ':siteName - files',
      'custom_code.css': 'a{}',
    });
    // Unchanged values write no row.
    expect((await save({ 'branding.site_name': 'Acme Drive' })).statusCode).toBe(200);
    expect(await auditRows()).toHaveLength(before + 1);
  });

  it('refuses keys the editor does not own, all or nothing, naming each (422)', async () => {
    const trashDays = await stored('drive.trash_purge_days');
    const res = await save({ 'branding.site_name': 'Changed', 'drive.trash_purge_days': 1, 'app.key': 'x' });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual({
      'drive.trash_purge_days': ['Not an appearance setting.'],
      'app.key': ['Not an appearance setting.'],
    });
    expect((await designer.get(SETTINGS)).json().settings['branding.site_name']).not.toBe('Changed');
    expect(await stored('drive.trash_purge_days')).toBe(trashDays);
  });

  it('checks values with the rules of PUT /settings, all or nothing', async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ 'branding.site_name': '   ' }, 'branding.site_name', /name/],
      [{ 'seo.title': 5 }, 'seo.title', /takes a string/],
      [{ 'branding.favicon': 'javascript:alert(1)' }, 'branding.favicon', /address/],
      [{ 'branding.logo_dark': '//evil.test/logo.png' }, 'branding.logo_dark', /address/],
      [{ landing: { hero: 1 } }, 'landing', /./],
    ];
    for (const [values, key, message] of cases) {
      const res = await save({ 'branding.site_description': 'Never saved', ...values });
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([key]);
      expect(res.json().errors[key][0]).toMatch(message);
    }
    expect((await designer.get(SETTINGS)).json().settings['branding.site_description']).not.toBe('Never saved');
    const logo = await save({ 'branding.logo_light': 'https://cdn.example.test/logo.png' });
    expect(logo.statusCode, logo.body).toBe(200);
  });

  it('keeps the hero overlay colours and the closing image of the landing page; refuses a non-colour', async () => {
    const landing = (hero: object, community: object = {}) => ({
      landing: {
        ...LANDING_DEFAULTS,
        hero: { ...LANDING_DEFAULTS.hero, ...hero },
        community: { ...LANDING_DEFAULTS.community, ...community },
      },
    });
    const bad = await save(landing({ overlay: { from: 'red', to: '#000000' } }));
    expect(bad.statusCode, bad.body).toBe(422);
    expect(bad.json().errors.landing[0]).toMatch(/colour such as/);
    const outside = await save(landing({}, { image: 'https://evil.test/x.png' }));
    expect(outside.statusCode, outside.body).toBe(422);
    const ok = await save(landing({ overlay: { from: '#e8f0fe' } }, { image: '/landing/india.svg' }));
    expect(ok.statusCode, ok.body).toBe(200);
    const { hero, community } = (await bootstrap()).landing;
    // A missing second colour is kept as none.
    expect(hero.overlay).toEqual({ from: '#e8f0fe', to: '' });
    expect(community.image).toBe('/landing/india.svg');
    expect((await save({ landing: LANDING_DEFAULTS })).statusCode).toBe(200);
  });

  it('keeps custom CSS and HTML to 100,000 characters (422 past it; 413 past the request limit)', async () => {
    const ok = await save({ 'custom_code.html': `<p>${'x'.repeat(99_000)}</p>` });
    expect(ok.statusCode, ok.body).toBe(200);
    const long = await save({ 'custom_code.css': 'a'.repeat(100_001) });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors['custom_code.css']).toEqual(['Use at most 100000 characters.']);
    const huge = await save({ 'custom_code.html': 'x'.repeat(1024 * 1024 + 1) });
    expect(huge.statusCode).toBe(413);
    expect((await save({ 'custom_code.html': '' })).statusCode).toBe(200);
  });

  it('lets PUT /settings keep writing the same keys with settings.update', async () => {
    const res = await put(settingsStaff, '/api/v1/settings', { settings: { 'custom_code.css': 'b{}' } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await designer.get(SETTINGS)).json().settings['custom_code.css']).toBe('b{}');
  });
});
