import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createUser, loginAs } from '../helpers/factories.ts';
import { createAccountsApp, del, localServer, newAgent } from '../helpers/accounts.ts';
import { SafeFetcher } from '../../src/net/safe-fetch.ts';
import { multipart } from '../helpers/multipart.ts';
import type { Agent, TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let close: () => Promise<void>;
let png: Buffer;
beforeAll(async () => {
  ({ t, close } = await createAccountsApp());
  png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#c0392b' } })
    .png()
    .toBuffer();
});
afterAll(() => close());

const realFetcher = () => t.modules.account.avatars.fetcher;
let defaultFetcher: ReturnType<typeof realFetcher> | undefined;
afterEach(() => {
  if (defaultFetcher) t.modules.account.avatars.fetcher = defaultFetcher;
  defaultFetcher = undefined;
});
/** Lets the fetcher reach 127.0.0.1 (where the test servers are) and nothing else that is internal. */
function allowLoopbackTestServers() {
  defaultFetcher = realFetcher();
  t.modules.account.avatars.fetcher = new SafeFetcher({ isAllowed: (ip) => ip === '127.0.0.1' });
}

async function signedIn(): Promise<{ agent: Agent; user: Awaited<ReturnType<typeof createUser>> }> {
  const user = await createUser(t.modules);
  const agent = newAgent(t);
  await loginAs(t.modules, agent, user);
  return { agent, user };
}

const upload = (agent: Agent, userId: number, body: ReturnType<typeof multipart>) =>
  agent.request({
    method: 'POST',
    url: `/api/v1/users/${userId}/avatar`,
    payload: body.payload,
    headers: body.headers,
  });
const byUrl = (agent: Agent, userId: number, url: string) =>
  upload(agent, userId, multipart([{ name: 'url', value: url }]));
const avatarsDir = () => path.join(t.db.dataDir, 'avatars');

describe('POST users/{id}/avatar with a file', () => {
  it('stores the image re-encoded as a 512 px WebP and serves it publicly', async () => {
    const { agent, user } = await signedIn();
    const res = await upload(
      agent,
      user.id,
      multipart([{ name: 'file', filename: 'me.png', type: 'image/png', data: png }]),
    );
    expect(res.statusCode).toBe(200);
    const image = res.json().user.image as string;
    expect(image).toMatch(/^\/api\/v1\/avatars\/[a-f0-9]{32}\.webp$/);
    const served = await newAgent(t).get(image);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 512, 512]);
  });

  it('replaces the earlier file', async () => {
    const { agent, user } = await signedIn();
    const first = (
      await upload(agent, user.id, multipart([{ name: 'file', filename: 'a.png', type: 'image/png', data: png }]))
    ).json().user.image as string;
    await upload(agent, user.id, multipart([{ name: 'file', filename: 'b.png', type: 'image/png', data: png }]));
    expect(fs.existsSync(path.join(avatarsDir(), path.basename(first)))).toBe(false);
  });

  it('refuses what is not an image (422 on file)', async () => {
    const { agent, user } = await signedIn();
    const res = await upload(
      agent,
      user.id,
      multipart([
        { name: 'file', filename: 'x.png', type: 'image/png', data: Buffer.from('<html>not an image</html>') },
      ]),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.file).toEqual(['Please select an image.']);
    expect((await t.modules.users.repos.users.getById(user.id))!.image).toBeNull();
  });

  it('refuses an SVG', async () => {
    const { agent, user } = await signedIn();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    expect(
      (await upload(agent, user.id, multipart([{ name: 'file', filename: 'x.svg', type: 'image/svg+xml', data: svg }])))
        .statusCode,
    ).toBe(422);
  });

  it('accepts an image of almost 2 MB', async () => {
    const { agent, user } = await signedIn();
    const noise = await sharp(randomBytes(800 * 700 * 3), { raw: { width: 800, height: 700, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(1024 * 1024);
    expect(noise.length).toBeLessThan(2 * 1024 * 1024);
    expect(
      (
        await upload(
          agent,
          user.id,
          multipart([{ name: 'file', filename: 'noise.png', type: 'image/png', data: noise }]),
        )
      ).statusCode,
    ).toBe(200);
  });

  it('reads no more than 2 MB of a much larger upload (422 on file)', async () => {
    const { agent, user } = await signedIn();
    const res = await upload(
      agent,
      user.id,
      multipart([{ name: 'file', filename: 'huge.png', type: 'image/png', data: Buffer.alloc(12 * 1024 * 1024, 1) }]),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.file).toEqual(['The image may not be larger than 2 MB.']);
  });

  it('answers 413 to an oversized JSON body', async () => {
    const { agent, user } = await signedIn();
    const res = await agent.post(`/api/v1/users/${user.id}/avatar`, {
      url: `http://example.com/${'x'.repeat(1024 * 1024 + 1)}`,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The request is too large.', code: 'payload_too_large' });
  });

  it('refuses a file over 2 MB (422 on file)', async () => {
    const { agent, user } = await signedIn();
    const res = await upload(
      agent,
      user.id,
      multipart([
        { name: 'file', filename: 'big.png', type: 'image/png', data: Buffer.alloc(2 * 1024 * 1024 + 10, 1) },
      ]),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.file).toEqual(['The image may not be larger than 2 MB.']);
  });

  it('asks for a file or an address when given neither', async () => {
    const { agent, user } = await signedIn();
    const res = await upload(agent, user.id, multipart([{ name: 'other', value: 'x' }]));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.file).toEqual(['Please select an image.']);
  });

  it("refuses another user's avatar (403) and a visitor (401)", async () => {
    const { agent } = await signedIn();
    const other = await createUser(t.modules);
    expect(
      (await upload(agent, other.id, multipart([{ name: 'file', filename: 'a.png', type: 'image/png', data: png }])))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await upload(
          newAgent(t),
          other.id,
          multipart([{ name: 'file', filename: 'a.png', type: 'image/png', data: png }]),
        )
      ).statusCode,
    ).toBe(401);
  });
});

describe('POST users/{id}/avatar with a url', () => {
  it('refuses an address on this machine', async () => {
    const server = await localServer((_req, res) => res.end(png));
    try {
      const { agent, user } = await signedIn();
      for (const url of [`${server.url}/me.png`, `${server.url.replace('127.0.0.1', 'localhost')}/me.png`]) {
        const res = await byUrl(agent, user.id, url);
        expect(res.statusCode).toBe(422);
        expect(res.json().errors.file).toEqual([
          'This address points to a private or reserved network and cannot be fetched.',
        ]);
      }
    } finally {
      await server.close();
    }
  });

  it('refuses the cloud metadata address, private networks and IPv6 internals without connecting', async () => {
    const { agent, user } = await signedIn();
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/a.png',
      'http://100.64.0.1/a.png',
      'http://[::1]/a.png',
      'http://[fd00::1]/a.png',
      'http://[fe80::1]/a.png',
    ]) {
      const res = await byUrl(agent, user.id, url);
      expect(res.statusCode, url).toBe(422);
      expect(res.json().errors.file[0]).toMatch(/private or reserved/);
    }
  });

  it('refuses schemes other than http and https', async () => {
    const { agent, user } = await signedIn();
    for (const url of ['file:///etc/passwd', 'ftp://example.com/a.png', 'not a url']) {
      const res = await byUrl(agent, user.id, url);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.file[0]).toMatch(/Only http and https|not a valid URL/);
    }
  });

  it('fetches an image from an allowed address and stores it', async () => {
    allowLoopbackTestServers();
    const server = await localServer((_req, res) => res.end(png));
    try {
      const { agent, user } = await signedIn();
      const res = await byUrl(agent, user.id, `${server.url}/me.png`);
      expect(res.statusCode).toBe(200);
      expect(res.json().user.image).toMatch(/\.webp$/);
    } finally {
      await server.close();
    }
  });

  it('checks every redirect: a hop to a private address is refused', async () => {
    allowLoopbackTestServers();
    const server = await localServer((req, res) => {
      if (req.url === '/ok') return res.writeHead(302, { location: '/final.png' }).end();
      if (req.url === '/final.png') return res.end(png);
      res.writeHead(302, { location: 'http://127.0.0.2:9/secret.png' }).end();
    });
    try {
      const { agent, user } = await signedIn();
      const refused = await byUrl(agent, user.id, `${server.url}/evil`);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.file).toEqual([
        'This address points to a private or reserved network and cannot be fetched.',
      ]);
      expect((await byUrl(agent, user.id, `${server.url}/ok`)).statusCode).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('stops reading past 2 MB', async () => {
    allowLoopbackTestServers();
    const server = await localServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(Buffer.alloc(3 * 1024 * 1024, 7));
    });
    try {
      const { agent, user } = await signedIn();
      const res = await byUrl(agent, user.id, `${server.url}/huge.png`);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.file).toEqual(['The image may not be larger than 2 MB.']);
    } finally {
      await server.close();
    }
  });

  it('accepts the address as JSON too', async () => {
    const { agent, user } = await signedIn();
    const res = await agent.post(`/api/v1/users/${user.id}/avatar`, { url: 'http://169.254.169.254/' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.file[0]).toMatch(/private or reserved/);
  });
});

describe('DELETE users/{id}/avatar', () => {
  it('removes the image and its file', async () => {
    const { agent, user } = await signedIn();
    const image = (
      await upload(agent, user.id, multipart([{ name: 'file', filename: 'a.png', type: 'image/png', data: png }]))
    ).json().user.image as string;
    const res = await del(agent, `/api/v1/users/${user.id}/avatar`);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.image).toBeNull();
    expect(fs.existsSync(path.join(avatarsDir(), path.basename(image)))).toBe(false);
    expect((await newAgent(t).get(image)).statusCode).toBe(404);
  });

  it("refuses another user's (403)", async () => {
    const { agent } = await signedIn();
    const other = await createUser(t.modules);
    expect((await del(agent, `/api/v1/users/${other.id}/avatar`)).statusCode).toBe(403);
  });
});

describe('GET avatars/{file}', () => {
  it('serves only generated names', async () => {
    expect((await newAgent(t).get('/api/v1/avatars/..%2F..%2Fkosh.sqlite')).statusCode).toBe(404);
    expect((await newAgent(t).get(`/api/v1/avatars/${'a'.repeat(32)}.webp`)).statusCode).toBe(404);
  });
});
