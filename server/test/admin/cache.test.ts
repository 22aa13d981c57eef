import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caches } from '@kosh/contracts';
import { newAgent } from '../helpers/accounts.ts';
import { staffAgent } from '../helpers/staff.ts';
import { createTestApp, startSecondApp, type TestApp } from '../helpers/test-app.ts';

// The cache tab: what the server keeps in memory, and 'Clear caches', which empties them in this
// process at once and in every other process at its next sync.
const CACHE = '/api/v1/admin/cache';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const entries = (caches: Caches, id: string) => caches.caches.find((c) => c.id === id)?.entries;

describe('the caches', () => {
  it('are listed and cleared by settings editors only', async () => {
    expect((await newAgent(t).get(CACHE)).statusCode).toBe(401);
    const plain = (await staffAgent(t)).agent;
    expect((await plain.get(CACHE)).statusCode).toBe(403);
    expect((await plain.post(`${CACHE}/clear`)).statusCode).toBe(403);
  });

  it('list the report figures and guest permissions with the entries held', async () => {
    const { agent } = await staffAgent(t, { admin: true });
    expect((await agent.get('/api/v1/admin/report')).statusCode).toBe(200);
    await newAgent(t).get('/api/v1/bootstrap-data');
    const body = (await agent.get(CACHE)).json() as Caches;
    expect(body.caches.map((c) => c.id)).toEqual(['report', 'guest-role']);
    expect(entries(body, 'report')).toBeGreaterThan(0);
    expect(entries(body, 'guest-role')).toBe(1);
    expect(body.cleared_at).toBeNull();
  });

  it('are emptied here at once, audited, and in another process at its next sync', async () => {
    const { agent } = await staffAgent(t, { admin: true });
    const second = await startSecondApp(t.modules.config);
    try {
      await second.modules.caches.sync();
      // An entry in the second process's report cache, as a report asked of it would leave.
      await second.modules.report.cache.getOrMake('probe', async () => 1);
      await agent.get('/api/v1/admin/report');
      const res = await agent.post(`${CACHE}/clear`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as Caches;
      expect(entries(body, 'report')).toBe(0);
      expect(body.cleared_at).not.toBeNull();
      const audit = await t.modules.db
        .selectFrom('admin_audit_log')
        .select('action')
        .where('action', '=', 'cache.clear')
        .execute();
      expect(audit).toHaveLength(1);

      expect(second.modules.report.cache.size).toBeGreaterThan(0);
      await second.modules.caches.sync();
      expect(second.modules.report.cache.size).toBe(0);
    } finally {
      await second.close();
    }
  });
});
