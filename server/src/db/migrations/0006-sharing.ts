import { sql, type Kysely } from 'kysely';
import { withId, withTimestamps } from './helpers.ts';

// Sharing: entries shared with people (a folder's share covers its subtree through the
// materialized path), one shareable link per entry, and the notifications table that
// 0009-notifications extends (a share stores a file-entry-shared row now).

export async function up(db: Kysely<unknown>): Promise<void> {
  await withTimestamps(
    withId(db, db.schema.createTable('file_entry_shares'))
      .addColumn('file_entry_id', 'integer', (c) => c.notNull().references('file_entries.id').onDelete('cascade'))
      // Who shared it: the entry's owner.
      .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // The recipient; null while the invitation of an address without an account is pending.
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('permission', 'text', (c) => c.notNull())
      // SHA-256 of the token in the invitation mail (pending invitations only).
      .addColumn('invite_token_hash', 'text'),
  ).execute();
  await db.schema
    .createIndex('fes_entry_email_uq')
    .on('file_entry_shares')
    .columns(['file_entry_id', 'email'])
    .unique()
    .execute();
  // "Shared with me" and the permission check read a user's shares by entry.
  await db.schema
    .createIndex('fes_user_entry_idx')
    .on('file_entry_shares')
    .columns(['user_id', 'file_entry_id'])
    .execute();
  await sql`create index fes_pending_email_idx on file_entry_shares (email) where user_id is null`.execute(db);
  await db.schema.createIndex('fes_invite_token_idx').on('file_entry_shares').column('invite_token_hash').execute();

  await withTimestamps(
    withId(db, db.schema.createTable('shareable_links'))
      .addColumn('hash', 'text', (c) => c.notNull().unique())
      .addColumn('file_entry_id', 'integer', (c) =>
        c.notNull().unique().references('file_entries.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // argon2id hash; null: no password.
      .addColumn('password', 'text')
      .addColumn('expires_at', 'text')
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('allow_download', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('allow_edit', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('restricted', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await db.schema.createIndex('shareable_links_user_idx').on('shareable_links').column('user_id').execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('notifications_user_created_idx')
    .on('notifications')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notifications').ifExists().execute();
  await db.schema.dropTable('shareable_links').ifExists().execute();
  await db.schema.dropTable('file_entry_shares').ifExists().execute();
}
