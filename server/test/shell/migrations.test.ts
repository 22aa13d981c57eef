import path from 'node:path';
import { type RawBuilder, sql } from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../src/db/database.ts';
import * as m0001 from '../../src/db/migrations/0001-foundation.ts';
import * as m0002 from '../../src/db/migrations/0002-accounts.ts';
import * as m0003 from '../../src/db/migrations/0003-drive.ts';
import * as m0004 from '../../src/db/migrations/0004-rate-limits.ts';
import * as m0007 from '../../src/db/migrations/0007-user-date-format.ts';
import { MIGRATION_NAMES, appliedMigrations, migrateDown, migrateTo, migrateToLatest } from '../../src/db/migrator.ts';
import { DriveClient } from '../helpers/drive.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.ts';

// Every migration goes up and comes down again on both dialects: a down() that leaves a table,
// column, index or trigger behind shows up as a schema that differs from the one before its up().

/** The migrator's own tables: they stay when every migration is reverted. */
const BOOKKEEPING = ['kosh_migrations', 'kosh_migrations_lock'];

type Schema = Record<string, string[]>;

/** Everything the migrations create, as sorted text lines per kind (the migrator's tables left out). */
async function readSchema(db: Database, dialect: 'sqlite' | 'postgres'): Promise<Schema> {
  const lines = async (query: RawBuilder<{ line: string }>) => (await query.execute(db)).rows.map((r) => r.line).sort();
  if (dialect === 'sqlite') {
    // The stored CREATE text carries columns in order, types, defaults, keys and index predicates.
    const objects = await lines(sql<{ line: string }>`
      select type || ' ' || name || ' on ' || tbl_name || ': ' || coalesce(sql, '') as line
      from sqlite_master
      where name not like 'sqlite_%' and name not in ('kosh_migrations', 'kosh_migrations_lock')`);
    return { objects };
  }
  const columns = await sql<{ table_name: string; line: string }>`
    select table_name, column_name || ' ' || data_type || ' ' || is_nullable || ' ' || is_identity
      || ' default ' || coalesce(column_default, '-') || ' collate ' || coalesce(collation_name, '-') as line
    from information_schema.columns
    where table_schema = current_schema() and table_name not like 'kosh_migrations%'
    order by table_name, ordinal_position`.execute(db);
  // Positions are left out: PostgreSQL keeps the number of a dropped column, the order is what counts.
  const byTable = new Map<string, string[]>();
  for (const c of columns.rows) byTable.set(c.table_name, [...(byTable.get(c.table_name) ?? []), c.line]);
  return {
    tables: [...byTable].map(([table, cols]) => `${table}(${cols.join(', ')})`).sort(),
    indexes: await lines(sql<{ line: string }>`
      select indexdef as line from pg_indexes
      where schemaname = current_schema() and tablename not like 'kosh_migrations%'`),
    constraints: await lines(sql<{ line: string }>`
      select conrelid::regclass::text || ' ' || conname || ': ' || pg_get_constraintdef(oid) as line
      from pg_constraint
      where connamespace = current_schema()::regnamespace and conrelid::regclass::text not like 'kosh_migrations%'`),
    triggers: await lines(sql<{ line: string }>`
      select event_object_table || ' ' || trigger_name || ' ' || event_manipulation as line
      from information_schema.triggers where trigger_schema = current_schema()`),
    sequences: await lines(sql<{ line: string }>`
      select sequence_name as line from information_schema.sequences
      where sequence_schema = current_schema() and sequence_name not like 'kosh_migrations%'`),
    views: await lines(sql<{ line: string }>`
      select table_name as line from information_schema.views where table_schema = current_schema()`),
  };
}

