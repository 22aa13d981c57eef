import type { Database } from '../db/database.ts';

export class EmailCodesRepository {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  /** Stores a new code for the user; an earlier code stops working. */
  async replaceForUser(row: {
    user_id: number;
    code_hash: string;
    expires_at: string;
    created_at: string;
  }): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('email_verification_codes').where('user_id', '=', row.user_id).execute();
      await trx.insertInto('email_verification_codes').values(row).execute();
    });
  }

  getOfUser(userId: number) {
    return this.db
      .selectFrom('email_verification_codes')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  async countAttempt(id: number): Promise<void> {
    await this.db
      .updateTable('email_verification_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .execute();
  }

  async deleteOfUser(userId: number): Promise<void> {
    await this.db.deleteFrom('email_verification_codes').where('user_id', '=', userId).execute();
  }
}
