import type { Insertable, Selectable } from 'kysely';
import type { Database } from '../db/database.ts';
import type { EnquiriesTable } from '../db/schema.ts';

export type EnquiryRow = Selectable<EnquiriesTable>;

export class EnquiriesRepository {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  create(row: Insertable<EnquiriesTable>): Promise<EnquiryRow> {
    return this.db.insertInto('enquiries').values(row).returningAll().executeTakeFirstOrThrow();
  }

  async markMailed(id: number, at: string): Promise<void> {
    await this.db.updateTable('enquiries').set({ mailed_at: at }).where('id', '=', id).execute();
  }

  /** The enquiries from one address, newest first. */
  listByEmail(email: string): Promise<EnquiryRow[]> {
    return this.db
      .selectFrom('enquiries')
      .selectAll()
      .where('email', '=', email.toLowerCase())
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }
}
