// Listing and search at scale (DESIGN.md budgets): the first page of a 100,000-entry folder
// sorted by updated_at desc under 50 ms, and name search over 1,000,000 entries under 100 ms,
// both timed at the server (Fastify inject: routing, session, queries, serialisation).
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { buildApp } from '../server/src/app.ts';
import type { Modules } from '../server/src/modules.ts';
import { benchUser, median, openBenchRuntime, percentile, tempDir, timeRuns, type Figure } from './lib.ts';

const FOLDER_SIZE = 100_000;
const TOTAL = 1_000_000;
const OTHER_FOLDERS = 900;
const NEEDLE = 'quarterly-forecast';
const NEEDLES = 40;
const WORDS = [
  'invoice',
  'photo',
  'holiday',
  'notes',
  'draft',
  'scan',
  'budget',
  'summary',
  'report',
  'design',
  'meeting',
  'contract',
  'resume',
  'backup',
  'slides',
  'recipe',
  'music',
  'video',
  'letter',
  'plan',
];
const EXTS: Array<[string, string, string]> = [
  ['pdf', 'application/pdf', 'pdf'],
  ['jpg', 'image/jpeg', 'image'],
  ['txt', 'text/plain', 'text'],
  ['docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'word'],
  ['mp4', 'video/mp4', 'video'],
];

/**
 * Inserts rows in big multi-row statements inside one transaction, ids chosen up front so paths
 * need no second pass.
 */
async function seed(modules: Modules, ownerId: number): Promise<{ bigHash: string }> {
  const db = modules.db;
  const started = Date.now();
  const base = Date.parse('2025-01-01T00:00:00Z');
  const row = (id: number, parent: number | null, name: string, isFolder: boolean, i: number) => {
    const [ext, mime, type] = EXTS[i % EXTS.length];
    return {
      id,
      hash: randomBytes(12).toString('base64url'),
      name: isFolder ? name : `${name}.${ext}`,
      file_name: isFolder ? null : `entries/00/${randomBytes(16).toString('hex')}`,
      mime: isFolder ? null : mime,
      extension: isFolder ? null : ext,
      file_size: isFolder ? 0 : 1000 + (i % 5000),
      type: isFolder ? 'folder' : type,
      is_folder: isFolder ? 1 : 0,
      parent_id: parent,
      path: parent ? `/${parent}/${id}/` : `/${id}/`,
      owner_id: ownerId,
      workspace_id: null,
      created_at: new Date(base + i * 1000).toISOString(),
      updated_at: new Date(base + ((i * 7919) % TOTAL) * 1000).toISOString(),
    };
  };
  const batchSize = modules.dialect === 'postgres' ? 2000 : 1000;
  let id = 0;
  let batch: ReturnType<typeof row>[] = [];
  const rows: Array<() => ReturnType<typeof row>> = [];
  const big = ++id;
  const needles = new Set(
    Array.from({ length: NEEDLES }, (_, k) => 2 + Math.floor(((k + 0.5) * (TOTAL - OTHER_FOLDERS - 2)) / NEEDLES)),
  );
  const name = (i: number) =>
    needles.has(i) ? `${NEEDLE}-${i}` : `${WORDS[i % WORDS.length]}-${WORDS[(i * 7) % WORDS.length]}-${i}`;
  rows.push(() => row(big, null, 'Big folder', true, 0));
  for (let i = 0; i < FOLDER_SIZE; i++) {
    const n = ++id;
    rows.push(() => row(n, big, name(n), false, n));
  }
  const perFolder = Math.ceil((TOTAL - FOLDER_SIZE - 1 - OTHER_FOLDERS) / OTHER_FOLDERS);
  for (let f = 0; f < OTHER_FOLDERS && id < TOTAL; f++) {
    const folder = ++id;
    rows.push(() => row(folder, null, `folder-${f}`, true, folder));
    for (let k = 0; k < perFolder && id < TOTAL; k++) {
      const n = ++id;
      rows.push(() => row(n, folder, name(n), false, n));
    }
  }
  // Bulk load as a DBA would: set the secondary indexes (and SQLite's FTS triggers) aside,
  // insert, then rebuild them from their own stored definitions, so the bench measures the
  // schema the migrations made.
  const aside = await setIndexesAside(modules);
  await db.transaction().execute(async (trx) => {
    for (const make of rows) {
      batch.push(make());
      if (batch.length >= batchSize) {
        await trx.insertInto('file_entries').values(batch).execute();
        batch = [];
      }
    }
    if (batch.length) await trx.insertInto('file_entries').values(batch).execute();
  });
  await aside.restore();
  if (modules.dialect === 'postgres') {
    await sql`select setval(pg_get_serial_sequence('file_entries', 'id'), ${id})`.execute(db);
    await sql`vacuum analyze file_entries`.execute(db);
  } else {
    await sql`analyze`.execute(db);
  }
  const bigRow = await db.selectFrom('file_entries').select('hash').where('id', '=', big).executeTakeFirstOrThrow();
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  process.stdout.write(`  seeded ${id.toLocaleString('en')} entries in ${seconds} s (${modules.dialect})\n`);
  return { bigHash: bigRow.hash };
}

/** Drops file_entries' secondary indexes and triggers, answering how to put them back. */
async function setIndexesAside(modules: Modules): Promise<{ restore(): Promise<void> }> {
  const db = modules.db;
  if (modules.dialect === 'postgres') {
    const { rows } = await sql<{ name: string; def: string }>`
      select indexname as name, indexdef as def from pg_indexes
      where tablename = 'file_entries' and indexname not in (select conname from pg_constraint)`.execute(db);
    for (const r of rows) await sql`drop index ${sql.id(r.name)}`.execute(db);
    return { restore: async () => void (await Promise.all(rows.map((r) => sql.raw(r.def).execute(db)))) };
  }
  const { rows } = await sql<{ type: string; name: string; def: string }>`
    select type, name, sql as def from sqlite_master
    where tbl_name = 'file_entries' and type in ('index', 'trigger') and sql is not null`.execute(db);
  for (const r of rows) await sql.raw(`drop ${r.type} ${r.name}`).execute(db);
  return {
    restore: async () => {
      for (const r of rows) await sql.raw(r.def).execute(db);
      await sql`insert into file_entries_fts(file_entries_fts) values ('rebuild')`.execute(db);
    },
  };
}

export async function benchListing(options: { databaseUrl?: string; label: string }): Promise<Figure[]> {
  const dir = tempDir('listing');
  const modules = await openBenchRuntime(dir, options.databaseUrl);
  const app = await buildApp(modules);
  try {
    const user = await benchUser(modules);
    const { bigHash } = await seed(modules, user.id);
    const get = async (url: string) => {
      const res = await app.inject({ method: 'GET', url, headers: { cookie: user.cookie } });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return res.json() as { data: Array<{ name: string }>; total: number };
    };
    const first = await get(`/api/v1/drive/file-entries?section=folder&folderHash=${bigHash}`);
    if (first.total !== FOLDER_SIZE || first.data.length !== 50)
      throw new Error(`unexpected first page: total ${first.total}, ${first.data.length} rows`);
    const hits = await get(`/api/v1/drive/file-entries?section=search&query=${NEEDLE}`);
    if (hits.total !== NEEDLES) throw new Error(`search found ${hits.total}, expected ${NEEDLES}`);
    const figure = async (name: string, url: string, budgetMs: number): Promise<Figure> => {
      const times = await timeRuns(() => get(url).then(() => undefined));
      const m = median(times);
      return {
        name: `${options.label}: ${name}`,
        value: `median ${m.toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms`,
        budget: `< ${budgetMs} ms`,
        ok: m < budgetMs,
      };
    };
    return [
      await figure(
        'first page of 100,000-entry folder, updated_at desc',
        `/api/v1/drive/file-entries?section=folder&folderHash=${bigHash}`,
        50,
      ),
      await figure(
        'same, sorted by name asc',
        `/api/v1/drive/file-entries?section=folder&folderHash=${bigHash}&orderBy=name&orderDir=asc`,
        50,
      ),
      await figure(
        'page 1,000 of that folder (offset 49,950)',
        `/api/v1/drive/file-entries?section=folder&folderHash=${bigHash}&page=1000`,
        100,
      ),
      await figure(
        `search "${NEEDLE}" over 1,000,000 entries (${NEEDLES} hits)`,
        `/api/v1/drive/file-entries?section=search&query=${NEEDLE}`,
        100,
      ),
      await figure(
        'search "forecast-5" (rarer, mid-word)',
        `/api/v1/drive/file-entries?section=search&query=forecast-5`,
        100,
      ),
    ];
  } finally {
    await app.close();
    await modules.lifecycle.stop();
    (await import('node:fs')).rmSync(dir, { recursive: true, force: true });
  }
}
