import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BootstrapDataSchema } from '@kosh/contracts';
import { Agent, createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createUser, loginAs } from '../helpers/factories.ts';
import { LANDING_DEFAULTS } from '../../src/settings/landing.defaults.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOST = { host: 'drive.example.test' };
const BASE = 'http://drive.example.test';

async function addPage(slug: string) {
  const at = '2026-03-04T05:06:07.000Z';
  await t.modules.db
    .insertInto('custom_pages')
    .values({ slug, title: slug, body: '<p>x</p>', seo: null, created_at: at, updated_at: at })
    .execute();
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

async function asAdmin(): Promise<Agent> {
  const agent = new Agent(t.app);
  await loginAs(t.modules, agent, await createUser(t.modules, { admin: true }));
  return agent;
}

describe('GET /sitemap.xml', () => {
  it('lists the public pages and every custom page as absolute addresses', async () => {
    await addPage('pricing-faq');
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml', headers: HOST });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org/);
    const listed = locs(res.body);
    expect(listed.slice(0, 3)).toEqual([`${BASE}/`, `${BASE}/pricing`, `${BASE}/contact`]);
    for (const slug of ['about-us', 'articles', 'privacy-policy', 'terms-of-service', 'pricing-faq'])
      expect(listed).toContain(`${BASE}/pages/${slug}`);
    expect(res.body).toContain(`<loc>${BASE}/pages/pricing-faq</loc><lastmod>2026-03-04</lastmod>`);
    expect(listed.some((loc) => /^\/(drive|admin|api)/.test(new URL(loc).pathname))).toBe(false);
  });

  it('escapes and encodes a slug that would break the XML', async () => {
    await addPage('a&b <c>');
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml', headers: HOST });
    expect(locs(res.body)).toContain(`${BASE}/pages/a%26b%20%3Cc%3E`);
    expect(res.body).not.toContain('<c>');
  });

  it('uses APP_URL over the Host header', async () => {
    const other = await createTestApp({ APP_URL: 'https://files.example.in' });
    try {
      const res = await other.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'evil.test' } });
      expect(locs(res.body)[0]).toBe('https://files.example.in/');
      expect(res.body).not.toContain('evil.test');
    } finally {
      await other.close();
    }
  });

  it('answers HEAD and refuses other methods', async () => {
    expect((await t.app.inject({ method: 'HEAD', url: '/sitemap.xml' })).statusCode).toBe(200);
    const post = await new Agent(t.app).request({ method: 'POST', url: '/sitemap.xml' });
    expect(post.statusCode).toBe(405);
    expect(typeof post.json().code).toBe('string');
  });
});

describe('GET /robots.txt', () => {
  it('allows the public pages, keeps crawlers out of private areas and names the sitemap', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt', headers: HOST });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines.slice(0, 2)).toEqual(['User-agent: *', 'Allow: /']);
    for (const path of ['/drive', '/admin', '/api', '/account-settings']) expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).not.toContain('Disallow: /');
    expect(lines).not.toContain('Disallow: /pricing');
    expect(lines).toContain(`Sitemap: ${BASE}/sitemap.xml`);
  });
});

