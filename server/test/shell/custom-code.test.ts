import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Permission } from '@kosh/contracts';
import { newAgent, put } from '../helpers/accounts.ts';
import { staffAgent } from '../helpers/staff.ts';
import { type Agent, createTestApp, type TestApp } from '../helpers/test-app.ts';

const SETTINGS = '/api/v1/admin/appearance/settings';
const CSS = 'body { --brand: red; } .x::after { content: "</style><script>alert(1)</script>"; }';
const HTML =
  '<div class="chat">Chat</div><script>window.chat = 1;</script><SCRIPT src="/chat.js"></SCRIPT>' +
  '<style>.chat { color: red; }</style>';

let t: TestApp;
let designer: Agent;

beforeAll(async () => {
  t = await createTestApp();
  designer = (await staffAgent(t, { permissions: [Permission.appearanceUpdate] })).agent;
});
afterAll(() => t.close());

const save = async (settings: Record<string, unknown>) => {
  const res = await put(designer, SETTINGS, { settings });
  expect(res.statusCode, res.body).toBe(200);
};
const page = async (url: string, agent: Agent = newAgent(t)) => {
  const res = await agent.get(url);
  const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
  return { res, html: res.body, nonce, csp: String(res.headers['content-security-policy']) };
};

describe('custom code in the HTML', () => {
  beforeAll(() => save({ 'custom_code.css': CSS, 'custom_code.html': HTML }));
  afterAll(() => save({ 'custom_code.css': '', 'custom_code.html': '' }));

  it('serves the CSS in <head> and the HTML at the end of <body>, nonce’d with the policy’s nonce', async () => {
    for (const url of ['/', '/pricing', '/contact', '/pages/about-us', '/drive', '/account-settings', '/nowhere']) {
      const { html, nonce, csp } = await page(url);
      expect(nonce, url).toBeDefined();
      const style = /<style id="be-custom-css" nonce="([^"]+)">([\s\S]*?)<\/style>/.exec(html);
      expect(style?.[1], url).toBe(nonce);
      expect(html.indexOf(style?.[0] ?? '-')).toBeLessThan(html.indexOf('</head>'));
      expect(html, url).toContain(
        `<div id="be-custom-html"><div class="chat">Chat</div><script nonce="${nonce}">window.chat = 1;</script>` +
          `<script nonce="${nonce}" src="/chat.js"></SCRIPT><style nonce="${nonce}">.chat { color: red; }</style>` +
          '</div>\n</body>',
      );
      // Scripts and <style> elements run by the nonce only; style="" attributes stay allowed.
      expect(csp).toContain(`script-src 'self' 'nonce-${nonce}'`);
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain(`style-src 'self' 'nonce-${nonce}';`);
      expect(csp).toContain("style-src-attr 'unsafe-inline'");
      // The libraries that add <style> elements (react-aria, tiptap, CodeMirror) read the nonce here.
      expect(html).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
    }
  });

  it('cannot be broken out of by "</style>" in the CSS', async () => {
    const { html } = await page('/');
    const style = /<style id="be-custom-css"[^>]*>([\s\S]*?)<\/style>/.exec(html)?.[1];
    expect(style).toBe(CSS.replace(/</g, '\\3c '));
    expect(html).not.toContain('<script>alert(1)</script>');
  });

  it('is never served on sign-in, registration, password reset, link pages or the admin area', async () => {
    const admin = (await staffAgent(t, { admin: true })).agent;
    const excluded = [
      '/login',
      '/login?two_factor=1',
      '/register',
      '/register/invite-1',
      '/workspace/join/login',
      '/workspace/join/register/abc',
      '/forgot-password',
      '/password/reset/some-token',
      '/drive/s/abcdef',
      '/s/abcdef',
      '/admin',
      '/admin/appearance',
      '/admin/settings/general',
    ];
    for (const url of excluded) {
      for (const agent of [newAgent(t), admin]) {
        const { html, res } = await page(url, agent);
        expect(res.headers['content-type'], url).toContain('text/html');
        expect(html, url).not.toContain('be-custom-css');
        expect(html, url).not.toContain('be-custom-html');
        // (The bootstrap data holds the settings as JSON, escaped, but nothing the page runs.)
        expect(html, url).not.toContain('src="/chat.js"');
        expect(html, url).not.toContain('window.chat = 1;</script>');
      }
    }
  });

  it('leaves pages without custom code alone', async () => {
    await save({ 'custom_code.css': '  ', 'custom_code.html': '' });
    const { html } = await page('/');
    // The one style element left is react-aria's own, sent with every page (spa.ts).
    expect(html.match(/<style[^>]*>/g)).toEqual([expect.stringMatching(/^<style id="react-aria-pressable-style" /)]);
    expect(html).not.toContain('be-custom-css');
    expect(html).not.toContain('be-custom-html');
    await save({ 'custom_code.css': CSS, 'custom_code.html': HTML });
  });
});

describe('SEO templates in the HTML', () => {
  afterAll(() =>
    save({
      'branding.site_name': 'Kosh',
      'seo.title': 'Kosh - your files, on a cloud you own',
      'seo.description': 'Store, share and reach your files from any device. 25 GB free, no upload size limit.',
    }),
  );

  it('fills :siteName and :siteDescription from the saved settings, escaped, for crawlers', async () => {
    await save({
      'branding.site_name': "Tom & Jerry's <Drive>",
      'branding.site_description': 'Files "for" all',
      'seo.title': ':siteName - home',
      'seo.description': ':siteDescription, on :siteName. :unknown stays',
    });
    const { html } = await page('/');
    const title = 'Tom &#38; Jerry&#39;s &#60;Drive&#62; - home';
    const description = 'Files &#34;for&#34; all, on Tom &#38; Jerry&#39;s &#60;Drive&#62;. :unknown stays';
    expect(html).toContain(`<title>${title}</title>`);
    expect(html).toContain(`<meta name="description" content="${description}">`);
    expect(html).toContain(`<meta property="og:title" content="${title}">`);
    expect(html).toContain(`<meta property="og:description" content="${description}">`);
    expect(html).not.toContain('<Drive>');
    // The link page's generic text (a link that cannot be opened) is the same filled template.
    const link = await page('/drive/s/unknownhash');
    expect(link.res.statusCode).toBe(404);
    expect(link.html).toContain(`<title>${title}</title>`);
    expect(link.html).toContain(`<meta name="description" content="${description}">`);
  });
});
