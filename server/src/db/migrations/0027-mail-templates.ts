import type { Kysely } from 'kysely';

// Staff's edits of the mails Kosh sends. A template without a row is sent as the code's default
// (server/src/mail/mail-template-registry.ts), so deleting the row is "restore default" and new
// templates need no migration. One row per template id.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mail_templates')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('subject', 'varchar(255)', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mail_templates').ifExists().execute();
}
