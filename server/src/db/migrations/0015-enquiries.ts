import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

// Contact and reseller enquiries (spec part 2, 2 and 3): each is kept before it is mailed, so a
// mail that fails loses nothing (mailed_at stays null) and the admin area can list them.

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('enquiries'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('mobile_number', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    // The signed-in sender; the enquiry outlives the account.
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('ip_address', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text')
    .addColumn('mailed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('enquiries_created_idx').on('enquiries').column('created_at').execute();
  await db.schema.createIndex('enquiries_email_idx').on('enquiries').column('email').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('enquiries').ifExists().execute();
}
