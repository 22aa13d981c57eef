import { sql, type Kysely } from 'kysely';
import { withId, withTimestamps } from './helpers.ts';

// Notifications: the user's channel choices per notification type, Web Push
// subscriptions of their browsers, the devices they signed in from (for new-sign-in alerts),
// and the index the unread count reads.

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per type the user changed; a type without a row follows its defaults.
  await db.schema
    .createTable('notification_subscriptions')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('notif_id', 'text', (c) => c.notNull())
    .addColumn('email', 'integer', (c) => c.notNull())
    .addColumn('browser', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_subscriptions_pk', ['user_id', 'notif_id'])
    .execute();

  await withTimestamps(
    withId(db, db.schema.createTable('push_subscriptions'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // The push service's URL: one browser subscription belongs to one user at a time.
      .addColumn('endpoint', 'text', (c) => c.notNull().unique())
      .addColumn('p256dh', 'text', (c) => c.notNull())
      .addColumn('auth', 'text', (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex('push_subscriptions_user_idx').on('push_subscriptions').column('user_id').execute();

  // Browser + platform pairs a user signed in from; a pair not seen before is a new sign-in.
  await db.schema
    .createTable('sign_in_devices')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('device', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('sign_in_devices_pk', ['user_id', 'device'])
    .execute();

  // The unread count (navbar bell, bootstrap) counts only unread rows of one user.
  await sql`create index notifications_unread_idx on notifications (user_id) where read_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('notifications_unread_idx').ifExists().execute();
  await db.schema.dropTable('sign_in_devices').ifExists().execute();
  await db.schema.dropTable('push_subscriptions').ifExists().execute();
  await db.schema.dropTable('notification_subscriptions').ifExists().execute();
}
