import type { Kysely } from 'kysely';
import { withId, withTimestamps } from './helpers.ts';

// Accounts: device details and password confirmation on sessions, TOTP replay guard,
// password resets, email codes, linked social profiles and one-time human checks.
const SESSION_COLUMNS = ['device_type', 'platform', 'browser', 'city', 'country', 'password_confirmed_at'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  // SQLite adds one column per ALTER TABLE.
  for (const column of SESSION_COLUMNS) await db.schema.alterTable('sessions').addColumn(column, 'text').execute();
  await db.schema.alterTable('users').addColumn('two_factor_last_time_step', 'bigint').execute();
  await db.schema
    .alterTable('users')
    .addColumn('profile_skip_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db, db.schema.createTable('password_resets'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('password_resets_user_idx').on('password_resets').column('user_id').execute();

  await withId(db, db.schema.createTable('email_verification_codes'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('email_codes_user_idx').on('email_verification_codes').column('user_id').execute();

  await withTimestamps(
    withId(db, db.schema.createTable('social_profiles'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('service_name', 'text', (c) => c.notNull())
      .addColumn('user_service_id', 'text', (c) => c.notNull())
      .addColumn('username', 'text')
      .addColumn('email', 'text')
      .addUniqueConstraint('social_profiles_service_uid', ['service_name', 'user_service_id'])
      .addUniqueConstraint('social_profiles_user_service', ['user_id', 'service_name']),
  ).execute();

  await db.schema
    .createTable('human_checks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['human_checks', 'social_profiles', 'email_verification_codes', 'password_resets'])
    await db.schema.dropTable(t).ifExists().execute();
  await db.schema.alterTable('users').dropColumn('profile_skip_count').execute();
  await db.schema.alterTable('users').dropColumn('two_factor_last_time_step').execute();
  for (const column of SESSION_COLUMNS) await db.schema.alterTable('sessions').dropColumn(column).execute();
}
