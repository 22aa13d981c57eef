import { sql } from 'kysely';
import type { Database, Dialect } from './database.ts';

/**
 * Runs `work` in one process at a time across every server on one PostgreSQL database
 * (a session advisory lock on one pooled connection, held while the work runs on others);
 * answers `{skipped: true}` when another process holds it. SQLite has one process: it just runs.
 */
export async function withAdvisoryLock<T>(
  db: Database,
  dialect: Dialect,
  lockId: number,
  work: () => Promise<T>,
): Promise<T | { skipped: true }> {
  if (dialect !== 'postgres') return work();
  return db.connection().execute(async (conn) => {
    const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${lockId}) as locked`.execute(conn);
    if (!rows[0]?.locked) return { skipped: true } as const;
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${lockId})`.execute(conn);
    }
  });
}
