import type { Kysely } from 'kysely';

// The workspace a user worked in last follows them to every device they sign in on. No foreign key:
// a deleted workspace or a lost membership is checked when it is read, and reads as the default.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('last_workspace_id', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('last_workspace_id').execute();
}
