import { sql } from 'kysely';
import type { Database } from '../db/database.ts';

type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Result) => void;

/** How often, in counted calls, expired rows are swept. */
const SWEEP_EVERY = 200;

/**
 * A @fastify/rate-limit store in the database: one atomic upsert per counted call, the same
 * SQL on SQLite and PostgreSQL, so every server process sees the same counters.
 */
export function databaseRateLimitStore(db: Database) {
  let calls = 0;
  return class DatabaseRateLimitStore {
    incr(key: string, cb: Callback, timeWindow: number): void {
      const now = Date.now();
      const resetAt = now + timeWindow;
      const expired = sql<boolean>`rate_limits.reset_at <= ${now}`;
      db.insertInto('rate_limits')
        .values({ key, hits: 1, reset_at: resetAt })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            hits: sql<number>`case when ${expired} then 1 else rate_limits.hits + 1 end`,
            reset_at: sql<number>`case when ${expired} then ${resetAt} else rate_limits.reset_at end`,
          }),
        )
        .returning(['hits', 'reset_at'])
        .executeTakeFirstOrThrow()
        .then((row) => {
          cb(null, { current: Number(row.hits), ttl: Math.max(0, Number(row.reset_at) - now) });
          if (++calls % SWEEP_EVERY === 0)
            void db
              .deleteFrom('rate_limits')
              .where('reset_at', '<=', now)
              .execute()
              .catch(() => undefined);
        })
        .catch((error: Error) => cb(error));
    }

    read(key: string, cb: Callback): void {
      const now = Date.now();
      db.selectFrom('rate_limits')
        .select(['hits', 'reset_at'])
        .where('key', '=', key)
        .executeTakeFirst()
        .then((row) =>
          cb(
            null,
            row && Number(row.reset_at) > now
              ? { current: Number(row.hits), ttl: Number(row.reset_at) - now }
              : { current: 0, ttl: 0 },
          ),
        )
        .catch((error: Error) => cb(error));
    }

    child(): DatabaseRateLimitStore {
      return this;
    }
  };
}
