import type { Database } from '../../db/database.ts';

/** The invoices as their printable page and PDF read them. */
export class InvoicesRepository {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  /** One of the user's invoices with its plan's name; undefined when missing or another user's. */
  ofUser(userId: number, invoiceId: number) {
    return this.db
      .selectFrom('invoices')
      .leftJoin('products', 'products.id', 'invoices.product_id')
      .selectAll('invoices')
      .select('products.name as plan')
      .where('invoices.id', '=', invoiceId)
      .where('invoices.user_id', '=', userId)
      .executeTakeFirst();
  }
}

export type InvoiceWithPlan = NonNullable<Awaited<ReturnType<InvoicesRepository['ofUser']>>>;
