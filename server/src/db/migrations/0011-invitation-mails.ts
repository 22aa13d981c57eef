import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

// Invitation mails to addresses without an account: one row per entry or workspace a mail named.
// The rows bound how many a sender (and the whole install) sends an hour, stop a second mail about
// the same entry or workspace to the same address within a day, and hold the hash of the mail's
// token, which proves the address when its owner registers through the mail's link.

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('invitation_mails'))
    .addColumn('sender_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'integer', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('invitation_mails_sender_idx')
    .on('invitation_mails')
    .columns(['sender_id', 'sent_at'])
    .execute();
  await db.schema.createIndex('invitation_mails_sent_idx').on('invitation_mails').column('sent_at').execute();
  await db.schema
    .createIndex('invitation_mails_target_idx')
    .on('invitation_mails')
    .columns(['email', 'kind', 'subject_id'])
    .execute();
  await db.schema.createIndex('invitation_mails_token_idx').on('invitation_mails').column('token_hash').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('invitation_mails').ifExists().execute();
}
