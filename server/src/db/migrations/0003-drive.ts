import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../database.ts';
import { withId, withTimestamps } from './helpers.ts';

// The drive: a tree of files and folders with a materialized path, stars, and name search.
// Index choices follow the budgets in DESIGN.md: the first page of a 100,000-entry folder
// reads (parent_id, is_folder, <sort column>) in order, and name search uses trigrams
// (pg_trgm on PostgreSQL, an FTS5 trigram table on SQLite).

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await withTimestamps(
    withId(db, db.schema.createTable('file_entries'))
      .addColumn('hash', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('file_name', 'text')
      .addColumn('mime', 'text')
      .addColumn('extension', 'text')
      .addColumn('file_size', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('type', 'text', (c) => c.notNull())
      // type = 'folder' as 0/1: lets one index serve "folders first, then by the chosen column".
      .addColumn('is_folder', 'integer', (c) => c.notNull().defaultTo(0))
      // No foreign key: subtrees are removed by path range in one statement, and a cascade
      // would look up children row by row through an index that covers live rows only.
      .addColumn('parent_id', 'integer')
      // Byte order on PostgreSQL too, so prefix ranges ('/1/2/' <= path < '/1/20') work under any locale.
      .addColumn('path', 'text', (c) => (pg ? c.notNull().modifyEnd(sql`collate "C"`) : c.notNull()))
      .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('workspace_id', 'integer')
      .addColumn('sha256', 'text')
      .addColumn('thumbnail', 'text')
      .addColumn('trash_root_id', 'integer')
      .addColumn('deleted_at', 'text'),
  ).execute();

  // Listing indexes: one range holds a folder's live children in sort order, and counting
  // them reads the index alone. Every filter is an equality ahead of the sort column, so no
  // planner, with or without statistics, is drawn into a skip-scan or a sort of the folder.
  // PostgreSQL orders by an index only after `=` columns (not `is null`): there the indexes
  // are partial (live rows only). SQLite does not count a partial index as covering when the
  // query names its predicate column: there deleted_at (null for live rows) is a key column.
  const index = (name: string, columns: string) => {
    const keys = pg ? columns.replace('deleted_at, ', '') : columns;
    const where = pg ? ' where deleted_at is null' : '';
    return sql`create index ${sql.raw(name)} on file_entries (${sql.raw(keys)})${sql.raw(where)}`.execute(db);
  };
  await index('fe_children_updated_idx', 'parent_id, deleted_at, is_folder, updated_at, id');
  await index('fe_children_created_idx', 'parent_id, deleted_at, is_folder, created_at, id');
  await index('fe_children_name_idx', 'parent_id, deleted_at, is_folder, name, id');
  await index('fe_children_size_idx', 'parent_id, deleted_at, is_folder, file_size, id');
  // The personal drive's root and its recent files: PostgreSQL takes the `is null` columns
  // into the predicate for the same reason (workspace roots get theirs with workspaces).
  if (pg) {
    await sql
      .raw(
        'create index fe_root_updated_idx on file_entries (owner_id, is_folder, updated_at, id) ' +
          'where parent_id is null and workspace_id is null and deleted_at is null',
      )
      .execute(db);
    await sql
      .raw(
        'create index fe_owner_recent_idx on file_entries (owner_id, is_folder, updated_at, id) ' +
          'where workspace_id is null and deleted_at is null',
      )
      .execute(db);
  } else {
    await index('fe_root_updated_idx', 'parent_id, owner_id, workspace_id, deleted_at, is_folder, updated_at, id');
    await index('fe_owner_recent_idx', 'owner_id, workspace_id, deleted_at, is_folder, updated_at, id');
  }
  // Name clashes are case-insensitive (as on Windows and macOS).
  await index('fe_parent_lower_name_idx', 'parent_id, deleted_at, lower(name)');
  await sql
    .raw('create index fe_owner_trash_idx on file_entries (owner_id, deleted_at) where deleted_at is not null')
    .execute(db);
  await sql`create index fe_deleted_idx on file_entries (deleted_at) where deleted_at is not null`.execute(db);
  // Subtrees are path prefix ranges: moving, trashing or deleting a folder is one indexed statement.
  await db.schema.createIndex('fe_path_idx').on('file_entries').column('path').execute();
  await db.schema.createIndex('fe_file_name_idx').on('file_entries').column('file_name').execute();
  // Space used per owner, read as an index-only sum.
  await db.schema.createIndex('fe_owner_size_idx').on('file_entries').columns(['owner_id', 'file_size']).execute();

  await db.schema
    .createTable('stars')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('file_entry_id', 'integer', (c) => c.notNull().references('file_entries.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('stars_pk', ['user_id', 'file_entry_id'])
    .execute();
  await db.schema.createIndex('stars_entry_idx').on('stars').column('file_entry_id').execute();

  if (pg) {
    // pg_trgm is a trusted extension (PostgreSQL 13+): a database owner may create it.
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index fe_name_trgm_idx on file_entries using gin (lower(name) gin_trgm_ops)`.execute(db);
  } else {
    await sql
      .raw(
        "create virtual table file_entries_fts using fts5(name, content='file_entries', " +
          "content_rowid='id', tokenize='trigram')",
      )
      .execute(db);
    await sql`create trigger file_entries_fts_ai after insert on file_entries begin
      insert into file_entries_fts(rowid, name) values (new.id, new.name); end`.execute(db);
    await sql`create trigger file_entries_fts_ad after delete on file_entries begin
      insert into file_entries_fts(file_entries_fts, rowid, name) values ('delete', old.id, old.name); end`.execute(db);
    await sql`create trigger file_entries_fts_au after update of name on file_entries begin
      insert into file_entries_fts(file_entries_fts, rowid, name) values ('delete', old.id, old.name);
      insert into file_entries_fts(rowid, name) values (new.id, new.name); end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) {
    for (const t of ['file_entries_fts_ai', 'file_entries_fts_ad', 'file_entries_fts_au'])
      await sql`drop trigger if exists ${sql.raw(t)}`.execute(db);
    await sql`drop table if exists file_entries_fts`.execute(db);
  }
  await db.schema.dropTable('stars').ifExists().execute();
  // Drops fe_name_trgm_idx with it. pg_trgm stays: it may predate Kosh, may belong to another
  // role (dropping it would fail), holds no rows, and up() creates it only if missing.
  await db.schema.dropTable('file_entries').ifExists().execute();
}
