import { sql, type Kysely } from 'kysely';

// The admin files list sorts every entry of every drive by one column: each sort gets an index
// on (column, id), so the first page reads 15 index entries instead of sorting a million rows.
// The type filter, the one most used, gets (type, created_at, id): its default page and its count
// are one index range each.
// Name search reuses the drive's trigram indexes (0003: pg_trgm, the FTS5 table).

const INDEXES = [
  ['fe_admin_created_idx', 'created_at, id'],
  ['fe_admin_updated_idx', 'updated_at, id'],
  ['fe_admin_name_idx', 'name, id'],
  ['fe_admin_size_idx', 'file_size, id'],
  ['fe_admin_type_idx', 'type, created_at, id'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, columns] of INDEXES)
    await sql`create index ${sql.raw(name)} on file_entries (${sql.raw(columns)})`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of INDEXES) await sql`drop index if exists ${sql.raw(name)}`.execute(db);
}
