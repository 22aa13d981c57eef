import type { Kysely } from 'kysely';

// The admin report (admin/report) reads periods as range conditions on these columns. Counts and
// bytes of entries per period, space by type and active sessions come from the indexes alone, so a
// report over 1,000,000 entries stays under the 500 ms budget (bench/report.ts). users(created_at) is
// indexed by 0017.
const INDEXES: Array<[name: string, table: string, columns: string[]]> = [
  ['fe_created_idx', 'file_entries', ['created_at', 'is_folder', 'file_size']],
  ['fe_type_size_idx', 'file_entries', ['is_folder', 'type', 'file_size']],
  // Top users: files and bytes per owner in one pass (fe_owner_size_idx counts folders with files).
  ['fe_files_owner_size_idx', 'file_entries', ['is_folder', 'owner_id', 'file_size']],
  ['shareable_links_created_idx', 'shareable_links', ['created_at']],
  // Covering: active users and their countries, browsers and platforms come from the index alone.
  ['sessions_activity_idx', 'sessions', ['last_active', 'created_at', 'user_id', 'country', 'browser', 'platform']],
  ['pat_last_used_idx', 'personal_access_tokens', ['last_used_at']],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, table, columns] of INDEXES) await db.schema.createIndex(name).on(table).columns(columns).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of [...INDEXES].reverse()) await db.schema.dropIndex(name).ifExists().execute();
}
