import type { Insertable, Selectable, Updateable } from 'kysely';
import type { AdminCouponsQuery } from '@kosh/contracts';
import type { Database, Dialect } from '../../db/database.ts';
import type { CouponsTable } from '../../db/schema.ts';
import { immediateTransaction } from '../../drive/owner-transaction.ts';
import { containsText, pageOf } from '../../admin/list-page.ts';

export type CouponRow = Selectable<CouponsTable>;
export type NewCouponRow = Insertable<CouponsTable>;
export type CouponPatch = Updateable<CouponsTable>;

/** The coupons table: the admin list, one coupon, writes. */
export class CouponsRepository {
  private readonly db: Database;
  private readonly dialect: Dialect;
  constructor(db: Database, dialect: Dialect) {
    this.db = db;
    this.dialect = dialect;
  }

  /** A transaction that holds the write lock from its start (SQLite). */
  writeTransaction<T>(work: (trx: Database) => Promise<T>): Promise<T> {
    return immediateTransaction(this.db, this.dialect, work);
  }

  /** A page of coupons; the search finds text in the code or the name. Newest first by default. */
  async list(query: AdminCouponsQuery) {
    let base = this.db.selectFrom('coupons');
    const search = query.query;
    if (search) base = base.where((eb) => eb.or([containsText('code', search), containsText('name', search)]));
    const column = query.orderBy ?? 'created_at';
    const dir = query.orderDir ?? (column === 'code' || column === 'name' ? 'asc' : 'desc');
    const rows = base.selectAll().orderBy(column, dir).orderBy('id', dir);
    return pageOf(
      rows,
      base.select((eb) => eb.fn.countAll<number>().as('total')),
      query,
    );
  }

  getById(id: number, db: Database = this.db): Promise<CouponRow | undefined> {
    return db.selectFrom('coupons').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Whether a coupon holds the code (codes are stored upper-cased). */
  async codeTaken(code: string, db: Database = this.db): Promise<boolean> {
    return Boolean(await db.selectFrom('coupons').select('id').where('code', '=', code).executeTakeFirst());
  }

  /** Inserts the coupon; the unique index on code refuses a second one with the same code. */
  async create(row: NewCouponRow, db: Database = this.db): Promise<CouponRow> {
    return db.insertInto('coupons').values(row).returningAll().executeTakeFirstOrThrow();
  }

  async update(id: number, patch: CouponPatch, db: Database = this.db): Promise<CouponRow | undefined> {
    return db.updateTable('coupons').set(patch).where('id', '=', id).returningAll().executeTakeFirst();
  }

  async delete(id: number, db: Database = this.db): Promise<void> {
    await db.deleteFrom('coupons').where('id', '=', id).execute();
  }

  /** Coupons with a promotion code at Stripe (those a sync reads back). */
  listSynced(db: Database = this.db): Promise<CouponRow[]> {
    return db.selectFrom('coupons').selectAll().where('stripe_promotion_code_id', 'is not', null).execute();
  }
}
