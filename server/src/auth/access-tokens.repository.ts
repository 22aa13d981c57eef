import type { Database } from '../db/database.ts';

export class AccessTokensRepository {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  getByHash(tokenHash: string) {
    return this.db.selectFrom('personal_access_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  }

  async create(row: { user_id: number; name: string; token_hash: string; created_at: string }) {
    return this.db.insertInto('personal_access_tokens').values(row).returningAll().executeTakeFirstOrThrow();
  }

  async touch(id: number, at: string): Promise<void> {
    await this.db.updateTable('personal_access_tokens').set({ last_used_at: at }).where('id', '=', id).execute();
  }
}
