import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Database } from '../db/database.ts';
import type { NotificationsTable } from '../db/schema.ts';

export type NotificationRow = Selectable<NotificationsTable>;

/**
 * Stored notifications (spec part 1, 3: id, type, data, read_at, created_at). Areas store them
 * as things happen; the notifications issue adds the calls that list and mark them.
 */
export class NotificationsRepository {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  /** Stores one notification; `data` is kept as JSON. */
  async create(input: { userId: number; type: string; data: Record<string, unknown>; at: string }, db: Database = this.db): Promise<NotificationRow> {
    const row: NotificationRow = { id: randomUUID(), user_id: input.userId, type: input.type, data: JSON.stringify(input.data), read_at: null, created_at: input.at };
    await db.insertInto('notifications').values(row).execute();
    return row;
  }

  /** A user's notifications, newest first. */
  listOfUser(userId: number, limit: number): Promise<NotificationRow[]> {
    return this.db.selectFrom('notifications').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id').limit(limit).execute();
  }
}
