import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { FAVICON_SIZES, Permission } from '@kosh/contracts';
import { faviconKeyOf } from '../../src/storage/keys.ts';
import { newAgent, put } from '../helpers/accounts.ts';
import { type FormPart, multipart } from '../helpers/multipart.ts';
import { staffAgent } from '../helpers/staff.ts';
import { type Agent, createTestApp, type TestApp } from '../helpers/test-app.ts';

const IMAGES = '/api/v1/admin/appearance/images';
const SETTINGS = '/api/v1/admin/appearance/settings';

let t: TestApp;
let visitor: Agent;
let pagesStaff: Agent;
let designer: Agent;
let png: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  visitor = newAgent(t);
  pagesStaff = (await staffAgent(t, { permissions: [Permission.customPagesUpdate] })).agent;
  designer = (await staffAgent(t, { permissions: [Permission.appearanceUpdate] })).agent;
  png = await sharp({ create: { width: 400, height: 200, channels: 4, background: '#1a73e8' } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

const file = (data: Buffer, type = 'image/png', filename = 'logo.png'): FormPart => ({
  name: 'file',
  filename,
  type,
  data,
});
const upload = (agent: Agent, parts: FormPart[]) => {
  const form = multipart(parts);
  return agent.request({ method: 'POST', url: IMAGES, payload: form.payload, headers: form.headers });
};
const uploaded = async (): Promise<string> => {
  const res = await upload(designer, [file(png)]);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().url;
};
const idOf = (url: string) => (url.split('/').pop() as string).replace(/\.webp$/, '');

describe('appearance images: upload', () => {
  it('answers 401 signed out and 403 without appearance.update', async () => {
    expect((await upload(visitor, [file(png)])).statusCode).toBe(401);
    expect((await upload(pagesStaff, [file(png)])).statusCode).toBe(403);
  });

  it('stores the image like page images and serves it publicly for a year (201 {url})', async () => {
    const res = await upload(designer, [file(png)]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      url: expect.stringMatching(/^\/api\/v1\/custom-pages\/images\/[0-9a-f-]{36}\.webp$/),
    });
    const served = await visitor.get(res.json().url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 400, height: 200 });
  });

  it('refuses SVG and what is not an image (422 on file) and an image over 5 MB (413)', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const refusals: [FormPart[], number][] = [
      [[file(svg, 'image/svg+xml', 'logo.svg')], 422],
      [[file(svg, 'image/png', 'logo.png')], 422],
      [[file(Buffer.from('plain text'), 'text/plain', 'notes.txt')], 422],
      [[{ name: 'other', value: 'x' }], 422],
      [[file(Buffer.alloc(5 * 1024 * 1024 + 10, 1))], 413],
    ];
    for (const [parts, status] of refusals) {
      const res = await upload(designer, parts);
      expect(res.statusCode, res.body).toBe(status);
      if (status === 422) expect(res.json().errors.file).toBeDefined();
    }
  });
});

describe('appearance images: the favicon', () => {
  it('makes every size when an uploaded favicon is saved, serves them cached, and links them in the HTML', async () => {
    const url = await uploaded();
    const id = idOf(url);
    const res = await put(designer, SETTINGS, { settings: { 'branding.favicon': url } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().settings['branding.favicon']).toBe(url);
    for (const size of FAVICON_SIZES) {
      expect(await t.modules.storage.stat(faviconKeyOf(id, size)), `${size}`).toBeDefined();
      const icon = await visitor.get(`/api/v1/appearance/favicons/${id}-${size}.png`);
      expect(icon.statusCode).toBe(200);
      expect(icon.headers['content-type']).toBe('image/png');
      expect(icon.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(await sharp(icon.rawPayload).metadata()).toMatchObject({ format: 'png', width: size, height: size });
    }
    const html = (await visitor.get('/')).body;
    for (const size of [16, 32, 48, 192, 512]) {
      const href = `/api/v1/appearance/favicons/${id}-${size}.png`;
      expect(html).toContain(`<link rel="icon" type="image/png" sizes="${size}x${size}" href="${href}">`);
    }
    expect(html).toContain(
      `<link rel="apple-touch-icon" sizes="180x180" href="/api/v1/appearance/favicons/${id}-180.png">`,
    );
    expect(html).not.toContain('/favicon.svg');
    expect((await put(designer, SETTINGS, { settings: { 'branding.favicon': '/favicon.svg' } })).statusCode).toBe(200);
    expect((await visitor.get('/')).body).not.toContain('/api/v1/appearance/favicons/');
  });

  it('makes a missing size again from its image, and answers 404 for other names', async () => {
    const id = idOf(await uploaded());
    const icon = await visitor.get(`/api/v1/appearance/favicons/${id}-32.png`);
    expect(icon.statusCode).toBe(200);
    expect((await sharp(icon.rawPayload).metadata()).width).toBe(32);
    for (const name of [`${id}-33.png`, `${id}.png`, '00000000-0000-0000-0000-000000000000-32.png', 'x-32.png'])
      expect((await visitor.get(`/api/v1/appearance/favicons/${name}`)).statusCode, name).toBe(404);
  });

  it('refuses to save a favicon whose uploaded image is gone (422 on branding.favicon)', async () => {
    const res = await put(designer, SETTINGS, {
      settings: { 'branding.favicon': '/api/v1/custom-pages/images/00000000-0000-4000-8000-000000000000.webp' },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['branding.favicon']);
  });
});

describe('appearance images: the unused-image sweep', () => {
  it('keeps images a logo, the favicon or the landing page shows, and removes the rest', async () => {
    const [logo, favicon, hero, unused] = [await uploaded(), await uploaded(), await uploaded(), await uploaded()];
    const landing = (await designer.get(SETTINGS)).json().settings.landing;
    const res = await put(designer, SETTINGS, {
      settings: {
        'branding.logo_dark': logo,
        'branding.favicon': favicon,
        landing: { ...landing, hero: { ...landing.hero, image_light: hero } },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.modules.pagesAdmin.images.sweepUnused(0)).toBeGreaterThanOrEqual(1);
    for (const kept of [logo, favicon, hero]) expect((await visitor.get(kept)).statusCode, kept).toBe(200);
    expect((await visitor.get(unused)).statusCode).toBe(404);
    const icon = `/api/v1/appearance/favicons/${idOf(favicon)}-32.png`;
    expect((await visitor.get(icon)).statusCode).toBe(200);
    await put(designer, SETTINGS, { settings: { 'branding.logo_dark': '', 'branding.favicon': '/favicon.svg' } });
    await t.modules.pagesAdmin.images.sweepUnused(0);
    expect((await visitor.get(logo)).statusCode).toBe(404);
    expect((await visitor.get(hero)).statusCode).toBe(200);
    // The sizes made from a favicon go with its image.
    expect((await visitor.get(favicon)).statusCode).toBe(404);
    expect((await visitor.get(icon)).statusCode).toBe(404);
  });
});
