import type { Database } from '../db/database.ts';
import type { MailTemplatesTable } from '../db/schema.ts';

export type MailTemplateRow = MailTemplatesTable;

/** Staff's saved edits of mail templates; a template without a row is its default. */
export class MailTemplatesRepository {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  getById(id: string, db: Database = this.db): Promise<MailTemplateRow | undefined> {
    return db.selectFrom('mail_templates').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** When each saved edit was made, by template id. */
  listSaved(): Promise<Pick<MailTemplateRow, 'id' | 'updated_at'>[]> {
    return this.db.selectFrom('mail_templates').select(['id', 'updated_at']).execute();
  }

  async save(row: MailTemplateRow, db: Database = this.db): Promise<void> {
    const { id, ...fields } = row;
    await db
      .insertInto('mail_templates')
      .values(row)
      .onConflict((oc) => oc.column('id').doUpdateSet(fields))
      .execute();
  }

  /** Whether there was a row to delete. */
  async delete(id: string, db: Database = this.db): Promise<boolean> {
    const result = await db.deleteFrom('mail_templates').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
