import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

// Uploads: a finalizing claim names the process that holds it, so a claim left by a process
// that is gone is taken over at once instead of after the stale-claim delay.
// ZIP downloads: one row per archive being streamed, so every server process counts the same
// running archives per user, per link and per client address.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pending_uploads').addColumn('claimed_by', 'text').execute();

  await withId(db, db.schema.createTable('zip_downloads'))
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('link_id', 'integer')
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    // Renewed while the archive streams; a row not renewed belongs to a process that stopped.
    .addColumn('alive_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('zip_downloads_user_idx').on('zip_downloads').column('user_id').execute();
  await db.schema.createIndex('zip_downloads_link_idx').on('zip_downloads').column('link_id').execute();
  await db.schema.createIndex('zip_downloads_address_idx').on('zip_downloads').column('address').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('zip_downloads').execute();
  await db.schema.alterTable('pending_uploads').dropColumn('claimed_by').execute();
}
