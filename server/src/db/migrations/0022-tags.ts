import type { Kysely } from 'kysely';
import { withId, withTimestamps } from './helpers.ts';

// Tags: labels people put on their files and folders. A tag's name is a lower-case slug, unique
// across the site; the display name is what people typed. entry_tags links a tag to an entry
// once; removing either removes the link.
export async function up(db: Kysely<unknown>): Promise<void> {
  await withTimestamps(
    withId(db, db.schema.createTable('tags'))
      .addColumn('name', 'text', (c) => c.notNull().unique())
      .addColumn('display_name', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull().defaultTo('custom')),
  ).execute();
  // The admin list sorts by these and filters by type.
  await db.schema.createIndex('tags_display_name_idx').on('tags').columns(['display_name', 'id']).execute();
  await db.schema.createIndex('tags_updated_idx').on('tags').columns(['updated_at', 'id']).execute();
  await db.schema.createIndex('tags_type_idx').on('tags').columns(['type', 'name']).execute();

  await db.schema
    .createTable('entry_tags')
    .addColumn('tag_id', 'integer', (c) => c.notNull().references('tags.id').onDelete('cascade'))
    .addColumn('entry_id', 'integer', (c) => c.notNull().references('file_entries.id').onDelete('cascade'))
    .addColumn('tagged_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('entry_tags_pk', ['tag_id', 'entry_id'])
    .execute();
  // A page's tags are read by entry.
  await db.schema.createIndex('entry_tags_entry_idx').on('entry_tags').columns(['entry_id', 'tag_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('entry_tags').execute();
  await db.schema.dropTable('tags').execute();
}
