import type { Kysely } from 'kysely';

// A custom page remembers who created it (the admin list shows the owner). Deleting that account
// keeps the page and forgets the owner (indexed, so that costs no scan of the pages). Existing pages
// (the seeded ones) have none. The list's default order is newest change first: (updated_at, id)
// serves its first page without a sort.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('custom_pages')
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('custom_pages_user_idx').on('custom_pages').column('user_id').execute();
  await db.schema.createIndex('custom_pages_updated_idx').on('custom_pages').columns(['updated_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('custom_pages_updated_idx').ifExists().execute();
  await db.schema.dropIndex('custom_pages_user_idx').ifExists().execute();
  await db.schema.alterTable('custom_pages').dropColumn('user_id').execute();
}
