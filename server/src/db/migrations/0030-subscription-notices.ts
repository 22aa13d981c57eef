import { sql, type Kysely } from 'kysely';

// When a subscriber was told their cancelled plan ends soon, and that it ended: each is said once,
// claimed by the process that says it.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('subscriptions').addColumn('ending_notice_at', 'text').execute();
  await db.schema.alterTable('subscriptions').addColumn('ended_notice_at', 'text').execute();
  await sql`create index subscriptions_ends_idx on subscriptions (ends_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index subscriptions_ends_idx`.execute(db);
  await db.schema.alterTable('subscriptions').dropColumn('ended_notice_at').execute();
  await db.schema.alterTable('subscriptions').dropColumn('ending_notice_at').execute();
}
