import { randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Database } from '../db/database.ts';
import type { NotificationsTable } from '../db/schema.ts';

export type NotificationRow = Selectable<NotificationsTable>;

let lastMs = 0;
let counter = 0;
/**
 * A UUIDv7-shaped id: time first, then a per-process counter, so ids made in the same
 * millisecond still sort in creation order (the list's tie-break after created_at).
 */
export function timeOrderedId(ms = Date.now()): string {
  if (ms <= lastMs) counter++;
  else {
    lastMs = ms;
    counter = 0;
  }
  const rand = randomBytes(8);
  rand[0] = (rand[0] & 0x3f) | 0x80; // RFC 9562 variant
  const hex = lastMs.toString(16).padStart(12, '0') + (0x7000 | (counter & 0xfff)).toString(16) + rand.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Stored notifications (spec part 1, 3: id, type, data, read_at, created_at): stored through
 * NotificationService.notify, listed newest first, marked read and cleared by their owner.
 */
export class NotificationsRepository {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  /** Stores one notification; `data` is kept as JSON. */
  async create(
    input: { userId: number; type: string; data: Record<string, unknown>; at: string },
    db: Database = this.db,
  ): Promise<NotificationRow> {
    const row: NotificationRow = {
      id: timeOrderedId(Date.parse(input.at) || Date.now()),
      user_id: input.userId,
      type: input.type,
      data: JSON.stringify(input.data),
      read_at: null,
      created_at: input.at,
    };
    await db.insertInto('notifications').values(row).execute();
    return row;
  }

  getById(id: string): Promise<NotificationRow | undefined> {
    return this.db.selectFrom('notifications').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** One page of a user's notifications, newest first (notifications_user_created_idx). */
  listOfUser(userId: number, limit: number, offset = 0): Promise<NotificationRow[]> {
    return this.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  async countOfUser(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Unread notifications of a user (notifications_unread_idx). */
  async unreadCount(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Marks the user's own notifications among `ids` (all of them when ids is null) read. */
  async markRead(userId: number, ids: string[] | null, at: string): Promise<void> {
    let query = this.db
      .updateTable('notifications')
      .set({ read_at: at })
      .where('user_id', '=', userId)
      .where('read_at', 'is', null);
    if (ids) query = query.where('id', 'in', ids);
    await query.execute();
  }

  /** A user's notifications of one type (few per user: workspace invites), newest first. */
  ofType(userId: number, type: string): Promise<NotificationRow[]> {
    return this.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', userId)
      .where('type', '=', type)
      .orderBy('created_at', 'desc')
      .limit(100)
      .execute();
  }

  /** Replaces a notification's data and marks it read. */
  async settle(id: string, data: string, at: string): Promise<void> {
    await this.db.updateTable('notifications').set({ data, read_at: at }).where('id', '=', id).execute();
  }

  async clear(userId: number): Promise<void> {
    await this.db.deleteFrom('notifications').where('user_id', '=', userId).execute();
  }
}
