import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AdminFilesPage } from '@kosh/contracts';
import { ESTIMATE_FROM_ROWS } from '../../src/admin/list-page.ts';
import { DriveClient } from '../helpers/drive.ts';
import { staffAgent } from '../helpers/staff.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';
import { qs } from './users-fixtures.ts';

// The total under GET admin/files over more rows than an exact count is worth: PostgreSQL answers
// its own estimate for the unfiltered list (and says so), every filtered list is counted exactly,
// and SQLite always counts.
let t: TestApp;
let admin: Agent;
const ROWS = ESTIMATE_FROM_ROWS + 5_000;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await staffAgent(t, { admin: true })).agent;
  const owner = (await DriveClient.create(t)).user.id;
  const stamp = new Date().toISOString();
  // One statement for a hundred thousand rows: a folder's worth of plain files at the root.
  const numbers =
    t.modules.dialect === 'postgres'
      ? sql`select n from generate_series(1, ${ROWS}) as n`
      : sql`with recursive s(n) as (select 1 union all select n + 1 from s where n < ${ROWS}) select n from s`;
  await sql`
    insert into file_entries (hash, name, file_size, type, is_folder, path, owner_id, created_at, updated_at)
    select 'bulk-' || n, 'bulk-' || n || '.txt', n, case when n % 10 = 0 then 'video' else 'text' end, 0,
      '/b' || n || '/', ${owner}, ${stamp}, ${stamp}
    from (${numbers}) as numbers`.execute(t.modules.db);
  if (t.modules.dialect === 'postgres') await sql`analyze file_entries`.execute(t.modules.db);
}, 120_000);
afterAll(() => t.close());

async function page(query: Record<string, string | number>): Promise<AdminFilesPage['pagination']> {
  const res = await admin.get(`/api/v1/admin/files?${qs(query)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().pagination;
}

it('answers the unfiltered total as an estimate on PostgreSQL, exactly on SQLite', async () => {
  const first = await page({});
  expect(first.data).toHaveLength(15);
  if (t.modules.dialect === 'postgres') {
    expect(first.total_estimated).toBe(true);
    // Analyse reads a sample: near, not exact.
    expect(Math.abs(first.total - ROWS)).toBeLessThan(ROWS * 0.1);
    expect(first.last_page).toBe(Math.ceil(first.total / 15));
  } else {
    expect(first.total_estimated).toBeUndefined();
    expect(first.total).toBe(ROWS);
  }
});

it('counts every filtered list exactly', async () => {
  for (const [query, total] of [
    [{ type: 'video' }, ROWS / 10],
    [{ query: 'bulk-10000.' }, 1],
    [{ inTrash: 'false', orderBy: 'name', orderDir: 'asc' }, ROWS],
  ] as const) {
    const found = await page(query);
    expect(found.total, JSON.stringify(query)).toBe(total);
    expect(found.total_estimated).toBeUndefined();
  }
});