async function listTables(db: Database, dialect: 'sqlite' | 'postgres'): Promise<string[]> {
  const query =
    dialect === 'sqlite'
      ? sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`
      : sql<{ name: string }>`
          select table_name as name from information_schema.tables where table_schema = current_schema()`;
  return (await query.execute(db)).rows.map((r) => r.name).sort();
}

let tdb: TestDatabase;
let db: Database;
let empty: Schema;

beforeAll(async () => {
  tdb = await createTestDatabase();
  db = createDatabase({ databaseUrl: tdb.databaseUrl, sqliteFile: path.join(tdb.dataDir, 'kosh.sqlite') }).db;
  empty = await readSchema(db, tdb.dialect);
});
afterAll(async () => {
  await db.destroy();
  await tdb.drop();
});

describe('migrations', () => {
  it('start from a database without any table', async () => {
    expect(Object.values(empty).flat()).toEqual([]);
  });

  it('revert one at a time, each to the schema before its up', async () => {
    await migrateTo(db, null);
    const before: Schema[] = [];
    for (const name of MIGRATION_NAMES) {
      before.push(await readSchema(db, tdb.dialect));
      expect(await migrateTo(db, name)).toEqual([name]);
    }
    expect(await appliedMigrations(db)).toEqual(MIGRATION_NAMES);
    for (const name of [...MIGRATION_NAMES].reverse()) {
      expect(await migrateDown(db)).toBe(name);
      expect(await readSchema(db, tdb.dialect), `after reverting ${name}`).toEqual(before.pop());
    }
    expect(await migrateDown(db)).toBeUndefined();
    expect(await listTables(db, tdb.dialect)).toEqual(BOOKKEEPING);
    expect(await readSchema(db, tdb.dialect)).toEqual(empty);
  });

  it('go up, all down and up again to the same schema', async () => {
    await migrateTo(db, null);
    expect(await migrateToLatest(db)).toEqual(MIGRATION_NAMES);
    const first = await readSchema(db, tdb.dialect);
    expect(first).not.toEqual(empty);

    expect(await migrateTo(db, null)).toEqual([...MIGRATION_NAMES].reverse());
    expect(await listTables(db, tdb.dialect)).toEqual(BOOKKEEPING);
    expect(await readSchema(db, tdb.dialect)).toEqual(empty);

    expect(await migrateToLatest(db)).toEqual(MIGRATION_NAMES);
    expect(await readSchema(db, tdb.dialect)).toEqual(first);
    expect(await migrateToLatest(db)).toEqual([]);
  });

  it('leave a database the app works with after going down and up, and revert it with its rows', async () => {
    await migrateToLatest(db);
    // The variables given override the helper's own fresh database: the app opens this one.
    const t = await createTestApp({
      DATA_DIR: tdb.dataDir,
      ...(tdb.databaseUrl ? { DATABASE_URL: tdb.databaseUrl } : {}),
    });
    try {
      const me = await DriveClient.create(t);
      const folder = await me.folder('Quarterly Reports');
      const file = await me.upload('quarterly-notes.txt', 'figures', { parentId: folder.id });
      expect((await me.agent.post('/api/v1/file-entries/star', { entryIds: [file.id] })).statusCode).toBe(200);
      expect(await me.names()).toEqual(['Quarterly Reports']);
      expect(await me.names({ section: 'folder', folderHash: folder.hash })).toEqual(['quarterly-notes.txt']);
      // Name search reads the trigram index (PostgreSQL) or the FTS table and its triggers (SQLite).
      expect((await me.names({ section: 'search', query: 'QUARTERLY' })).sort()).toEqual([
        'Quarterly Reports',
        'quarterly-notes.txt',
      ]);
    } finally {
      await t.close();
    }
    expect(await db.selectFrom('file_entries').select('name').execute()).toHaveLength(2);
    // An operator undoing an upgrade reverts tables that hold rows (seeds, a user, entries, search rows).
    expect(await migrateTo(db, null)).toEqual([...MIGRATION_NAMES].reverse());
    expect(await readSchema(db, tdb.dialect)).toEqual(empty);
  });

  it('upgrade an install that applied 0007 before 0005 and 0006 existed', async () => {
    await migrateTo(db, null);
    const fresh = await (async () => {
      await migrateToLatest(db);
      const schema = await readSchema(db, tdb.dialect);
      await migrateTo(db, null);
      return schema;
    })();
    // The list the server shipped when 0007 landed.
    const early: Record<string, Migration> = {
      '0001-foundation': m0001,
      '0002-accounts': m0002,
      '0003-drive': m0003,
      '0004-rate-limits': m0004,
      '0007-user-date-format': m0007,
    };
    const { error } = await new Migrator({
      db,
      provider: { getMigrations: async () => early },
      migrationTableName: 'kosh_migrations',
      migrationLockTableName: 'kosh_migrations_lock',
    }).migrateToLatest();
    expect(error).toBeUndefined();

    // Every migration the early list lacked, in name order (0005, 0006, 0008 and every later one).
    expect(await migrateToLatest(db)).toEqual(MIGRATION_NAMES.filter((name) => !(name in early)));
    expect(await readSchema(db, tdb.dialect)).toEqual(fresh);
    const applied = await appliedMigrations(db);
    // The early ones first, then the rest in name order (0005, 0006, 0008 and every later one).
    expect(applied).toEqual([...Object.keys(early), ...MIGRATION_NAMES.filter((name) => !(name in early))]);
    // Down follows the order this database applied them in.
    expect(await migrateTo(db, null)).toEqual([...applied].reverse());
    expect(await readSchema(db, tdb.dialect)).toEqual(empty);
  });
});
