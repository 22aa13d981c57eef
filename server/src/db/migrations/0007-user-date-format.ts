import type { Kysely } from 'kysely';

// The date format a user picks in 'Date, time and language' follows them to every device.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('date_format', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('date_format').execute();
}
