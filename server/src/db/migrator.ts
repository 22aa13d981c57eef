import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { Database } from './database.ts';
import * as m0001 from './migrations/0001-foundation.ts';
import * as m0002 from './migrations/0002-accounts.ts';
import * as m0003 from './migrations/0003-drive.ts';
import * as m0004 from './migrations/0004-rate-limits.ts';
import * as m0007 from './migrations/0007-user-date-format.ts';
import * as m0005 from './migrations/0005-uploads.ts';
import * as m0006 from './migrations/0006-sharing.ts';
import * as m0008 from './migrations/0008-workspaces.ts';
import * as m0009 from './migrations/0009-notifications.ts';

// A static list: migrations are code, so they ship inside the server with no file lookup.
const MIGRATIONS: Record<string, Migration> = {
  '0001-foundation': m0001,
  '0002-accounts': m0002,
  '0003-drive': m0003,
  '0004-rate-limits': m0004,
  '0007-user-date-format': m0007,
  '0005-uploads': m0005,
  '0006-sharing': m0006,
  '0008-workspaces': m0008,
  '0009-notifications': m0009,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** Applies every pending migration; running it again changes nothing. */
export async function migrateToLatest(db: Database): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider,
    migrationTableName: 'kosh_migrations',
    migrationLockTableName: 'kosh_migrations_lock',
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
