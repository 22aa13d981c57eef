import type { Kysely } from 'kysely';
import { withId, withTimestamps } from './helpers.ts';

// Discount coupons (spec part 2, "Discount"): each is a Stripe coupon with one promotion code that
// customers type at Stripe Checkout. Codes are stored upper-cased, so the unique index is
// case-insensitive on both dialects.

export async function up(db: Kysely<unknown>): Promise<void> {
  await withTimestamps(
    withId(db, db.schema.createTable('coupons'))
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      // One of the two: a percentage (1-100, up to two decimals) or an amount in minor units.
      .addColumn('percent_off', 'double precision')
      .addColumn('amount_off', 'integer')
      .addColumn('currency', 'text')
      // once, repeating (for duration_in_months) or forever.
      .addColumn('duration', 'text', (c) => c.notNull())
      .addColumn('duration_in_months', 'integer')
      .addColumn('max_redemptions', 'integer')
      .addColumn('expires_at', 'text')
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
      // As Stripe last reported it.
      .addColumn('times_redeemed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('stripe_coupon_id', 'text')
      .addColumn('stripe_promotion_code_id', 'text'),
  ).execute();
  await db.schema.createIndex('coupons_code_uq').on('coupons').column('code').unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('coupons').execute();
}
