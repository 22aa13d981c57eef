import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import {
  type AdminCustomPage,
  type AuditEntry,
  type CustomPageSummary,
  Permission,
  RESERVED_PAGE_SLUGS,
} from '@kosh/contracts';
import { routeCatalogOf } from '../../src/http/route-catalog.ts';
import { pageImageKeyOf } from '../../src/storage/keys.ts';
import { newAgent, put } from '../helpers/accounts.ts';
import { type FormPart, multipart } from '../helpers/multipart.ts';
import { staffAgent } from '../helpers/staff.ts';
import { type Agent, createTestApp, type TestApp } from '../helpers/test-app.ts';

const LIST = '/api/v1/admin/custom-pages';
const IMAGES = `${LIST}/images`;

let t: TestApp;
let visitor: Agent;
let plainUser: Agent;
let settingsStaff: Agent;
let staff: Agent;
let staffUser: { id: number; email: string };
let admin: Agent;
let png: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  visitor = newAgent(t);
  plainUser = (await staffAgent(t)).agent;
  settingsStaff = (await staffAgent(t, { permissions: [Permission.settingsUpdate] })).agent;
  ({ agent: staff, user: staffUser } = await staffAgent(t, { permissions: [Permission.customPagesUpdate] }));
  admin = (await staffAgent(t, { admin: true })).agent;
  png = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#1a73e8' } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

