import type { Database } from '../db/database.ts';

export class StarsRepository {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  /** Which of these entries the user starred. */
  async starredAmong(userId: number, entryIds: number[]): Promise<Set<number>> {
    if (!entryIds.length) return new Set();
    const rows = await this.db
      .selectFrom('stars')
      .select('file_entry_id')
      .where('user_id', '=', userId)
      .where('file_entry_id', 'in', entryIds)
      .execute();
    return new Set(rows.map((r) => r.file_entry_id));
  }

  async star(userId: number, entryIds: number[], at: string): Promise<void> {
    if (!entryIds.length) return;
    await this.db
      .insertInto('stars')
      .values(entryIds.map((id) => ({ user_id: userId, file_entry_id: id, created_at: at })))
      .onConflict((oc) => oc.columns(['user_id', 'file_entry_id']).doNothing())
      .execute();
  }

  async unstar(userId: number, entryIds: number[]): Promise<void> {
    if (!entryIds.length) return;
    await this.db.deleteFrom('stars').where('user_id', '=', userId).where('file_entry_id', 'in', entryIds).execute();
  }
}
