import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { newAgent } from '../helpers/accounts.ts';
import { createUser, loginAs } from '../helpers/factories.ts';
import { createTestApp, startTestRuntime, type TestApp } from '../helpers/test-app.ts';
import { StreamReader } from './stream.ts';
import { notify } from './notifications.ts';

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

async function person(app: TestApp = t) {
  const user = await createUser(app.modules);
  const agent = newAgent(app);
  const token = await loginAs(app.modules, agent, user);
  return { user, agent, token };
}

describe('GET notifications/stream', () => {
  it('opens with the unread count and delivers a new notification within two seconds', async () => {
    const { user, agent, token } = await person();
    await notify(t, user.id, 'before');
    const stream = await StreamReader.open(baseUrl, token);
    try {
      expect(stream.status).toBe(200);
      await stream.waitFor('unread', (d) => d.unreadCount === 1);
      const started = Date.now();
      await notify(t, user.id, '<strong>Live</strong><script>x</script>');
      const { data } = await stream.waitFor('notification');
      expect(Date.now() - started).toBeLessThan(2000);
      expect(data.unreadCount).toBe(2);
      expect(data.notification).toMatchObject({
        type: 'file-entry-shared',
        read_at: null,
        data: { lines: [{ type: 'primary', content: '<strong>Live</strong>' }] },
      });
      expect(data.notification.id).toBe((await agent.get('/api/v1/notifications')).json().pagination.data[0].id);

      await agent.post('/api/v1/notifications/mark-as-read', { all: true });
      await stream.waitFor('unread', (d) => d.unreadCount === 0);
    } finally {
      stream.close();
    }
  });

  it("does not send one user's notifications to another user's stream", async () => {
    const a = await person();
    const b = await person();
    const stream = await StreamReader.open(baseUrl, b.token);
    try {
      await stream.waitFor('unread');
      await notify(t, a.user.id, 'for a only');
      await notify(t, b.user.id, 'for b');
      const { data } = await stream.waitFor('notification');
      expect(data.notification.data.lines[0].content).toBe('for b');
      expect(stream.events.filter((e) => e.event === 'notification')).toHaveLength(1);
    } finally {
      stream.close();
    }
  });

  it('answers 401 without a session and 429 past the per-user stream cap', async () => {
    const guest = await StreamReader.open(baseUrl, null);
    expect(guest.status).toBe(401);
    const { token } = await person();
    const open: StreamReader[] = [];
    try {
      for (let i = 0; i < 8; i++) open.push(await StreamReader.open(baseUrl, token));
      expect(open.map((s) => s.status)).toEqual(Array(8).fill(200));
      const extra = await StreamReader.open(baseUrl, token);
      expect(extra.status).toBe(429);
      open.pop()!.close();
      await new Promise((r) => setTimeout(r, 200));
      const again = await StreamReader.open(baseUrl, token);
      expect(again.status).toBe(200);
      open.push(again);
    } finally {
      for (const s of open) s.close();
    }
  });

  it('ends a stream at the next heartbeat once its session logged out; keeps streams of live sessions', async () => {
    const { user, agent, token } = await person();
    const otherDevice = newAgent(t);
    const otherToken = await loginAs(t.modules, otherDevice, user);
    const ending = await StreamReader.open(baseUrl, token);
    const staying = await StreamReader.open(baseUrl, otherToken);
    try {
      await ending.waitFor('unread');
      await staying.waitFor('unread');
      expect((await agent.post('/auth/logout')).statusCode).toBe(200);
      await t.modules.notifications.streams.beat();
      await expect.poll(() => ending.ended, { timeout: 2000 }).toBe(true);
      expect(staying.ended).toBe(false);
      await expect.poll(() => staying.comments, { timeout: 2000 }).toBeGreaterThan(0);
    } finally {
      ending.close();
      staying.close();
    }
  });

  it('ends open streams when the server shuts down, so it closes promptly', async () => {
    const other = await createTestApp();
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(other.app.server.address() as AddressInfo).port}`;
    const { token } = await person(other);
    const stream = await StreamReader.open(url, token);
    await stream.waitFor('unread');
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(3000);
    await expect.poll(() => stream.ended, { timeout: 2000 }).toBe(true);
  });

  it.runIf(process.env.KOSH_TEST_DB === 'postgres')(
    'reaches a stream opened on another server process sharing the PostgreSQL database',
    async () => {
      // A second app on the same database, as a second server process would be.
      const config = loadConfig({
        DATA_DIR: t.db.dataDir,
        DATABASE_URL: t.db.databaseUrl!,
        LOG_LEVEL: 'warn',
        WEB_DIST_DIR: `${t.db.dataDir}/web-dist`,
      });
      const modules = await startTestRuntime(config);
      const second = await buildApp(modules);
      await second.listen({ port: 0, host: '127.0.0.1' });
      try {
        const secondUrl = `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`;
        const { user, token } = await person();
        const stream = await StreamReader.open(secondUrl, token);
        try {
          await stream.waitFor('unread', (d) => d.unreadCount === 0);
          const started = Date.now();
          await notify(t, user.id, 'from the first process');
          const { data } = await stream.waitFor('notification');
          expect(Date.now() - started).toBeLessThan(2000);
          expect(data).toMatchObject({
            unreadCount: 1,
            notification: { data: { lines: [{ content: 'from the first process' }] } },
          });
          // And a mark-as-read on the first process updates the count on the second.
          await t.modules.notifications.inbox.markAsRead({ requireUser: () => user } as never, {
            all: true,
          });
          await stream.waitFor(
            'unread',
            (d) => d.unreadCount === 0 && stream.events.filter((e) => e.event === 'unread').length > 1,
          );
        } finally {
          stream.close();
        }
      } finally {
        await second.close();
        await modules.lifecycle.stop();
      }
    },
  );
});
