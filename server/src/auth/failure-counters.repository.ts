import { sql } from 'kysely';
import type { Database } from '../db/database.ts';

/**
 * Counters with a fixed window in the rate_limits table (shared by every server process): the
 * failed-attempt counts of the sign-in throttle.
 */
export class FailureCountersRepository {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  /** Adds one to the counter (a new window when the last one ended); answers the count and the window's end. */
  async hit(key: string, windowMs: number, now: number): Promise<{ hits: number; resetAt: number }> {
    const resetAt = now + windowMs;
    const expired = sql<boolean>`rate_limits.reset_at <= ${now}`;
    const row = await this.db
      .insertInto('rate_limits')
      .values({ key, hits: 1, reset_at: resetAt })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          hits: sql<number>`case when ${expired} then 1 else rate_limits.hits + 1 end`,
          reset_at: sql<number>`case when ${expired} then ${resetAt} else rate_limits.reset_at end`,
        }),
      )
      .returning(['hits', 'reset_at'])
      .executeTakeFirstOrThrow();
    return { hits: Number(row.hits), resetAt: Number(row.reset_at) };
  }

  /** Takes one back (an attempt counted up front that turned out right). */
  async unhit(key: string, now: number): Promise<void> {
    await this.db
      .updateTable('rate_limits')
      .set({ hits: sql<number>`case when rate_limits.hits > 0 then rate_limits.hits - 1 else 0 end` })
      .where('key', '=', key)
      .where('reset_at', '>', now)
      .execute();
  }

  /** The live count of a counter, or undefined when it has none. */
  async read(key: string, now: number): Promise<{ hits: number; resetAt: number } | undefined> {
    const row = await this.db
      .selectFrom('rate_limits')
      .select(['hits', 'reset_at'])
      .where('key', '=', key)
      .where('reset_at', '>', now)
      .executeTakeFirst();
    return row ? { hits: Number(row.hits), resetAt: Number(row.reset_at) } : undefined;
  }

  async remove(key: string): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('key', '=', key).execute();
  }
}
