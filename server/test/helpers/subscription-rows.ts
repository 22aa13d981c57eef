import type { TestApp } from './test-app.ts';

const HOUR = 3_600_000;
/** An instant `hours` from now (negative: past), as the subscription columns store it. */
export const hoursFromNow = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

/**
 * A subscription row written straight into the table (gateway 'none'), for states a checkout at
 * the Stripe stand-in does not reach in a test: ended, past due, cancelled in its grace period.
 */
export async function insertSubscription(
  t: TestApp,
  row: { userId: number; productId: number; status?: string; endsAt?: string | null },
): Promise<number> {
  const at = new Date().toISOString();
  const inserted = await t.modules.db
    .insertInto('subscriptions')
    .values({
      user_id: row.userId,
      product_id: row.productId,
      price_id: null,
      gateway: 'none',
      gateway_id: null,
      status: row.status ?? 'active',
      renews_at: null,
      ends_at: row.endsAt ?? null,
      trial_ends_at: null,
      payment_method: null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** A plan row written straight into the table (no gateway), granting `space` bytes. */
export async function insertPlan(t: TestApp, opts: { name: string; space: number; free?: boolean }): Promise<number> {
  const at = new Date().toISOString();
  const row = await t.modules.db
    .insertInto('products')
    .values({
      name: opts.name,
      description: null,
      position: 0,
      available_space: opts.space,
      free: opts.free ? 1 : 0,
      recommended: 0,
      hidden: 0,
      feature_list: '[]',
      stripe_id: null,
      paypal_id: null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
