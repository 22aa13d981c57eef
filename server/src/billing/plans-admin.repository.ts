import type { Database, Dialect } from '../db/database.ts';
import { validSubscriptionAt } from '../admin/valid-subscriptions.ts';
import { immediateTransaction } from '../drive/owner-transaction.ts';
import type { PriceRow, ProductRow } from './plans.repository.ts';

/** The columns holding a plan's or price's id at each gateway. */
export type GatewayColumn = 'stripe_id' | 'paypal_id';

/** Queries of the admin area's plans screen and of the sync with the gateways. */
export class PlansAdminRepository {
  private readonly db: Database;
  private readonly dialect: Dialect;
  constructor(db: Database, dialect: Dialect) {
    this.db = db;
    this.dialect = dialect;
  }

  /** A transaction that holds the write lock from its start (SQLite) or locks the plans' rows (PostgreSQL). */
  writeTransaction<T>(work: (trx: Database) => Promise<T>): Promise<T> {
    return immediateTransaction(this.db, this.dialect, work);
  }

  /** Every plan, hidden ones too, by position then id; `forUpdate` locks the rows on PostgreSQL. */
  listAll(db: Database = this.db, forUpdate = false): Promise<ProductRow[]> {
    let query = db.selectFrom('products').selectAll().orderBy('position').orderBy('id');
    if (forUpdate && this.dialect === 'postgres') query = query.forUpdate();
    return query.execute();
  }

  /** One plan, hidden or not (for a sync of that plan). */
  getById(id: number, db: Database = this.db): Promise<ProductRow | undefined> {
    return db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Valid subscriptions per plan at `now` (admin/valid-subscriptions.ts). */
  async subscriberCounts(now: string, db: Database = this.db): Promise<Map<number, number>> {
    const rows = await db
      .selectFrom('subscriptions')
      .select(['product_id', (eb) => eb.fn.countAll<number | string>().as('count')])
      .where((eb) => validSubscriptionAt(eb, now))
      .groupBy('product_id')
      .execute();
    return new Map(rows.map((r) => [r.product_id, Number(r.count)]));
  }

  async setPositions(ids: number[], db: Database = this.db): Promise<void> {
    for (const [position, id] of ids.entries()) {
      await db.updateTable('products').set({ position }).where('id', '=', id).execute();
    }
  }

  /** Prices the sync has work with: current ones not at Stripe yet, archived ones that are. */
  listPricesToSync(
    productIds: number[],
    column: GatewayColumn = 'stripe_id',
    db: Database = this.db,
  ): Promise<PriceRow[]> {
    if (!productIds.length) return Promise.resolve([]);
    return db
      .selectFrom('prices')
      .selectAll()
      .where('product_id', 'in', productIds)
      .where((eb) =>
        eb.or([
          eb.and([eb('archived_at', 'is', null), eb(column, 'is', null)]),
          eb.and([eb('archived_at', 'is not', null), eb(column, 'is not', null)]),
        ]),
      )
      .orderBy('id')
      .execute();
  }

  /** A gateway's ids of a plan and of all its prices, read before the plan is deleted. */
  async gatewayIdsOf(
    productId: number,
    column: GatewayColumn,
    db: Database = this.db,
  ): Promise<{ product: string | null; prices: string[] }> {
    const product = await db.selectFrom('products').select(column).where('id', '=', productId).executeTakeFirst();
    const prices = await db
      .selectFrom('prices')
      .select(column)
      .where('product_id', '=', productId)
      .where(column, 'is not', null)
      .execute();
    return { product: product?.[column] ?? null, prices: prices.flatMap((p) => (p[column] ? [p[column]] : [])) };
  }
}
