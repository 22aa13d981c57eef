import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Database } from '../db/database.ts';
import type { PricesTable, ProductsTable } from '../db/schema.ts';

export type ProductRow = Selectable<ProductsTable>;
export type PriceRow = Selectable<PricesTable>;
export type NewProductRow = Insertable<ProductsTable>;
export type ProductChanges = Updateable<ProductsTable>;
export type NewPriceRow = Insertable<PricesTable>;

/** Queries of plans (products) and their prices. */
export class PlansRepository {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  transaction<T>(work: (trx: Database) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  getById(id: number, db: Database = this.db): Promise<ProductRow | undefined> {
    return db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Plans not hidden, by position then id. */
  listVisible(db: Database = this.db): Promise<ProductRow[]> {
    return db.selectFrom('products').selectAll().where('hidden', '=', 0).orderBy('position').orderBy('id').execute();
  }

  freePlan(db: Database = this.db): Promise<ProductRow | undefined> {
    return db.selectFrom('products').selectAll().where('free', '=', 1).executeTakeFirst();
  }

  /** Every plan's id, name and free flag: the few rows the uniqueness rules compare against. */
  listSummaries(db: Database = this.db): Promise<Array<Pick<ProductRow, 'id' | 'name' | 'free'>>> {
    return db.selectFrom('products').select(['id', 'name', 'free']).orderBy('id').execute();
  }

  /** The prices of these plans that are not archived, by id. */
  async listCurrentPrices(productIds: number[], db: Database = this.db): Promise<PriceRow[]> {
    if (!productIds.length) return [];
    return db
      .selectFrom('prices')
      .selectAll()
      .where('product_id', 'in', productIds)
      .where('archived_at', 'is', null)
      .orderBy('id')
      .execute();
  }

  create(row: NewProductRow, db: Database = this.db): Promise<ProductRow> {
    return db.insertInto('products').values(row).returningAll().executeTakeFirstOrThrow();
  }

  async update(id: number, changes: ProductChanges, db: Database = this.db): Promise<void> {
    await db.updateTable('products').set(changes).where('id', '=', id).execute();
  }

  /** Un-marks every visible plan but `exceptId` as recommended (one recommended plan is listed). */
  async clearRecommended(exceptId: number | null, at: string, db: Database = this.db): Promise<void> {
    let query = db
      .updateTable('products')
      .set({ recommended: 0, updated_at: at })
      .where('recommended', '=', 1)
      .where('hidden', '=', 0);
    if (exceptId !== null) query = query.where('id', '!=', exceptId);
    await query.execute();
  }

  /** Removes the plan; its prices go with it (foreign key cascade). Answers whether a row was removed. */
  async delete(id: number, db: Database = this.db): Promise<boolean> {
    const result = await db.deleteFrom('products').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async createPrices(rows: NewPriceRow[], db: Database = this.db): Promise<void> {
    if (rows.length) await db.insertInto('prices').values(rows).execute();
  }

  getPrice(id: number, db: Database = this.db): Promise<PriceRow | undefined> {
    return db.selectFrom('prices').selectAll().where('id', '=', id).executeTakeFirst();
  }

  priceByGatewayId(column: 'stripe_id' | 'paypal_id', gatewayId: string): Promise<PriceRow | undefined> {
    return this.db.selectFrom('prices').selectAll().where(column, '=', gatewayId).executeTakeFirst();
  }

  /**
   * Records the id a gateway gave a plan or price unless another process recorded one first
   * (two checkouts at once); answers the id that stays.
   */
  async claimGatewayId(
    table: 'products' | 'prices',
    id: number,
    column: 'stripe_id' | 'paypal_id',
    gatewayId: string,
  ): Promise<string> {
    await this.db
      .updateTable(table)
      .set({ [column]: gatewayId })
      .where('id', '=', id)
      .where(column, 'is', null)
      .execute();
    const row = await this.db.selectFrom(table).select(column).where('id', '=', id).executeTakeFirst();
    return row?.[column] ?? gatewayId;
  }

  /** The PayPal catalog product every plan's PayPal plans live under (kept on each plan row), if made yet. */
  async paypalCatalogId(): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('products')
      .select('paypal_id')
      .where('paypal_id', 'is not', null)
      .limit(1)
      .executeTakeFirst();
    return row?.paypal_id ?? undefined;
  }

  /**
   * Records the catalog product on every plan that has none, unless another process recorded one
   * first (two first checkouts at once); answers the id that stays.
   */
  async claimPayPalCatalog(catalogId: string): Promise<string> {
    const known = await this.paypalCatalogId();
    await this.db
      .updateTable('products')
      .set({ paypal_id: known ?? catalogId })
      .where('paypal_id', 'is', null)
      .execute();
    return (await this.paypalCatalogId()) ?? catalogId;
  }

  async archivePrices(ids: number[], at: string, db: Database = this.db): Promise<void> {
    if (ids.length) await db.updateTable('prices').set({ archived_at: at }).where('id', 'in', ids).execute();
  }
}
