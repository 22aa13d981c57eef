import { sql, type Kysely } from 'kysely';
import { withId, withTimestamps } from './helpers.ts';

// Plans (products) and their prices (spec part 2, 3). A price is archived rather than deleted or
// changed in place, so subscriptions on it keep the terms they were sold; amounts are whole paise.

export async function up(db: Kysely<unknown>): Promise<void> {
  await withTimestamps(
    withId(db, db.schema.createTable('products'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('available_space', 'bigint', (c) => c.notNull())
      .addColumn('free', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('recommended', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
      // JSON list of strings.
      .addColumn('feature_list', 'text', (c) => c.notNull().defaultTo('[]')),
  ).execute();
  await db.schema.createIndex('products_position_idx').on('products').columns(['position', 'id']).execute();
  // Backstops of the service's checks when two saves race: names unique by case (ASCII on SQLite),
  // and one free plan.
  await db.schema.createIndex('products_name_uq').on('products').expression(sql`lower(name)`).unique().execute();
  await db.schema
    .createIndex('products_one_free_uq')
    .on('products')
    .column('free')
    .unique()
    .where(sql.ref('free'), '=', 1)
    .execute();

  await withId(db, db.schema.createTable('prices'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('interval', 'text', (c) => c.notNull())
    .addColumn('interval_count', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('archived_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('prices_product_idx').on('prices').column('product_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('prices').ifExists().execute();
  await db.schema.dropTable('products').ifExists().execute();
}
