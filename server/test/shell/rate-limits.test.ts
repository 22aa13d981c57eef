import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { Agent, createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let second: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
  // A second app on the same database stands for a second server process behind a load balancer.
  second = await buildApp(t.modules);
  await second.ready();
});
afterAll(async () => {
  await second.close();
  await t.close();
});

describe('rate limits', () => {
  it('are shared by every server process on one database', async () => {
    const headers = { 'x-forwarded-for': '198.51.100.7' };
    const first = new Agent(t.app, headers);
    for (let i = 0; i < 20; i++)
      expect((await first.post('/api/v1/users/me/locale', { locale: 'en' })).statusCode).toBe(200);
    const other = new Agent(second, headers);
    const res = await other.post('/api/v1/users/me/locale', { locale: 'en' });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/Too many attempts/);
  });

  it('count each address on its own', async () => {
    const res = await new Agent(second, { 'x-forwarded-for': '198.51.100.8' }).post('/api/v1/users/me/locale', {
      locale: 'en',
    });
    expect(res.statusCode).toBe(200);
  });

  it('start again once the window has passed', async () => {
    await t.modules.db
      .updateTable('rate_limits')
      .set({ reset_at: Date.now() - 1 })
      .execute();
    const res = await new Agent(t.app, { 'x-forwarded-for': '198.51.100.7' }).post('/api/v1/users/me/locale', {
      locale: 'en',
    });
    expect(res.statusCode).toBe(200);
  });
});
