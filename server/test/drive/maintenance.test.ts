import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { DriveClient } from '../helpers/drive.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('DriveMaintenance', () => {
  it('runs once at a time in a process', async () => {
    const maintenance = t.modules.drive.maintenance;
    const [a, b] = [maintenance.runOnce(), maintenance.runOnce()];
    expect(a).toBe(b);
    expect(await a).toMatchObject({ purged: 0 });
  });

  it('keeps trash when drive.trash_purge_days is 0', async () => {
    const me = await DriveClient.create(t);
    const entry = await me.upload('old.txt', 'x');
    await me.agent.post('/api/v1/file-entries/delete', { entryIds: [entry.id] });
    await t.modules.drive.repos.entries.update(entry.id, { deleted_at: '2000-01-01T00:00:00.000Z' });
    await t.modules.settings.service.set('drive.trash_purge_days', 0);
    expect(await t.modules.drive.trash.purgeExpired()).toBe(0);
    await t.modules.settings.service.set('drive.trash_purge_days', 30);
    expect(await t.modules.drive.trash.purgeExpired()).toBe(1);
  });

  it.runIf(process.env.KOSH_TEST_DB === 'postgres')(
    'skips its run while another process holds the maintenance lock (PostgreSQL)',
    async () => {
      const other = new pg.Client({ connectionString: t.db.databaseUrl });
      await other.connect();
      try {
        await other.query('select pg_advisory_lock($1)', [0x6b6f7368]);
        expect(await t.modules.drive.maintenance.runOnce()).toEqual({ skipped: true });
        await other.query('select pg_advisory_unlock($1)', [0x6b6f7368]);
        expect(await t.modules.drive.maintenance.runOnce()).toMatchObject({ purged: 0 });
      } finally {
        await other.end();
      }
    },
  );
});

describe('OpenAPI document', () => {
  it('describes every drive route', async () => {
    const me = await DriveClient.create(t);
    const res = await me.agent.get('/api-docs/json');
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, { summary?: string }>>;
    const routes: Array<[string, string]> = [
      ['/api/v1/drive/file-entries', 'get'],
      ['/api/v1/drive/folders/{hash}/path', 'get'],
      ['/api/v1/file-entries/{hash}', 'get'],
      ['/api/v1/file-entries', 'post'],
      ['/api/v1/folders', 'post'],
      ['/api/v1/file-entries/{entryId}', 'put'],
      ['/api/v1/file-entries/move', 'post'],
      ['/api/v1/file-entries/copy', 'post'],
      ['/api/v1/file-entries/star', 'post'],
      ['/api/v1/file-entries/unstar', 'post'],
      ['/api/v1/file-entries/delete', 'post'],
      ['/api/v1/file-entries/restore', 'post'],
      ['/api/v1/file-entries/empty-trash', 'post'],
      ['/api/v1/file-entries/{hash}/download', 'get'],
      ['/api/v1/file-entries/download', 'get'],
      ['/api/v1/file-entries/{hash}/thumbnail', 'get'],
      ['/api/v1/user/space-usage', 'get'],
    ];
    for (const [path, method] of routes) expect(paths[path]?.[method]?.summary, `${method} ${path}`).toBeTruthy();
  });
});
