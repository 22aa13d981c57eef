import { sql, type Kysely } from 'kysely';
import { withId } from './helpers.ts';

// Uploads of any size: space reserved while an upload runs, and the uploads in flight
// (tus, direct-to-S3 simple and multipart) with the storage key the server minted.

export async function up(db: Kysely<unknown>): Promise<void> {
  // Bytes promised to uploads that have not become entries yet; counted against the quota
  // until they expire or are released.
  await withId(db, db.schema.createTable('space_reservations'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('space_reservations_user_idx')
    .on('space_reservations')
    .columns(['user_id', 'expires_at'])
    .execute();
  await db.schema.createIndex('space_reservations_expires_idx').on('space_reservations').column('expires_at').execute();

  await withId(db, db.schema.createTable('pending_uploads'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    // The storage key the bytes end under (storage/keys.ts), minted by the server.
    .addColumn('key', 'text', (c) => c.notNull().unique())
    // tus: the id in the upload URL; S3 multipart: the store's UploadId.
    .addColumn('upload_id', 'text')
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('extension', 'text')
    .addColumn('parent_id', 'integer')
    .addColumn('relative_path', 'text')
    .addColumn('workspace_id', 'integer')
    .addColumn('reservation_id', 'integer', (c) => c.references('space_reservations.id').onDelete('set null'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('entry_id', 'integer', (c) => c.references('file_entries.id').onDelete('set null'))
    .addColumn('claimed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pending_uploads_user_idx').on('pending_uploads').column('user_id').execute();
  await db.schema.createIndex('pending_uploads_upload_id_idx').on('pending_uploads').column('upload_id').execute();
  await db.schema.createIndex('pending_uploads_expires_idx').on('pending_uploads').column('expires_at').execute();

  // Files still waiting for their SHA-256 (direct uploads, hashed by a background job).
  await sql`create index fe_sha256_missing_idx on file_entries (id) where sha256 is null and is_folder = 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists fe_sha256_missing_idx`.execute(db);
  await db.schema.dropTable('pending_uploads').ifExists().execute();
  await db.schema.dropTable('space_reservations').ifExists().execute();
}
