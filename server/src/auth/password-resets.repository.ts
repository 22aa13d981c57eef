import type { Database } from '../db/database.ts';

export class PasswordResetsRepository {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  /** Stores a new reset for the user; earlier links stop working. */
  async replaceForUser(row: {
    user_id: number;
    token_hash: string;
    expires_at: string;
    created_at: string;
  }): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('password_resets').where('user_id', '=', row.user_id).execute();
      await trx.insertInto('password_resets').values(row).execute();
    });
  }

  getByHash(tokenHash: string) {
    return this.db.selectFrom('password_resets').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  }

  /** Spends a reset: answers false when another request spent it first. */
  async consume(id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('password_resets').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async deleteOfUser(userId: number): Promise<void> {
    await this.db.deleteFrom('password_resets').where('user_id', '=', userId).execute();
  }
}
