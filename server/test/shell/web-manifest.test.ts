import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { Permission } from '@kosh/contracts';
import { newAgent, put } from '../helpers/accounts.ts';
import { multipart } from '../helpers/multipart.ts';
import { staffAgent } from '../helpers/staff.ts';
import { type Agent, createTestApp, type TestApp } from '../helpers/test-app.ts';

const SETTINGS = '/api/v1/admin/appearance/settings';

let t: TestApp;
let visitor: Agent;
let designer: Agent;

beforeAll(async () => {
  t = await createTestApp();
  visitor = newAgent(t);
  designer = (await staffAgent(t, { permissions: [Permission.appearanceUpdate] })).agent;
});
afterAll(() => t.close());

const manifest = async () => {
  const res = await visitor.get('/manifest.webmanifest');
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
  expect(res.headers['cache-control']).toBe('no-cache');
  return res.json();
};

describe('the web app manifest', () => {
  it('names the site, opens on the drive in the default light theme, with the default icon', async () => {
    expect(await manifest()).toEqual({
      name: 'Kosh',
      short_name: 'Kosh',
      description: 'Your files, on a cloud you own.',
      start_url: '/drive',
      scope: '/',
      display: 'standalone',
      background_color: '#ffffff',
      theme_color: '#ffffff',
      icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' }],
    });
    expect((await visitor.get('/')).body).toContain('<link rel="manifest" href="/manifest.webmanifest">');
  });

  it('follows the appearance editor: the new name and the 192 and 512 px sizes of an uploaded favicon', async () => {
    const png = await sharp({ create: { width: 300, height: 300, channels: 4, background: '#188038' } })
      .png()
      .toBuffer();
    const form = multipart([{ name: 'file', filename: 'icon.png', type: 'image/png', data: png }]);
    const uploaded = await designer.request({
      method: 'POST',
      url: '/api/v1/admin/appearance/images',
      payload: form.payload,
      headers: form.headers,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const saved = await put(designer, SETTINGS, {
      settings: { 'branding.site_name': 'Vault', 'branding.favicon': uploaded.json().url },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const body = await manifest();
    expect(body.name).toBe('Vault');
    expect(body.icons).toHaveLength(2);
    for (const [index, size] of [192, 512].entries()) {
      const icon = body.icons[index];
      expect(icon).toEqual({
        src: expect.stringMatching(new RegExp(`^/api/v1/appearance/favicons/[0-9a-f-]{36}-${size}\\.png$`)),
        sizes: `${size}x${size}`,
        type: 'image/png',
      });
      const served = await visitor.get(icon.src);
      expect(served.statusCode).toBe(200);
      expect((await sharp(served.rawPayload).metadata()).width).toBe(size);
    }
  });
});
