import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeStatus } from '@kosh/contracts';
import { newAgent } from '../helpers/accounts.ts';
import { staffAgent } from '../helpers/staff.ts';
import { createTestApp, startSecondApp, type TestApp } from '../helpers/test-app.ts';

// The websockets tab: Kosh's realtime channel (server-sent events) and every server process
// sharing the database, with its open streams and, on PostgreSQL, its LISTEN connection.
const REALTIME = '/api/v1/admin/realtime';
const isPostgres = process.env.KOSH_TEST_DB === 'postgres';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the realtime status', () => {
  it('is for settings editors only', async () => {
    expect((await newAgent(t).get(REALTIME)).statusCode).toBe(401);
    expect((await (await staffAgent(t)).agent.get(REALTIME)).statusCode).toBe(403);
  });

  it('lists this process with its streams and listener', async () => {
    const { agent } = await staffAgent(t, { admin: true });
    const res = await agent.get(REALTIME);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as RealtimeStatus;
    expect(body.transport).toBe('server-sent events');
    expect(body.hub).toBe(isPostgres ? 'postgres' : 'in-process');
    expect(body.processes).toEqual([
      expect.objectContaining({
        id: t.modules.notifications.census.id,
        pid: process.pid,
        clients: 0,
        listening: isPostgres ? true : null,
        current: true,
      }),
    ]);
  });

  it('lists a second process once it has written its row, and no longer once it stopped', async () => {
    const { agent } = await staffAgent(t, { admin: true });
    const second = await startSecondApp(t.modules.config);
    const otherId = second.modules.notifications.census.id;
    try {
      await second.modules.notifications.census.beat();
      const both = (await agent.get(REALTIME)).json() as RealtimeStatus;
      expect(both.processes.map((p) => [p.id, p.current])).toEqual([
        [t.modules.notifications.census.id, true],
        [otherId, false],
      ]);
      expect(both.processes[1]?.listening).toBe(isPostgres ? true : null);
    } finally {
      await second.close();
    }
    const after = (await agent.get(REALTIME)).json() as RealtimeStatus;
    expect(after.processes.map((p) => p.id)).toEqual([t.modules.notifications.census.id]);
  });

  it('leaves out a process not seen for a minute (one that crashed)', async () => {
    const { agent } = await staffAgent(t, { admin: true });
    const old = new Date(Date.now() - 5 * 60_000).toISOString();
    await t.modules.db
      .insertInto('server_processes')
      .values({ id: 'crashed', host: 'gone', pid: 1, started_at: old, seen_at: old, clients: 3, listening: 1 })
      .execute();
    const status = (await agent.get(REALTIME)).json() as RealtimeStatus;
    expect(status.processes.map((p) => p.id)).not.toContain('crashed');
  });
});
