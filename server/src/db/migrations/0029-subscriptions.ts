import { sql, type Kysely } from 'kysely';
import { withId, withTimestamps } from './helpers.ts';

// Paid plans (spec part 2, 3 "Subscription"): who pays the gateways for what, the events the
// gateways send (kept once per event id, processed as jobs with retries) and the invoices paid.

export async function up(db: Kysely<unknown>): Promise<void> {
  // Each user's customer record at a gateway: one per user and gateway, and a customer belongs to one user.
  await withId(db, db.schema.createTable('billing_customers'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('gateway', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('billing_customers_gateway_uq')
    .on('billing_customers')
    .columns(['gateway', 'customer_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('billing_customers_user_uq')
    .on('billing_customers')
    .columns(['user_id', 'gateway'])
    .unique()
    .execute();

  await withTimestamps(
    withId(db, db.schema.createTable('subscriptions'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // A plan with subscribers is never deleted (the service refuses), so these stay set.
      .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
      .addColumn('price_id', 'integer', (c) => c.references('prices.id'))
      // stripe, paypal, or none for a subscription staff granted.
      .addColumn('gateway', 'text', (c) => c.notNull())
      .addColumn('gateway_id', 'text')
      // The gateway's status as last read: active, trialing, past_due, canceled, incomplete, unpaid.
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('renews_at', 'text')
      .addColumn('ends_at', 'text')
      .addColumn('trial_ends_at', 'text')
      // JSON {brand, last4} of the card the gateway charges, when it says.
      .addColumn('payment_method', 'text'),
  ).execute();
  await db.schema.createIndex('subscriptions_user_idx').on('subscriptions').columns(['user_id', 'id']).execute();
  await db.schema
    .createIndex('subscriptions_gateway_uq')
    .on('subscriptions')
    .columns(['gateway', 'gateway_id'])
    .unique()
    .where(sql.ref('gateway_id'), 'is not', null)
    .execute();
  await db.schema.createIndex('subscriptions_product_idx').on('subscriptions').column('product_id').execute();

  await withId(db, db.schema.createTable('billing_events'))
    .addColumn('gateway', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    // The next attempt is due from available_at; a worker holding it leases it until locked_until.
    .addColumn('available_at', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('processed_at', 'text')
    .addColumn('last_error', 'text')
    .execute();
  await db.schema
    .createIndex('billing_events_event_uq')
    .on('billing_events')
    .columns(['gateway', 'event_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('billing_events_due_idx')
    .on('billing_events')
    .columns(['processed_at', 'available_at'])
    .execute();

  await withId(db, db.schema.createTable('invoices'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('subscription_id', 'integer', (c) => c.references('subscriptions.id').onDelete('set null'))
    .addColumn('product_id', 'integer', (c) => c.references('products.id').onDelete('set null'))
    .addColumn('gateway', 'text', (c) => c.notNull())
    .addColumn('gateway_id', 'text', (c) => c.notNull())
    // Minor units of the currency, as the gateway charged them.
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    // paid or failed.
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('period_start', 'text')
    .addColumn('period_end', 'text')
    .addColumn('paid_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('invoices_gateway_uq')
    .on('invoices')
    .columns(['gateway', 'gateway_id'])
    .unique()
    .execute();
  await db.schema.createIndex('invoices_user_idx').on('invoices').columns(['user_id', 'created_at']).execute();

  // Each plan and price as the gateways know it, set when plans are synced.
  await db.schema.alterTable('products').addColumn('stripe_id', 'text').execute();
  await db.schema.alterTable('products').addColumn('paypal_id', 'text').execute();
  await db.schema.alterTable('prices').addColumn('stripe_id', 'text').execute();
  await db.schema.alterTable('prices').addColumn('paypal_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['stripe_id', 'paypal_id']) {
    await db.schema.alterTable('prices').dropColumn(column).execute();
    await db.schema.alterTable('products').dropColumn(column).execute();
  }
  for (const table of ['invoices', 'billing_events', 'subscriptions', 'billing_customers'])
    await db.schema.dropTable(table).ifExists().execute();
}
