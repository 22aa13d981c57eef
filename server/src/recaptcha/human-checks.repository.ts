import type { Database } from '../db/database.ts';

export class HumanChecksRepository {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  async create(id: string, expiresAt: string): Promise<void> {
    await this.db.insertInto('human_checks').values({ id, expires_at: expiresAt }).execute();
  }

  /** Spends a passed check; answers false when unknown, spent or expired. Expired rows are swept too. */
  async consume(id: string, at: string): Promise<boolean> {
    await this.db.deleteFrom('human_checks').where('expires_at', '<=', at).execute();
    const result = await this.db.deleteFrom('human_checks').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
