import type { Insertable, Selectable } from 'kysely';
import type { Database } from '../db/database.ts';
import type { BillingGateway, InvoicesTable, SubscriptionsTable } from '../db/schema.ts';

export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type InvoiceRow = Selectable<InvoicesTable>;
/** What a gateway says about one of its subscriptions, written over the local copy. */
export type GatewaySubscription = Omit<Insertable<SubscriptionsTable>, 'id' | 'created_at' | 'updated_at'> & {
  gateway_id: string;
};

/** Subscriptions, the gateways' customers and the invoices they charged. */
export class SubscriptionsRepository {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  customerOf(userId: number, gateway: BillingGateway): Promise<string | undefined> {
    return this.db
      .selectFrom('billing_customers')
      .select('customer_id')
      .where('user_id', '=', userId)
      .where('gateway', '=', gateway)
      .executeTakeFirst()
      .then((r) => r?.customer_id);
  }

  userOfCustomer(gateway: BillingGateway, customerId: string): Promise<number | undefined> {
    return this.db
      .selectFrom('billing_customers')
      .select('user_id')
      .where('gateway', '=', gateway)
      .where('customer_id', '=', customerId)
      .executeTakeFirst()
      .then((r) => r?.user_id);
  }

  /**
   * Records the user's customer at the gateway unless one is recorded already (two checkouts at
   * once), and answers the one that stays.
   */
  async saveCustomer(userId: number, gateway: BillingGateway, customerId: string, at: string): Promise<string> {
    await this.db
      .insertInto('billing_customers')
      .values({ user_id: userId, gateway, customer_id: customerId, created_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'gateway']).doNothing())
      .execute();
    return (await this.customerOf(userId, gateway)) ?? customerId;
  }

  getById(id: number): Promise<SubscriptionRow | undefined> {
    return this.db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  byGatewayId(gateway: BillingGateway, gatewayId: string): Promise<SubscriptionRow | undefined> {
    return this.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('gateway', '=', gateway)
      .where('gateway_id', '=', gatewayId)
      .executeTakeFirst();
  }

  /** The user's subscriptions, newest first. */
  listOfUser(userId: number): Promise<SubscriptionRow[]> {
    return this.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .execute();
  }

  /** Inserts or overwrites the local copy of a gateway's subscription (one row per gateway id). */
  async upsertFromGateway(row: GatewaySubscription, at: string): Promise<SubscriptionRow> {
    const { user_id: _user, gateway: _gateway, gateway_id: _id, ...changes } = row;
    return this.db
      .insertInto('subscriptions')
      .values({ ...row, created_at: at, updated_at: at })
      .onConflict((oc) =>
        oc
          .columns(['gateway', 'gateway_id'])
          .where('gateway_id', 'is not', null)
          .doUpdateSet({ ...changes, updated_at: at }),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Records an invoice once; answers whether this call added it (a repeated event adds nothing). */
  async addInvoice(row: Insertable<InvoicesTable>): Promise<boolean> {
    const inserted = await this.db
      .insertInto('invoices')
      .values(row)
      .onConflict((oc) => oc.columns(['gateway', 'gateway_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  /** A page of the user's invoices, newest first, with the plan's name. */
  async invoicesOf(userId: number, page: { offset: number; limit: number }) {
    const [rows, total] = await Promise.all([
      this.db
        .selectFrom('invoices')
        .leftJoin('products', 'products.id', 'invoices.product_id')
        .selectAll('invoices')
        .select('products.name as plan')
        .where('invoices.user_id', '=', userId)
        .orderBy('invoices.created_at', 'desc')
        .orderBy('invoices.id', 'desc')
        .offset(page.offset)
        .limit(page.limit)
        .execute(),
      this.db
        .selectFrom('invoices')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }

  /** Whether any subscription names the plan (a plan with subscribers is never deleted). */
  async planHasSubscriptions(productId: number, db: Database = this.db): Promise<boolean> {
    const row = await db
      .selectFrom('subscriptions')
      .select('id')
      .where('product_id', '=', productId)
      .executeTakeFirst();
    return row !== undefined;
  }
}
