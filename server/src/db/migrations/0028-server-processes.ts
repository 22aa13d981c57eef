import { type Kysely, sql } from 'kysely';

// Each running server process writes a row every few seconds (notifications/process-census.ts), so
// the admin area's realtime view lists every process sharing the database with its open streams.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('server_processes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('host', 'text', (c) => c.notNull())
    .addColumn('pid', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('seen_at', 'text', (c) => c.notNull())
    .addColumn('clients', 'integer', (c) => c.notNull().defaultTo(0))
    // 1 or 0 while the LISTEN connection is (not) open on PostgreSQL; null where none is needed (SQLite).
    .addColumn('listening', 'integer')
    .execute();
  await sql`create index server_processes_seen_idx on server_processes (seen_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('server_processes').execute();
}