let counter = 0;
const unique = (base: string) => `${base}-${++counter}`;
const pageBody = (over: Record<string, unknown> = {}) => {
  const slug = unique('page');
  return { title: `Title of ${slug}`, slug, body: '<p>Hello</p>', seo: { title: null, description: null }, ...over };
};
const create = async (over: Record<string, unknown> = {}, agent = staff): Promise<AdminCustomPage> => {
  const res = await agent.post(LIST, pageBody(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().page;
};
const list = async (query = '', agent = staff): Promise<CustomPageSummary[]> => {
  const res = await agent.get(`${LIST}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const auditOf = async (action: string, targetId: number): Promise<AuditEntry[]> => {
  const res = await admin.get(`/api/v1/admin/audit-log?action=${action}&targetId=${targetId}&perPage=100`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().pagination.data;
};
const storedBody = async (id: number) =>
  (await t.modules.db.selectFrom('custom_pages').select('body').where('id', '=', id).executeTakeFirstOrThrow()).body;
const uploadImage = (agent: Agent, parts: FormPart[]) => {
  const form = multipart(parts);
  return agent.request({ method: 'POST', url: IMAGES, payload: form.payload, headers: form.headers });
};
const file = (data: Buffer, type = 'image/png', filename = 'picture.png'): FormPart => ({
  name: 'file',
  filename,
  type,
  data,
});

describe('admin custom pages: who may', () => {
  it('answers 401 to visitors and 403 to users without custom_pages.update, changing nothing', async () => {
    const page = await create();
    const calls = (agent: Agent) => [
      agent.get(`${LIST}/${page.id}`),
      agent.post(LIST, pageBody()),
      put(agent, `${LIST}/${page.id}`, pageBody({ title: 'Changed' })),
      agent.post(`${LIST}/delete`, { ids: [page.id] }),
      uploadImage(agent, [file(png)]),
    ];
    for (const res of await Promise.all(calls(visitor))) expect(res.statusCode, res.body).toBe(401);
    expect((await visitor.get(LIST)).statusCode).toBe(401);
    for (const res of await Promise.all(calls(plainUser))) expect(res.statusCode, res.body).toBe(403);
    expect((await plainUser.get(LIST)).statusCode).toBe(403);
    // Choosing the homepage needs the list, and nothing more.
    for (const res of await Promise.all(calls(settingsStaff))) expect(res.statusCode, res.body).toBe(403);
    expect((await settingsStaff.get(LIST)).statusCode).toBe(200);
    expect((await staff.get(`${LIST}/${page.id}`)).json().page.title).toBe(page.title);
  });

  it('lets an admin (who holds every permission) in', async () => {
    expect((await admin.get(LIST)).statusCode).toBe(200);
    expect((await admin.post(LIST, pageBody())).statusCode).toBe(201);
  });
});

describe('admin custom pages: list', () => {
  it('pages the list with owners, searches title and slug, sorts, and keeps the homepage choice’s shape', async () => {
    const mine = await create({ title: 'Zebra crossing rules', slug: unique('zebra') });
    const answer = (await staff.get(`${LIST}?query=ZEBRA`)).json();
    expect(answer.data).toEqual([
      {
        id: mine.id,
        title: 'Zebra crossing rules',
        slug: mine.slug,
        created_at: mine.created_at,
        updated_at: mine.updated_at,
        owner: { id: staffUser.id, name: expect.any(String), email: staffUser.email },
      },
    ]);
    expect(answer).toMatchObject({ current_page: 1, last_page: 1, total: 1, per_page: 50 });
    expect((await list(`?query=${encodeURIComponent(mine.slug)}`)).map((p) => p.id)).toEqual([mine.id]);
    // Seeded pages have no owner.
    expect((await list('?query=about-us'))[0]?.owner).toBeNull();
    const byTitle = (await list('?orderBy=title&orderDir=asc&perPage=100')).map((p) => p.title);
    expect(byTitle).toEqual([...byTitle].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const newest = await list('?perPage=100');
    expect(newest[0]?.updated_at >= (newest.at(-1)?.updated_at ?? '')).toBe(true);
    const one = (await staff.get(`${LIST}?perPage=1&page=2`)).json();
    expect(one.data).toHaveLength(1);
    expect(one.per_page).toBe(1);
    expect(one.total).toBeGreaterThan(1);
    for (const bad of ['?orderBy=body', '?perPage=101', '?page=0'])
      expect((await staff.get(`${LIST}${bad}`)).statusCode, bad).toBe(422);
  });
});

describe('admin custom pages: saving', () => {
  it('creates and updates a page, answers the stored page for the editor, and audits both', async () => {
    const page = await create({
      title: 'Shipping',
      slug: unique('shipping'),
      seo: { title: 'Shipping | Kosh', description: 'How we ship.' },
    });
    expect(page).toMatchObject({
      title: 'Shipping',
      body: '<p>Hello</p>',
      seo: { title: 'Shipping | Kosh', description: 'How we ship.' },
      owner: { id: staffUser.id },
    });
    const edited = await put(staff, `${LIST}/${page.id}`, {
      title: 'Shipping and returns',
      slug: `${page.slug}-and-returns`,
      body: '<h2>Returns</h2><ul><li>30 days</li></ul>',
      seo: { title: '', description: null },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().page).toMatchObject({
      id: page.id,
      title: 'Shipping and returns',
      seo: { title: null, description: null },
      owner: { id: staffUser.id },
    });
    const opened = (await staff.get(`${LIST}/${page.id}`)).json().page;
    expect(opened.body).toBe('<h2>Returns</h2><ul><li>30 days</li></ul>');
    const pub = (await visitor.get(`/api/v1/custom-pages/${page.slug}-and-returns`)).json().page;
    expect(pub.title).toBe('Shipping and returns');
    expect((await staff.get(`${LIST}/999999`)).statusCode).toBe(404);
    expect((await put(staff, `${LIST}/999999`, pageBody())).statusCode).toBe(404);

    const [created] = await auditOf('custom_page.create', page.id);
    expect(created).toMatchObject({ target_type: 'custom_page', target_label: page.slug, before: null });
    expect(created?.after).toMatchObject({ slug: page.slug, title: 'Shipping', body_length: 12 });
    const [updated] = await auditOf('custom_page.update', page.id);
    expect(updated?.before).toMatchObject({ title: 'Shipping', slug: page.slug });
    expect(updated?.after).toMatchObject({ title: 'Shipping and returns', seo: null });
  });

  it('keeps the menus’ links to a page working when its slug changes', async () => {
    const about = (await list('?query=about-us')).find((p) => p.slug === 'about-us');
    if (!about) throw new Error('the about-us page is not seeded');
    const opened = (await staff.get(`${LIST}/${about.id}`)).json().page;
    const actions = async () =>
      (
        (await visitor.get('/api/v1/bootstrap-data')).json().settings.menus as Array<{
          items: Array<{ action: string }>;
        }>
      )
        .flatMap((menu) => menu.items.map((item) => item.action))
        .filter((action) => action.startsWith('/pages/about'));
    expect(await actions()).toContain('/pages/about-us');
    const renamed = await put(staff, `${LIST}/${about.id}`, {
      title: opened.title,
      slug: 'about-kosh',
      body: opened.body,
      seo: opened.seo,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await actions()).toContain('/pages/about-kosh');
    expect(await actions()).not.toContain('/pages/about-us');
    await put(staff, `${LIST}/${about.id}`, {
      title: opened.title,
      slug: 'about-us',
      body: opened.body,
      seo: opened.seo,
    });
    expect(await actions()).not.toContain('/pages/about-kosh');
  });

  it('refuses a slug of the wrong form, one of the app’s routes, or one another page has (422 on slug)', async () => {
    const taken = await create();
    const bad = ['Has-Caps', 'under_score', '-lead', 'trail-', 'double--hyphen', 'spa ce', '12345', 'é', ''];
    const reserved = ['login', 'admin', 'api', 'drive', 'pages', 'pricing', 'register', 'api-docs'];
    for (const slug of [...bad, ...reserved, taken.slug]) {
      const res = await staff.post(LIST, pageBody({ slug }));
      expect(res.statusCode, slug).toBe(422);
      expect(res.json().errors.slug, slug).toBeDefined();
    }
    const other = await create();
    const clash = await put(staff, `${LIST}/${other.id}`, pageBody({ slug: taken.slug }));
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors.slug).toEqual(['Another page already has this slug.']);
    // Keeping its own slug is no clash.
    expect((await put(staff, `${LIST}/${other.id}`, pageBody({ slug: other.slug }))).statusCode).toBe(200);
  });

  it('gives a slug to one of two pages created with it at once; the other gets 422 on slug', async () => {
    const slug = unique('race');
    const answers = await Promise.all([staff.post(LIST, pageBody({ slug })), staff.post(LIST, pageBody({ slug }))]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    const loser = answers.find((r) => r.statusCode === 422);
    expect(loser?.json().errors.slug).toEqual(['Another page already has this slug.']);
    expect((await list(`?query=${slug}`)).filter((p) => p.slug === slug)).toHaveLength(1);
  });

  it('reserves the first segment of every route the server answers', () => {
    const firsts = new Set(
      (routeCatalogOf(t.app)?.routes ?? []).map((r) => r.url.split('/')[1]?.replace(/\.[a-z]+$/, '') ?? ''),
    );
    firsts.delete('');
    expect(firsts.size).toBeGreaterThan(3);
    expect([...firsts].filter((s) => !(RESERVED_PAGE_SLUGS as readonly string[]).includes(s))).toEqual([]);
  });

  it('refuses a missing or overlong title and overlong SEO fields (422 on the field)', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '' }, 'title'],
      [{ title: '   ' }, 'title'],
      [{ title: 'x'.repeat(256) }, 'title'],
      [{ seo: { title: 'x'.repeat(256), description: null } }, 'seo.title'],
      [{ seo: { title: null, description: 'x'.repeat(501) } }, 'seo.description'],
      [{ body: 5 }, 'body'],
    ];
    for (const [over, field] of cases) {
      const res = await staff.post(LIST, pageBody(over));
      expect(res.statusCode, field).toBe(422);
      expect(Object.keys(res.json().errors), field).toContain(field);
    }
  });

  it('answers 413 for a page over 1 MB', async () => {
    const res = await staff.post(LIST, pageBody({ body: `<p>${'x'.repeat(1024 * 1024)}</p>` }));
    expect(res.statusCode).toBe(413);
  });
});

describe('admin custom pages: sanitising', () => {
  // Each line: what was sent, what must not survive, and (when any) what must.
  const corpus: [string, RegExp, string?][] = [
    ['<p>Hi<script>alert(1)</script></p>', /script|alert/i, '<p>Hi</p>'],
    ['<p onclick="x()" onmouseover="y()">Click</p>', /onclick|onmouseover/i, '<p>Click</p>'],
    ['<a href="javascript:alert(1)">a</a>', /javascript/i, '<a rel="noopener noreferrer">a</a>'],
    ['<a href="jav&#x09;ascript:alert(1)">b</a>', /javascript|alert/i],
    ['<a href="JaVaScRiPt:alert(1)">c</a>', /javascript|alert/i],
    ['<a href="vbscript:msgbox(1)">d</a>', /vbscript/i],
    ['<a href="data:text/html,<script>x</script>">e</a>', /data:|script/i],
    ['<a href="//evil.example/x">f</a>', /evil/],
    ['<img src="x" onerror="alert(2)">', /<img|onerror/i, ''],
    ['<img src="data:image/png;base64,iVBORw0KGgo=">', /<img|data:/i, ''],
    ['<img src="https://evil.example/track.png">', /<img|evil/i, ''],
    ['<img src="//evil.example/a.webp">', /<img|evil/i, ''],
    ['<img src="/api/v1/avatars/0123456789abcdef0123456789abcdef.webp">', /<img/i, ''],
    ['<svg onload="alert(1)"><circle r="4"/></svg><p>after</p>', /svg|onload|circle/i, '<p>after</p>'],
    ['<style>body{display:none}</style><p style="color:red">s</p>', /style|display|color/i, '<p>s</p>'],
    ['<iframe src="https://evil.example"></iframe>', /iframe|evil/i, ''],
    ['<object data="x.swf"></object><embed src="y.swf">', /object|embed|swf/i, ''],
    ['<form action="/auth/logout"><input name="a"><button>Go</button></form>', /form|input|button/i],
    ['<math><mi xlink:href="javascript:alert(1)">x</mi></math>', /math|javascript/i, ''],
    ['<meta http-equiv="refresh" content="0;url=https://evil.example">', /meta|evil/i, ''],
    ['<base href="https://evil.example/">', /base|evil/i, ''],
    ['<a href="x" target="_top">t</a>', /_top/, '<a href="x" rel="noopener noreferrer">t</a>'],
    ['<code class="language-js evil">x</code>', /evil/, '<code class="language-js">x</code>'],
  ];
  const kept = [
    '<h1>One</h1><h2>Two</h2><h3>Three</h3>',
    '<ul><li>a</li></ul><ol start="3"><li>b</li></ol>',
    '<a href="https://example.com/" target="_blank" rel="noopener noreferrer">web</a>',
    '<a href="mailto:hi@example.com" rel="noopener noreferrer">mail</a>',
    '<a href="/pages/about-us" rel="noopener noreferrer">relative</a>',
    '<pre><code class="language-ts">const a = 1;</code></pre>',
    '<table><thead><tr><th>h</th></tr></thead><tbody><tr><td colspan="2">c</td></tr></tbody></table>',
    '<blockquote><p><strong>b</strong> <em>i</em></p></blockquote>',
    '<img src="/landing/hero-light.svg" alt="hero" />',
  ];

  it('stores a clean body for every payload, and the public page shows the same', async () => {
    for (const [html, banned, expected] of corpus) {
      const page = await create({ body: html });
      const stored = await storedBody(page.id);
      expect(stored, html).not.toMatch(banned);
      if (expected !== undefined) expect(stored, html).toBe(expected);
      expect(page.body, html).toBe(stored);
      const pub = (await visitor.get(`/api/v1/custom-pages/${page.slug}`)).json().page;
      expect(pub.body, html).toBe(stored);
    }
  });

  it('keeps headings, lists, links, code blocks, tables and Kosh’s own images', async () => {
    for (const html of kept) {
      const page = await create({ body: html });
      expect(await storedBody(page.id), html).toBe(html);
    }
  });
});

describe('admin custom pages: deleting', () => {
  it('deletes picked pages with an audit row each; the public page is gone', async () => {
    const [a, b] = [await create(), await create()];
    const res = await staff.post(`${LIST}/delete`, { ids: [a.id, b.id, 999_999] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: 2 });
    expect((await visitor.get(`/api/v1/custom-pages/${a.slug}`)).statusCode).toBe(404);
    const [row] = await auditOf('custom_page.delete', a.id);
    expect(row).toMatchObject({ target_label: a.slug, after: null });
    expect(row?.before).toMatchObject({ slug: a.slug, title: a.title });
    expect(await auditOf('custom_page.delete', b.id)).toHaveLength(1);
  });

  it('refuses (409) a pick that holds the homepage, deleting none of it', async () => {
    const [home, other] = [await create({ title: 'Welcome home' }), await create()];
    await t.modules.settings.service.set('homepage.type', 'customPage');
    await t.modules.settings.service.set('homepage.value', String(home.id));
    try {
      const res = await staff.post(`${LIST}/delete`, { ids: [other.id, home.id] });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/“Welcome home” is the homepage/);
      expect((await staff.get(`${LIST}/${other.id}`)).statusCode).toBe(200);
      expect((await staff.get(`${LIST}/${home.id}`)).statusCode).toBe(200);
      // Another kind of homepage frees the page.
      await t.modules.settings.service.set('homepage.type', 'landing');
      expect((await staff.post(`${LIST}/delete`, { ids: [home.id] })).json()).toEqual({ deleted: 1 });
    } finally {
      await t.modules.settings.service.set('homepage.type', 'landing');
      await t.modules.settings.service.set('homepage.value', null);
    }
  });
});

describe('admin custom pages: owner', () => {
  it('shows who created a page, and no one once that account is deleted (the page stays)', async () => {
    const author = await staffAgent(t, { permissions: [Permission.customPagesUpdate] });
    const page = await create({}, author.agent);
    expect((await list(`?query=${page.slug}`))[0]?.owner?.email).toBe(author.user.email);
    const gone = await admin.post('/api/v1/admin/users/delete', { ids: [author.user.id] });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json().deleted).toBe(1);
    expect((await list(`?query=${page.slug}`))[0]).toMatchObject({ id: page.id, owner: null });
    expect((await staff.get(`${LIST}/${page.id}`)).json().page.owner).toBeNull();
  });
});

describe('admin custom pages: images', () => {
  it('re-encodes an uploaded image as WebP, served publicly for a year, shown in a page', async () => {
    const res = await uploadImage(staff, [file(png)]);
    expect(res.statusCode, res.body).toBe(201);
    const { url, width, height } = res.json();
    expect(url).toMatch(/^\/api\/v1\/custom-pages\/images\/[0-9a-f-]{36}\.webp$/);
    expect([width, height]).toEqual([1600, 800]);
    const served = await visitor.get(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');

    const page = await create({ body: `<p><img src="${url}" alt="Blue" /></p>` });
    expect(await storedBody(page.id)).toBe(`<p><img src="${url}" alt="Blue" /></p>`);
    // Deleting the only page that shows it removes the image from storage.
    await staff.post(`${LIST}/delete`, { ids: [page.id] });
    const name = url.split('/').pop() as string;
    expect(await t.modules.storage.stat(pageImageKeyOf(name))).toBeUndefined();
    expect((await visitor.get(url)).statusCode).toBe(404);
  });

  it('keeps an image another page still shows when one page that showed it goes', async () => {
    const { url } = (await uploadImage(staff, [file(png)])).json();
    const [a, b] = [await create({ body: `<img src="${url}" />` }), await create({ body: `<img src="${url}" />` })];
    await staff.post(`${LIST}/delete`, { ids: [a.id] });
    expect((await visitor.get(url)).statusCode).toBe(200);
    await staff.post(`${LIST}/delete`, { ids: [b.id] });
    expect((await visitor.get(url)).statusCode).toBe(404);
  });

  it('removes an image an edit takes out of its page, unless another page shows it', async () => {
    const { url: kept } = (await uploadImage(staff, [file(png)])).json();
    const { url: dropped } = (await uploadImage(staff, [file(png)])).json();
    const page = await create({ body: `<p><img src="${kept}" /><img src="${dropped}" /></p>` });
    const other = await create({ body: `<p><img src="${kept}" /></p>` });
    const edited = await put(staff, `${LIST}/${page.id}`, {
      title: page.title,
      slug: page.slug,
      body: '<p>No pictures now</p>',
      seo: { title: null, description: null },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await visitor.get(dropped)).statusCode).toBe(404);
    expect((await visitor.get(kept)).statusCode).toBe(200);
    await staff.post(`${LIST}/delete`, { ids: [other.id, page.id] });
    expect((await visitor.get(kept)).statusCode).toBe(404);
  });

  it('sweeps uploads no page shows once a day has passed, and keeps those a page shows', async () => {
    const { url: unused } = (await uploadImage(staff, [file(png)])).json();
    const { url: shown } = (await uploadImage(staff, [file(png)])).json();
    const page = await create({ body: `<p><img src="${shown}" /></p>` });
    // A fresh upload is left alone: its page may still be being written.
    const run = await t.modules.pagesAdmin.sweep.runOnce();
    expect(run).toMatchObject({ removed: 0 });
    expect((await visitor.get(unused)).statusCode).toBe(200);
    expect(await t.modules.pagesAdmin.images.sweepUnused(0)).toBeGreaterThanOrEqual(1);
    expect((await visitor.get(unused)).statusCode).toBe(404);
    expect((await visitor.get(shown)).statusCode).toBe(200);
    await staff.post(`${LIST}/delete`, { ids: [page.id] });
  });

  it('refuses what is not an image (422 on file) and an image over 5 MB (413)', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const refusals: [FormPart[], number][] = [
      [[file(Buffer.from('plain text'), 'text/plain', 'notes.txt')], 422],
      [[file(Buffer.from('not really a png'), 'image/png')], 422],
      [[file(svg, 'image/svg+xml', 'x.svg')], 422],
      [[file(svg, 'image/png', 'x.png')], 422],
      [[{ name: 'other', value: 'x' }], 422],
      [[file(Buffer.alloc(5 * 1024 * 1024 + 10, 1))], 413],
    ];
    for (const [parts, status] of refusals) {
      const res = await uploadImage(staff, parts);
      expect(res.statusCode, res.body).toBe(status);
      if (status === 422) expect(res.json().errors.file).toBeDefined();
    }
    const big = await sharp({
      create: {
        width: 3000,
        height: 3000,
        channels: 3,
        background: '#888',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    expect((await uploadImage(staff, [file(big)])).statusCode).toBe(413);
    const json = await staff.post(IMAGES, { file: 'x' });
    expect(json.statusCode).toBe(422);
    expect((await visitor.get('/api/v1/custom-pages/images/not-a-name.webp')).statusCode).toBe(404);
    expect(
      (await visitor.get('/api/v1/custom-pages/images/00000000-0000-0000-0000-000000000000.webp')).statusCode,
    ).toBe(404);
  });
});
