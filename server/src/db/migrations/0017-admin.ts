import { sql, type Kysely } from 'kysely';
import { withId } from './helpers.ts';

// The admin area: suspension and an allowance override on users, the staff member behind a
// "log in as user" session, and the audit log of every staff change. Audit rows name the actor
// by id and email without a foreign key: the record outlives the accounts it mentions.
export async function up(db: Kysely<unknown>): Promise<void> {
  // SQLite adds one column per ALTER TABLE.
  const users = [
    ['banned_at', 'text'],
    ['banned_until', 'text'],
    ['ban_reason', 'text'],
    ['available_space', 'bigint'],
    ['last_active_at', 'text'],
  ] as const;
  for (const [column, type] of users) await db.schema.alterTable('users').addColumn(column, type).execute();
  await db.schema.alterTable('sessions').addColumn('impersonator_id', 'integer').execute();

  await db.schema.createIndex('users_created_idx').on('users').column('created_at').execute();
  await db.schema.createIndex('users_last_active_idx').on('users').column('last_active_at').execute();
  await db.schema
    .createIndex('users_banned_idx')
    .on('users')
    .column('banned_at')
    .where(sql.ref('banned_at'), 'is not', null)
    .execute();

  await withId(db, db.schema.createTable('admin_audit_log'))
    .addColumn('actor_id', 'integer')
    .addColumn('actor_email', 'text')
    .addColumn('impersonator_id', 'integer')
    .addColumn('impersonator_email', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text')
    .addColumn('target_label', 'text')
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('ip', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_created_idx').on('admin_audit_log').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('audit_actor_idx').on('admin_audit_log').columns(['actor_id', 'created_at']).execute();
  await db.schema
    .createIndex('audit_target_idx')
    .on('admin_audit_log')
    .columns(['target_type', 'target_id', 'created_at'])
    .execute();
  await db.schema.createIndex('audit_action_idx').on('admin_audit_log').columns(['action', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('admin_audit_log').execute();
  for (const index of ['users_created_idx', 'users_last_active_idx', 'users_banned_idx'])
    await db.schema.dropIndex(index).execute();
  await db.schema.alterTable('sessions').dropColumn('impersonator_id').execute();
  for (const column of ['banned_at', 'banned_until', 'ban_reason', 'available_space', 'last_active_at'])
    await db.schema.alterTable('users').dropColumn(column).execute();
}
