import type { Kysely } from 'kysely';

// Networks each account signed in from: the sign-in throttle never locks the owner out of them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('known_networks')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('known_networks_pk', ['user_id', 'network'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('known_networks').ifExists().execute();
}
