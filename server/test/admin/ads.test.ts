import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AD_SNIPPET_MAX_BYTES, type AdminSettings, type BootstrapData, Permission } from '@kosh/contracts';
import { newAgent, put } from '../helpers/accounts.ts';
import { staffAgent } from '../helpers/staff.ts';
import { type Agent, createTestApp, type TestApp } from '../helpers/test-app.ts';

const SETTINGS = '/api/v1/settings';
const SNIPPET = '<p id="ad">Ad text</p><script>document.getElementById("ad").textContent += " ran"</script>';
let t: TestApp;
let admin: Agent;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await staffAgent(t, { permissions: [Permission.adminAccess, Permission.settingsUpdate] })).agent;
});
afterAll(async () => {
  await t.close();
});

const change = (settings: Record<string, unknown>) => put(admin, SETTINGS, { settings });
const slots = (s: Partial<Record<'landing_top' | 'drive' | 'link_page', string>>) => ({
  landing_top: '',
  drive: '',
  link_page: '',
  ...s,
});
/** A visitor with no cookie at all, as a fresh browser framing the ad. */
const visit = (url: string) => t.app.inject({ method: 'GET', url });
const bootstrapOf = async (agent: Agent) => (await agent.get('/api/v1/bootstrap-data')).json() as BootstrapData;

describe('ads settings', () => {
  it('are off with empty slots by default, and private to the admin area', async () => {
    const listed = (await admin.get(SETTINGS)).json() as AdminSettings;
    expect(listed.settings['ads.disable']).toBe(true);
    expect(listed.settings['ads.slots']).toEqual(slots({}));
    const data = await bootstrapOf(newAgent(t));
    expect(data.ads).toEqual({ slots: [] });
    expect(JSON.stringify(data.settings)).not.toContain('landing_top');
  });

  it('refuses a snippet over 20 KB with a 422 keyed by the setting, and an unknown slot', async () => {
    const big = await change({ 'ads.slots': slots({ drive: 'x'.repeat(AD_SNIPPET_MAX_BYTES + 1) }) });
    expect(big.statusCode).toBe(422);
    expect(big.json().errors['ads.slots'][0]).toMatch(/^ads\.slots\.drive: Keep the ad code to 20 KB/);
    // Multi-byte characters count as the bytes they take.
    const wide = await change({ 'ads.slots': slots({ drive: 'é'.repeat(AD_SNIPPET_MAX_BYTES / 2 + 1) }) });
    expect(wide.statusCode).toBe(422);
    expect((await change({ 'ads.slots': { ...slots({}), sidebar: '<p>x</p>' } })).statusCode).toBe(422);
    expect((await change({ 'ads.disable': 'no' })).statusCode).toBe(422);
    expect((await change({ 'ads.slots': slots({ drive: 'x'.repeat(AD_SNIPPET_MAX_BYTES) }) })).statusCode).toBe(200);
    expect((await change({ 'ads.slots': slots({}) })).statusCode).toBe(200);
  });

  it('may be changed only by those holding settings.update', async () => {
    const plain = (await staffAgent(t, { permissions: [Permission.adminAccess] })).agent;
    expect((await put(plain, SETTINGS, { settings: { 'ads.disable': false } })).statusCode).toBe(403);
  });
});

describe('GET /ads/:slot', () => {
  it('answers 404 while ads are disabled, for an empty slot and for an unknown slot', async () => {
    expect((await change({ 'ads.disable': true, 'ads.slots': slots({ landing_top: SNIPPET }) })).statusCode).toBe(200);
    expect((await visit('/ads/landing_top')).statusCode).toBe(404);
    expect((await change({ 'ads.disable': false })).statusCode).toBe(200);
    expect((await visit('/ads/drive')).statusCode).toBe(404);
    expect((await visit('/ads/sidebar')).statusCode).toBe(404);
    expect((await visit('/ads/__proto__')).statusCode).toBe(404);
  });

  it('serves the snippet as a sandboxed document of its own when ads are on', async () => {
    await change({ 'ads.disable': false, 'ads.slots': slots({ landing_top: SNIPPET }) });
    const res = await visit('/ads/landing_top');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain(SNIPPET);
    expect(res.body).toMatch(/^<!doctype html>/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain('sandbox allow-scripts allow-popups allow-popups-to-escape-sandbox');
    expect(csp).not.toContain('allow-same-origin');
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("script-src 'unsafe-inline' 'unsafe-eval' https:");
    expect(csp).toContain('frame-src https:');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // No cookie is set for the frame, not even the anti-forgery one every other answer hands out.
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('serves signed-in users without staff access, but not staff', async () => {
    await change({ 'ads.disable': false, 'ads.slots': slots({ drive: SNIPPET }) });
    const user = (await staffAgent(t)).agent;
    const res = await user.get('/ads/drive');
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await admin.get('/ads/drive')).statusCode).toBe(404);
    const superAdmin = (await staffAgent(t, { admin: true })).agent;
    expect((await superAdmin.get('/ads/drive')).statusCode).toBe(404);
  });
});

describe('GET /ads/preview', () => {
  it('is an empty frame under the ad policy that takes its code from the Kosh page framing it', async () => {
    const res = await visit('/ads/preview');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain('sandbox allow-scripts allow-popups');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.body).toContain('event.source !== parent');
    expect(res.body).toContain('<body></body>');
  });
});

describe('bootstrap data', () => {
  it('names the active slots for a visitor, never their code, and none for staff', async () => {
    await change({ 'ads.disable': false, 'ads.slots': slots({ landing_top: SNIPPET, link_page: '  ' }) });
    const visitor = newAgent(t);
    const data = await bootstrapOf(visitor);
    expect(data.ads).toEqual({ slots: ['landing_top'] });
    const page = await visitor.get('/');
    expect(page.body).not.toContain('Ad text');
    expect(page.body).toContain('"ads":{"slots":["landing_top"]}');
    expect((await bootstrapOf(admin)).ads).toEqual({ slots: [] });
    const user = (await staffAgent(t)).agent;
    expect((await bootstrapOf(user)).ads).toEqual({ slots: ['landing_top'] });
    await change({ 'ads.disable': true });
    expect((await bootstrapOf(visitor)).ads).toEqual({ slots: [] });
  });

  it("lets the web app's own policy frame same-origin ad slots", async () => {
    const page = await newAgent(t).get('/');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/(^|; )frame-src 'self'/);
  });
});
