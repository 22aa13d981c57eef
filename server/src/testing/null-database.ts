import { DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from 'kysely';
import type { Database } from '../db/database.ts';
import type { DB } from '../db/schema.ts';

/**
 * A Kysely instance that runs no SQL: transactions and connections open and close, and every
 * statement answers no rows. For services that wrap calls to faked repositories in a
 * transaction; the fakes ignore the transaction they are handed.
 */
export function nullDatabase(): Database {
  return new Kysely<DB>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  });
}
