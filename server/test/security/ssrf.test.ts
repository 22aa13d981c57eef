import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchRefusedError, SafeFetcher } from '../../src/net/safe-fetch.ts';
import { newAgent } from '../helpers/accounts.ts';
import { PushClient } from '../helpers/push-receiver.ts';
import { createUser, loginAs } from '../helpers/factories.ts';
import { type Agent, createTestApp, type TestApp } from '../helpers/test-app.ts';

/** A server on every local address (IPv4 and IPv6) that counts the requests and connections reaching it. */
async function trap(handler?: http.RequestListener) {
  const hits: string[] = [];
  const connections: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(`${req.socket.localAddress} ${req.url}`);
    if (handler) return handler(req, res);
    res.writeHead(200, { 'content-type': 'image/png' }).end('internal');
  });
  // A TLS hello to this plain server never becomes a request: connections count those too.
  server.on('connection', (socket) => connections.push(String(socket.localAddress)));
  await new Promise<void>((resolve) => server.listen(0, '::', resolve));
  const { port } = server.address() as AddressInfo;
  const close = () => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { port, hits, connections, close };
}

/** Internal places written every way a URL parser or resolver accepts; `P` is the trap's port. */
const CORPUS = [
  'http://127.0.0.1:P/a.png',
  'http://127.1:P/a.png',
  'http://2130706433:P/a.png',
  'http://0x7f000001:P/a.png',
  'http://0177.0.0.1:P/a.png',
  'http://0x7f.0.0.1:P/a.png',
  'http://017700000001:P/a.png',
  'http://0.0.0.0:P/a.png',
  'http://0:P/a.png',
  'http://[::1]:P/a.png',
  'http://[::]:P/a.png',
  'http://[0:0:0:0:0:0:0:1]:P/a.png',
  'http://[::ffff:127.0.0.1]:P/a.png',
  'http://[::ffff:7f00:1]:P/a.png',
  'http://[0:0:0:0:0:ffff:127.0.0.1]:P/a.png',
  'http://[::127.0.0.1]:P/a.png',
  'http://[64:ff9b::127.0.0.1]:P/a.png',
  'http://[2002:7f00:1::]:P/a.png',
  'http://[fe80::1]:P/a.png',
  'http://[fc00::1]:P/a.png',
  'http://localhost:P/a.png',
  'http://LOCALHOST:P/a.png',
  'http://localhost.:P/a.png',
  'http://ip6-localhost:P/a.png',
  'http://127.0.0.1.nip.io.invalid:P/a.png',
  'http://user:pass@127.0.0.1:P/a.png',
  'http://169.254.169.254/latest/meta-data/',
  'http://[::ffff:169.254.169.254]/latest/meta-data/',
  'http://10.0.0.1:P/a.png',
  'http://192.168.1.1:P/a.png',
  'http://172.16.0.1:P/a.png',
  'http://100.64.0.1:P/a.png',
  'http://%31%32%37.0.0.1:P/a.png',
  'http://127.0.0.1%00.example.com:P/a.png',
  'file:///etc/passwd',
  'gopher://127.0.0.1:P/_x',
  'ftp://127.0.0.1:P/a.png',
];

describe('SSRF through avatar URLs', () => {
  // Class: server-side request forgery (internal addresses in every spelling, through the real route).
  let t: TestApp;
  let local: Awaited<ReturnType<typeof trap>>;
  let user: { id: number };
  let agent: Agent;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' });
    local = await trap();
    user = await createUser(t.modules);
    agent = newAgent(t);
    await loginAs(t.modules, agent, user);
  });
  afterAll(async () => {
    await t.close();
    await local.close();
  });

  it.each(CORPUS)('refuses %s (422 on file) without contacting it or changing the avatar', async (raw) => {
    // The avatar route allows 20 calls an hour per account; the corpus is longer than that.
    await t.modules.db.deleteFrom('rate_limits').execute();
    const res = await agent.post(`/api/v1/users/${user.id}/avatar`, { url: raw.replace(':P', `:${local.port}`) });
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys(res.json().errors ?? {})).toEqual(['file']);
    expect(local.hits).toEqual([]);
    const row = await t.modules.db.selectFrom('users').select('image').where('id', '=', user.id).executeTakeFirst();
    expect(row?.image ?? null).toBeNull();
  });
});

describe('SSRF through Web Push endpoints', () => {
  // Class: server-side request forgery (a browser subscription naming an internal place).
  let t: TestApp;
  let local: Awaited<ReturnType<typeof trap>>;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' });
    local = await trap();
  });
  afterAll(async () => {
    await t.close();
    await local.close();
  });

  it('refuses internal push endpoints, or never connects to them when a notification is sent', async () => {
    const user = await createUser(t.modules);
    const agent = newAgent(t);
    await loginAs(t.modules, agent, user);
    const keys = new PushClient().keys;
    const endpoints = CORPUS.filter((raw) => raw.startsWith('http://')).map((raw) =>
      raw.replace('http://', 'https://').replace(':P', `:${local.port}`),
    );
    const accepted: string[] = [];
    for (const endpoint of endpoints) {
      const res = await agent.post('/api/v1/notifications/push-subscriptions', { endpoint, keys });
      expect([201, 422], `${endpoint}: ${res.body}`).toContain(res.statusCode);
      if (res.statusCode === 201) accepted.push(endpoint);
    }
    await t.modules.notifications.notify(user.id, {
      type: 'new-sign-in',
      data: { lines: [{ type: 'primary', content: 'ping' }], mainAction: { action: '/drive', label: 'Open' } },
    });
    await t.modules.notifications.service.idle();
    expect(local.connections, `accepted: ${accepted.join(', ')}`).toEqual([]);
    expect(local.hits).toEqual([]);
  });
});

describe('SSRF through redirects', () => {
  // Class: server-side request forgery (an allowed first hop redirecting inside).
  let inside: Awaited<ReturnType<typeof trap>>;
  let outside: Awaited<ReturnType<typeof trap>>;
  const targets = (port: number) => [
    `http://127.0.0.2:${port}/x`,
    `http://[::1]:${port}/x`,
    `http://2130706434:${port}/x`,
    `http://0177.0.0.2:${port}/x`,
    `http://[::ffff:127.0.0.2]:${port}/x`,
    'http://169.254.169.254/latest/meta-data/',
    'file:///etc/passwd',
  ];
  beforeAll(async () => {
    inside = await trap();
    outside = await trap((req, res) => {
      const to = new URL(req.url ?? '/', 'http://x').searchParams.get('to') ?? '/';
      res.writeHead(302, { location: to }).end();
    });
  });
  afterAll(async () => {
    await inside.close();
    await outside.close();
  });

  // Only 127.0.0.1 stands for "the public internet" here: the redirect targets are other internal places.
  const sut = () => new SafeFetcher({ isAllowed: (ip) => ip === '127.0.0.1' });

  it('follows nothing but what the guard allows, at every hop', async () => {
    for (const to of targets(inside.port)) {
      const url = `http://127.0.0.1:${outside.port}/?to=${encodeURIComponent(to)}`;
      const error = await sut()
        .fetch(url, { maxBytes: 1024, timeoutMs: 2000, maxRedirects: 3 })
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(error, to).toBeInstanceOf(FetchRefusedError);
    }
    expect(inside.hits).toEqual([]);
    expect(outside.hits).toHaveLength(targets(inside.port).length);
  });
});
