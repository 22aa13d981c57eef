import type { Database } from '../db/database.ts';

export class AccessTokensRepository {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  getByHash(tokenHash: string) {
    return this.db
      .selectFrom('personal_access_tokens')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  async create(row: { user_id: number; name: string; token_hash: string; created_at: string }) {
    return this.db.insertInto('personal_access_tokens').values(row).returningAll().executeTakeFirstOrThrow();
  }

  async touch(id: number, at: string): Promise<void> {
    await this.db.updateTable('personal_access_tokens').set({ last_used_at: at }).where('id', '=', id).execute();
  }

  /** A user's tokens without their hashes, newest first. */
  listOfUser(
    userId: number,
  ): Promise<Array<{ id: number; name: string; last_used_at: string | null; created_at: string }>> {
    return this.db
      .selectFrom('personal_access_tokens')
      .select(['id', 'name', 'last_used_at', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .execute();
  }

  /** Revokes every token of the user; answers how many. */
  async deleteAllOfUser(userId: number): Promise<number> {
    const result = await this.db.deleteFrom('personal_access_tokens').where('user_id', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Deletes the token only when it belongs to the user; answers whether one was deleted. */
  async deleteOfUser(id: number, userId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('personal_access_tokens')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