describe('meta tags in the HTML of public pages', () => {
  const metaOf = (html: string, property: string) =>
    new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)">`).exec(html)?.[1];

  it('gives / its title, description and Open Graph tags without JavaScript', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: HOST });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<title>Kosh - your files, on a cloud you own</title>');
    expect(metaOf(html, 'description')).toBe(
      'Store, share and reach your files from any device. 25 GB free, no upload size limit.',
    );
    expect(metaOf(html, 'og:title')).toBe('Kosh - your files, on a cloud you own');
    expect(metaOf(html, 'og:description')).toBe(metaOf(html, 'description'));
    expect(metaOf(html, 'og:type')).toBe('website');
    expect(metaOf(html, 'og:url')).toBe(`${BASE}/`);
    expect(metaOf(html, 'og:image')).toBe(`${BASE}/landing/og-image.png`);
    expect(html).toContain(`<link rel="canonical" href="${BASE}/">`);
    // One title only: the template's own is replaced.
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it('names /pricing and /contact in the Open Graph tags, in the caller language', async () => {
    const pricing = (await t.app.inject({ method: 'GET', url: '/pricing', headers: HOST })).body;
    expect(pricing).toContain('<title>Pricing - Kosh</title>');
    expect(metaOf(pricing, 'og:url')).toBe(`${BASE}/pricing`);
    expect(metaOf(pricing, 'description')).toContain('Save up to 92%');
    const contact = (await t.app.inject({ method: 'GET', url: '/contact/', headers: HOST })).body;
    expect(metaOf(contact, 'og:title')).toBe('Contact us - Kosh');
    expect(metaOf(contact, 'og:url')).toBe(`${BASE}/contact`);
    const hindi = await t.app.inject({
      method: 'GET',
      url: '/pricing',
      headers: { ...HOST, cookie: 'kosh_locale=hi' },
    });
    const title = /<title>([^<]*)<\/title>/.exec(hindi.body)?.[1];
    expect(title).toMatch(/ - Kosh$/);
    expect(title).not.toBe('Pricing - Kosh');
  });

  it('follows the SEO settings and escapes them', async () => {
    const admin = await asAdmin();
    const put = await admin.request({
      method: 'PUT',
      url: '/api/v1/settings',
      payload: { settings: { 'seo.title': 'Files "safe" <here>', 'seo.description': 'A & B' } },
    });
    expect(put.statusCode).toBe(200);
    try {
      const html = (await t.app.inject({ method: 'GET', url: '/', headers: HOST })).body;
      expect(html).toContain('<title>Files &#34;safe&#34; &#60;here&#62;</title>');
      expect(metaOf(html, 'og:title')).toBe('Files &#34;safe&#34; &#60;here&#62;');
      expect(metaOf(html, 'og:description')).toBe('A &#38; B');
    } finally {
      await admin.request({ method: 'DELETE', url: '/api/v1/settings/seo.title' });
      await admin.request({ method: 'DELETE', url: '/api/v1/settings/seo.description' });
    }
  });

  it('adds no Open Graph tags to private pages', async () => {
    const html = (await t.app.inject({ method: 'GET', url: '/drive', headers: HOST })).body;
    expect(html).not.toContain('og:');
  });
});

describe('the landing setting', () => {
  it('reaches the client in bootstrap data with its defaults', async () => {
    const res = await new Agent(t.app).get('/api/v1/bootstrap-data');
    const data = BootstrapDataSchema.parse(res.json());
    expect(data.settings.landing).toEqual(LANDING_DEFAULTS);
    expect(data.settings.homepage.type).toBe('landing');
  });

  it('takes an edited copy from an admin and refuses one that does not fit, naming the field', async () => {
    const admin = await asAdmin();
    const edited = { ...LANDING_DEFAULTS, hero: { ...LANDING_DEFAULTS.hero, title: 'Store it in India' } };
    const ok = await admin.request({
      method: 'PUT',
      url: '/api/v1/settings',
      payload: { settings: { landing: edited } },
    });
    expect(ok.statusCode).toBe(200);
    try {
      expect((await new Agent(t.app).get('/api/v1/bootstrap-data')).json().settings.landing.hero.title).toBe(
        'Store it in India',
      );
      const bad = { ...edited, community: { ...edited.community, cta: { label: 'x', action: 'javascript:alert(1)' } } };
      const res = await admin.request({
        method: 'PUT',
        url: '/api/v1/settings',
        payload: { settings: { landing: bad } },
      });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['landing']);
      expect(res.json().errors.landing[0]).toMatch(/^landing\.community\.cta\.action: /);
      expect((await new Agent(t.app).get('/api/v1/bootstrap-data')).json().settings.landing.hero.title).toBe(
        'Store it in India',
      );
    } finally {
      await admin.request({ method: 'DELETE', url: '/api/v1/settings/landing' });
    }
  });

  it('is changed by admins only', async () => {
    const agent = new Agent(t.app);
    await loginAs(t.modules, agent, await createUser(t.modules));
    const res = await agent.request({
      method: 'PUT',
      url: '/api/v1/settings',
      payload: { settings: { landing: LANDING_DEFAULTS } },
    });
    expect(res.statusCode).toBe(403);
    const visitor = await new Agent(t.app).request({
      method: 'PUT',
      url: '/api/v1/settings',
      payload: { settings: { landing: LANDING_DEFAULTS } },
    });
    expect(visitor.statusCode).toBe(401);
  });
});
