import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import webPush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SettingsRepository } from '../settings/settings.repository.ts';
import { PushSender, VapidKeyStore, endpointProblem } from './web-push.ts';

const logger = pino({ level: 'silent' });

describe('endpointProblem', () => {
  it('accepts public https endpoints only', () => {
    expect(endpointProblem('https://fcm.googleapis.com/fcm/send/abc', [])).toBeNull();
    expect(endpointProblem('https://updates.push.services.mozilla.com/wpush/v2/x', [])).toBeNull();
    for (const bad of [
      'http://fcm.googleapis.com/x',
      'https://127.0.0.1/x',
      'https://10.1.2.3/x',
      'https://[fe80::1]/x',
      'https://localhost:8080/x',
      'https://a.localhost/x',
      'https://user:pw@push.example.com/x',
      'file:///etc/passwd',
      'nope',
    ]) {
      expect(endpointProblem(bad, []), bad).not.toBeNull();
    }
  });

  it('lets hosts of the allow-list use http and internal addresses (tests)', () => {
    expect(endpointProblem('http://127.0.0.1:4000/push/x', ['127.0.0.1'])).toBeNull();
    expect(endpointProblem('http://10.0.0.1/push/x', ['127.0.0.1'])).not.toBeNull();
    expect(endpointProblem('ftp://127.0.0.1/x', ['127.0.0.1'])).not.toBeNull();
  });
});

describe('PushSender', () => {
  let hits = 0;
  let server: http.Server;
  let port = 0;
  beforeAll(async () => {
    server = http.createServer((_req, res) => {
      hits++;
      res.writeHead(201).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const keys = new VapidKeyStore({
    get: async () => webPush.generateVAPIDKeys(),
    insertMissing: async () => undefined,
  } as unknown as SettingsRepository);
  const client = {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  };
  const sub = (endpoint: string) => ({ id: 1, user_id: 1, endpoint, ...client, created_at: '', updated_at: '' });

  it('refuses a name that resolves to an internal address, without connecting', async () => {
    const sender = new PushSender({
      keys,
      subject: 'mailto:a@example.com',
      allowedHosts: [],
      logger,
      resolve: async () => [{ address: '127.0.0.1', family: 4 }],
    });
    expect(await sender.send(sub(`https://push.example.com:${port}/x`), '{}')).toBe('failed');
    expect(hits).toBe(0);
  });

  it('sends to an allowed host, connecting to the address it checked', async () => {
    const sender = new PushSender({ keys, subject: 'mailto:a@example.com', allowedHosts: ['127.0.0.1'], logger });
    expect(await sender.send(sub(`http://127.0.0.1:${port}/x`), '{"a":1}')).toBe('sent');
    expect(hits).toBe(1);
  });
});
