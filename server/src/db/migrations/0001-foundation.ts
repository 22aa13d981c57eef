import type { Kysely } from 'kysely';
import { withId, withTimestamps } from './helpers.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withTimestamps(
    withId(db, db.schema.createTable('users'))
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('password', 'text')
      .addColumn('first_name', 'text')
      .addColumn('last_name', 'text')
      .addColumn('image', 'text')
      .addColumn('country_id', 'integer')
      .addColumn('state_id', 'integer')
      .addColumn('language', 'text')
      .addColumn('timezone', 'text')
      .addColumn('email_verified_at', 'text')
      .addColumn('two_factor_secret', 'text')
      .addColumn('two_factor_recovery_codes', 'text')
      .addColumn('two_factor_confirmed_at', 'text'),
  ).execute();

  await withTimestamps(
    withId(db, db.schema.createTable('roles'))
      .addColumn('name', 'text', (c) => c.notNull().unique())
      .addColumn('description', 'text')
      .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_guest', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();

  await withId(db, db.schema.createTable('permissions'))
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('group_name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('restrictions', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();

  await db.schema
    .createTable('permission_role')
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('permission_id', 'integer', (c) => c.notNull().references('permissions.id').onDelete('cascade'))
    .addColumn('restrictions', 'text', (c) => c.notNull().defaultTo('[]'))
    .addPrimaryKeyConstraint('permission_role_pk', ['role_id', 'permission_id'])
    .execute();

  await db.schema
    .createTable('permission_user')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('permission_id', 'integer', (c) => c.notNull().references('permissions.id').onDelete('cascade'))
    .addColumn('restrictions', 'text', (c) => c.notNull().defaultTo('[]'))
    .addPrimaryKeyConstraint('permission_user_pk', ['user_id', 'permission_id'])
    .execute();

  await db.schema
    .createTable('user_role')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_role_pk', ['user_id', 'role_id'])
    .execute();
  await db.schema.createIndex('user_role_role_idx').on('user_role').column('role_id').execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('is_private', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await withTimestamps(
    withId(db, db.schema.createTable('themes'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('is_dark', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('default_light', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('default_dark', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('values', 'text', (c) => c.notNull()),
  ).execute();

  await withTimestamps(
    withId(db, db.schema.createTable('menus'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('positions', 'text', (c) => c.notNull())
      .addColumn('items', 'text', (c) => c.notNull()),
  ).execute();

  await withTimestamps(
    withId(db, db.schema.createTable('custom_pages'))
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('seo', 'text'),
  ).execute();

  await withTimestamps(
    withId(db, db.schema.createTable('localizations'))
      .addColumn('language', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('lines', 'text', (c) => c.notNull()),
  ).execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('ip_address', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('last_active', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await withId(db, db.schema.createTable('personal_access_tokens'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('last_used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pat_user_idx').on('personal_access_tokens').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'personal_access_tokens',
    'sessions',
    'localizations',
    'custom_pages',
    'menus',
    'themes',
    'settings',
    'user_role',
    'permission_user',
    'permission_role',
    'permissions',
    'roles',
    'users',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
