import type { Insertable, Selectable } from 'kysely';
import type { Database } from '../db/database.ts';
import type { SessionsTable } from '../db/schema.ts';

export type SessionRow = Selectable<SessionsTable>;

export class SessionsRepository {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  getActive(id: string, at: string) {
    return this.db
      .selectFrom('sessions')
      .selectAll()
      .where('id', '=', id)
      .where('expires_at', '>', at)
      .executeTakeFirst();
  }

  create(row: Insertable<SessionsTable>) {
    return this.db.insertInto('sessions').values(row).execute();
  }

  delete(id: string) {
    return this.db.deleteFrom('sessions').where('id', '=', id).execute();
  }

  touch(id: string, at: string) {
    return this.db.updateTable('sessions').set({ last_active: at }).where('id', '=', id).execute();
  }

  /** A user's live sessions, most recently active first. */
  listActiveOfUser(userId: number, at: string): Promise<SessionRow[]> {
    return this.db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('expires_at', '>', at)
      .orderBy('last_active', 'desc')
      .execute();
  }

  /** Ends every session of the user except `keepId` (none kept when null); answers how many ended. */
  async deleteOthersOfUser(userId: number, keepId: string | null): Promise<number> {
    let query = this.db.deleteFrom('sessions').where('user_id', '=', userId);
    if (keepId) query = query.where('id', '!=', keepId);
    const result = await query.executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Moves a live session to a new id (a new cookie token); answers whether it was there to move. */
  async rotate(id: string, nextId: string): Promise<boolean> {
    const result = await this.db.updateTable('sessions').set({ id: nextId }).where('id', '=', id).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async setPasswordConfirmedAt(id: string, at: string): Promise<void> {
    await this.db.updateTable('sessions').set({ password_confirmed_at: at }).where('id', '=', id).execute();
  }
}
