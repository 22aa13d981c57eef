import type { Database } from '../db/database.ts';

export class SessionsRepository {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  getActive(id: string, at: string) {
    return this.db.selectFrom('sessions').selectAll().where('id', '=', id).where('expires_at', '>', at).executeTakeFirst();
  }

  create(row: { id: string; user_id: number; ip_address: string | null; user_agent: string | null; last_active: string; expires_at: string; created_at: string }) {
    return this.db.insertInto('sessions').values(row).execute();
  }

  delete(id: string) {
    return this.db.deleteFrom('sessions').where('id', '=', id).execute();
  }

  touch(id: string, at: string) {
    return this.db.updateTable('sessions').set({ last_active: at }).where('id', '=', id).execute();
  }
}
