import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../database.ts';
import { withId } from './helpers.ts';

// The admin users list at a million users: every sortable column read in order from an index,
// and the search served by trigrams (pg_trgm on PostgreSQL, an FTS5 trigram table on SQLite)
// over one text per user, its email and name (admin/users/admin-users.repository.ts). Nullable
// sort columns order nulls as the smallest value on both dialects: SQLite does so by itself,
// PostgreSQL gets indexes built that way. Also the queue of stored objects to delete once the
// rows naming them are gone (a deleted user's files), drained in the background.

/** The text the users search looks in; the PostgreSQL index and the queries use this expression. */
export const USER_SEARCH_TEXT = "lower(email || ' ' || coalesce(first_name, '') || ' ' || coalesce(last_name, ''))";

export async function up(db: Kysely<unknown>): Promise<void> {
  // The partial index of 0017 served only the suspended filter; a full one also serves the sort.
  await db.schema.dropIndex('users_banned_idx').execute();
  if (isPostgres(db)) {
    await db.schema.dropIndex('users_last_active_idx').execute();
    for (const column of ['last_active_at', 'banned_at'])
      await sql.raw(`create index users_${column}_sort_idx on users (${column} asc nulls first, id asc)`).execute(db);
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql
      .raw(`create index users_search_trgm_idx on users using gin ((${USER_SEARCH_TEXT}) gin_trgm_ops)`)
      .execute(db);
  } else {
    await db.schema.createIndex('users_banned_at_sort_idx').on('users').column('banned_at').execute();
    await sql`create virtual table users_fts using fts5(search, tokenize='trigram')`.execute(db);
    await sql.raw(`insert into users_fts(rowid, search) select id, ${USER_SEARCH_TEXT} from users`).execute(db);
    await sql
      .raw(
        `create trigger users_fts_ai after insert on users begin
          insert into users_fts(rowid, search) values (new.id, ${newText('new')}); end`,
      )
      .execute(db);
    await sql`create trigger users_fts_ad after delete on users begin
      delete from users_fts where rowid = old.id; end`.execute(db);
    await sql
      .raw(
        `create trigger users_fts_au after update of email, first_name, last_name on users begin
          delete from users_fts where rowid = old.id;
          insert into users_fts(rowid, search) values (new.id, ${newText('new')}); end`,
      )
      .execute(db);
  }

  await withId(db, db.schema.createTable('storage_deletions'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

/** The search text of a trigger's row. */
const newText = (row: string) =>
  `lower(${row}.email || ' ' || coalesce(${row}.first_name, '') || ' ' || coalesce(${row}.last_name, ''))`;

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('storage_deletions').execute();
  if (isPostgres(db)) {
    for (const index of ['users_search_trgm_idx', 'users_last_active_at_sort_idx', 'users_banned_at_sort_idx'])
      await db.schema.dropIndex(index).execute();
    await db.schema.createIndex('users_last_active_idx').on('users').column('last_active_at').execute();
  } else {
    for (const t of ['users_fts_ai', 'users_fts_ad', 'users_fts_au']) await sql`drop trigger ${sql.raw(t)}`.execute(db);
    await sql`drop table users_fts`.execute(db);
    await db.schema.dropIndex('users_banned_at_sort_idx').execute();
  }
  await db.schema
    .createIndex('users_banned_idx')
    .on('users')
    .column('banned_at')
    .where(sql.ref('banned_at'), 'is not', null)
    .execute();
}
