// The admin lists at scale (the brief's budget): the first page of GET admin/files over 1,000,000
// entries (default order, a name search, a type filter under two sorts, one owner's files, the trash
// under two sorts) and of GET admin/users
// over 100,000 users (default order, a search), each under 200 ms at the server (Fastify inject:
// routing, session, permission, queries, serialisation). Median of 5 after a warm-up call.
import fs from 'node:fs';
import { sql } from 'kysely';
import { buildApp } from '../server/src/app.ts';
import { USER_SEARCH_TEXT } from '../server/src/db/migrations/0019-admin-users.ts';
import type { Modules } from '../server/src/modules.ts';
import { median, openBenchRuntime, tempDir, type Figure } from './lib.ts';
import { adminCookie, seed } from './report.ts';

const BUDGET_MS = 200;
const ROUNDS = 5;

/** The report's seed bulk-loads with the triggers aside: fill the SQLite search tables the lists read. */
async function fillSearchIndexes(modules: Modules): Promise<void> {
  if (modules.dialect === 'postgres') return;
  const started = Date.now();
  // A rebuild of a million names spills a small page cache to the WAL for tens of minutes; with
  // a large one it takes about two minutes. The server's own setting comes back afterwards.
  const { rows } = await sql<{ cache_size: number }>`pragma cache_size`.execute(modules.db);
  await sql`pragma cache_size = -1000000`.execute(modules.db);
  await sql`insert into file_entries_fts(file_entries_fts) values ('rebuild')`.execute(modules.db);
  await sql.raw(`pragma cache_size = ${Number(rows[0]?.cache_size ?? -2000)}`).execute(modules.db);
  await sql`delete from users_fts`.execute(modules.db);
  await sql.raw(`insert into users_fts(rowid, search) select id, ${USER_SEARCH_TEXT} from users`).execute(modules.db);
  process.stdout.write(`  search indexes filled in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}

export async function benchAdminLists(options: { databaseUrl?: string; label: string }): Promise<Figure[]> {
  const dir = tempDir('admin-lists');
  const modules = await openBenchRuntime(dir, options.databaseUrl);
  const app = await buildApp(modules);
  try {
    await seed(modules, Date.now());
    await fillSearchIndexes(modules);
    const cookie = await adminCookie(modules);
    const get = async (url: string) => {
      const res = await app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: { cookie } });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return res.json() as { pagination: { data: unknown[]; total: number } };
    };
    const figure = async (name: string, url: string): Promise<Figure> => {
      await get(url);
      const times: number[] = [];
      let body: Awaited<ReturnType<typeof get>> | undefined;
      for (let i = 0; i < ROUNDS; i++) {
        const start = process.hrtime.bigint();
        body = await get(url);
        times.push(Number(process.hrtime.bigint() - start) / 1e6);
      }
      if (!body?.pagination.data.length) throw new Error(`${url}: the list found nothing`);
      const m = median(times);
      const runs = times.map((t) => t.toFixed(0)).join(', ');
      return {
        name: `${options.label}: ${name}`,
        value: `median ${m.toFixed(1)} ms (${runs}; total ${body.pagination.total})`,
        budget: `< ${BUDGET_MS} ms`,
        ok: m < BUDGET_MS,
      };
    };
    return [
      await figure('admin/files, first page, newest first', 'admin/files'),
      await figure('admin/files, search "entry-4242"', 'admin/files?query=entry-4242'),
      await figure('admin/files, type video, largest first', 'admin/files?type=video&orderBy=file_size'),
      await figure('admin/files, type video, by name', 'admin/files?type=video&orderBy=name&orderDir=asc'),
      // The seed gives users 1000, 1005, … 1045 a fifth of all entries between them.
      await figure('admin/files, one heavy owner', 'admin/files?ownerId=1005'),
      await figure('admin/files, in trash, by name', 'admin/files?inTrash=true&orderBy=name&orderDir=asc'),
      await figure('admin/files, in trash, newest first', 'admin/files?inTrash=true'),
      await figure('admin/users, first page, newest first', 'admin/users'),
      await figure('admin/users, search "user-4242"', 'admin/users?query=user-4242'),
    ];
  } finally {
    await app.close();
    await modules.lifecycle.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
