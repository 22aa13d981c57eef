import type { Selectable } from 'kysely';
import type { AdminEnquiriesQuery, EnquiryStatus } from '@kosh/contracts';
import type { Database } from '../../db/database.ts';
import type { EnquiriesTable } from '../../db/schema.ts';
import { containsText, endOfDay, pageOf, startOfDay } from '../list-page.ts';

export type AdminEnquiryRow = Selectable<EnquiriesTable>;

/** Enquiries as staff read and handle them. */
export class EnquiriesAdminRepository {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  /** Newest first; the search finds text in the name, address or message. */
  list(query: AdminEnquiriesQuery) {
    let base = this.db.selectFrom('enquiries');
    if (query.status) base = base.where('status', '=', query.status);
    if (query.kind) base = base.where('kind', '=', query.kind);
    if (query.from) base = base.where('created_at', '>=', startOfDay(query.from));
    if (query.to) base = base.where('created_at', '<', endOfDay(query.to));
    const search = query.query;
    if (search)
      base = base.where((eb) =>
        eb.or([containsText('name', search), containsText('email', search), containsText('message', search)]),
      );
    const dir = query.orderDir ?? 'desc';
    const rows = base.selectAll().orderBy('created_at', dir).orderBy('id', dir);
    return pageOf(
      rows,
      base.select((eb) => eb.fn.countAll<number>().as('total')),
      query,
    );
  }

  getById(id: number, db: Database = this.db): Promise<AdminEnquiryRow | undefined> {
    return db.selectFrom('enquiries').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Sets the status only if it is still `from`: false when someone changed it meanwhile, so the
   * caller re-reads and audits the status it really replaced.
   */
  async updateFrom(
    id: number,
    from: EnquiryStatus,
    patch: { status: EnquiryStatus; replied_at?: string },
    db: Database = this.db,
  ): Promise<boolean> {
    const result = await db
      .updateTable('enquiries')
      .set(patch)
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async delete(id: number, db: Database = this.db): Promise<boolean> {
    const result = await db.deleteFrom('enquiries').where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
