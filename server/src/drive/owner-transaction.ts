import { sql } from 'kysely';
import type { Database, Dialect } from '../db/database.ts';

/**
 * A write transaction that takes its write lock at BEGIN. On SQLite, BEGIN IMMEDIATE: no other
 * connection (or process) can write between this transaction's reads and its writes, so a
 * check-then-insert (quota) is atomic. On PostgreSQL an ordinary transaction: callers take the
 * advisory locks they need (EntryWriter.lockFolder, lockOwner) inside it.
 */
export async function immediateTransaction<T>(
  db: Database,
  dialect: Dialect,
  work: (trx: Database) => Promise<T>,
): Promise<T> {
  if (dialect === 'postgres') return db.transaction().execute(work);
  return db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      const result = await work(conn);
      await sql`commit`.execute(conn);
      return result;
    } catch (error) {
      await sql`rollback`.execute(conn).catch(() => undefined);
      throw error;
    }
  });
}
