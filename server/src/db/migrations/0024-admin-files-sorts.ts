import { sql, type Kysely } from 'kysely';

// The admin files list's two common filters keep their first page an index range under every sort.
// A type holds a tenth of a drive or more, too many rows to sort per page: (type, column, id) for
// name and last change (created_at has 0023's index; size uses the drive's (is_folder, type,
// file_size), the list adding the is_folder the type implies). Trash is a small part of the
// table, so its sorts are partial indexes over trashed rows only.

const TYPE_INDEXES = [
  ['fe_admin_type_name_idx', 'type, name, id'],
  ['fe_admin_type_updated_idx', 'type, updated_at, id'],
] as const;
const TRASH_INDEXES = [
  ['fe_admin_trash_created_idx', 'created_at, id'],
  ['fe_admin_trash_updated_idx', 'updated_at, id'],
  ['fe_admin_trash_name_idx', 'name, id'],
  ['fe_admin_trash_size_idx', 'file_size, id'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, columns] of TYPE_INDEXES)
    await sql`create index ${sql.raw(name)} on file_entries (${sql.raw(columns)})`.execute(db);
  for (const [name, columns] of TRASH_INDEXES)
    await sql`create index ${sql.raw(name)} on file_entries (${sql.raw(columns)}) where deleted_at is not null`.execute(
      db,
    );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of [...TYPE_INDEXES, ...TRASH_INDEXES])
    await sql`drop index if exists ${sql.raw(name)}`.execute(db);
}
