import { sql } from 'kysely';
import type { Database } from '../db/database.ts';

/** Queries of space_reservations: bytes promised to uploads in flight. */
export class SpaceReservationsRepository {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  /** Bytes an owner has reserved and not yet released, expired reservations excluded. */
  async reservedBytes(
    userId: number,
    at: string,
    options: { except?: number | null; db?: Database } = {},
  ): Promise<number> {
    let q = (options.db ?? this.db)
      .selectFrom('space_reservations')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('bytes'), sql<number>`0`).as('bytes'))
      .where('user_id', '=', userId)
      .where('expires_at', '>', at);
    if (options.except) q = q.where('id', '!=', options.except);
    return Number((await q.executeTakeFirstOrThrow()).bytes);
  }

  async insert(
    row: { user_id: number; bytes: number; expires_at: string; created_at: string },
    db: Database = this.db,
  ): Promise<number> {
    const { id } = await db.insertInto('space_reservations').values(row).returning('id').executeTakeFirstOrThrow();
    return id;
  }

  getById(id: number, db: Database = this.db) {
    return db.selectFrom('space_reservations').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async renew(id: number, expiresAt: string, db: Database = this.db): Promise<void> {
    await db.updateTable('space_reservations').set({ expires_at: expiresAt }).where('id', '=', id).execute();
  }

  async delete(id: number, db: Database = this.db): Promise<void> {
    await db.deleteFrom('space_reservations').where('id', '=', id).execute();
  }

  /** Removes reservations that expired before `at` and no upload row names any more. */
  async deleteExpiredUnreferenced(at: string): Promise<number> {
    const res = await this.db
      .deleteFrom('space_reservations')
      .where('expires_at', '<', at)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('pending_uploads')
              .select('pending_uploads.id')
              .whereRef('pending_uploads.reservation_id', '=', 'space_reservations.id'),
          ),
        ),
      )
      .executeTakeFirst();
    return Number(res.numDeletedRows);
  }
}
