import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { put } from '../helpers/accounts.ts';
import { staffAgent } from '../helpers/staff.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// The analytics tab's measurement ID: a Google tag on the public pages only, allowed by the
// page's CSP through its nonce and Google's origins, and held back until cookies are accepted.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
const setting = async (settings: Record<string, unknown>) =>
  put((await staffAgent(t, { admin: true })).agent, '/api/v1/settings', { settings });

describe('the analytics tracking ID', () => {
  it('is off by default: no tag and no Google origin in the policy', async () => {
    const res = await page('/');
    expect(res.body).not.toContain('googletagmanager');
    expect(res.headers['content-security-policy']).not.toContain('googletagmanager');
  });

  it('is checked, and kept upper-cased', async () => {
    const bad = await setting({ 'analytics.tracking_id': 'G-1"<script>' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors['analytics.tracking_id']).toEqual(['Give a measurement ID such as G-XXXXXXX.']);
    const ok = await setting({ 'analytics.tracking_id': ' g-abc1234 ' });
    expect(ok.json().settings['analytics.tracking_id']).toBe('G-ABC1234');
  });

  it('puts the tag on the public pages, nonce’d, and allows Google in their policy', async () => {
    for (const url of ['/', '/pricing', '/contact', '/pages/privacy-policy']) {
      const res = await page(url);
      const csp = String(res.headers['content-security-policy']);
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(res.body, url).toContain(`gtag('config',"G-ABC1234")`);
      expect(res.body).toContain(`<script nonce="${nonce}">(function(){`);
      expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' https:\/\/www\.googletagmanager\.com/);
      expect(csp).toMatch(/connect-src 'self'[^;]*https:\/\/\*\.google-analytics\.com/);
    }
  });

  it('leaves sign-in, the drive, shared links and the admin area without it', async () => {
    for (const url of ['/login', '/register', '/drive', '/drive/s/abc123', '/admin/settings']) {
      const res = await page(url);
      expect(res.body, url).not.toContain('googletagmanager');
      expect(res.headers['content-security-policy']).not.toContain('googletagmanager');
    }
  });

  it('waits for accepted cookies while the cookie notice is on, and not when it is off', async () => {
    expect((await page('/')).body).toContain('/(?:^|; )cookie_notice=true(?:;|$)/.test(document.cookie)');
    await setting({ 'cookie_notice.enable': false });
    expect((await page('/')).body).toContain('(function(){if(!(true))return;');
    await setting({ 'cookie_notice.enable': true, 'analytics.tracking_id': '' });
    expect((await page('/')).body).not.toContain('googletagmanager');
  });
});
