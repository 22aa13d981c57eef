import { Migrator, NO_MIGRATIONS, type Migration, type MigrationResultSet } from 'kysely/migration';
import type { Database } from './database.ts';
import * as m0001 from './migrations/0001-foundation.ts';
import * as m0002 from './migrations/0002-accounts.ts';
import * as m0003 from './migrations/0003-drive.ts';
import * as m0004 from './migrations/0004-rate-limits.ts';
import * as m0005 from './migrations/0005-uploads.ts';
import * as m0006 from './migrations/0006-sharing.ts';
import * as m0007 from './migrations/0007-user-date-format.ts';
import * as m0008 from './migrations/0008-workspaces.ts';
import * as m0009 from './migrations/0009-notifications.ts';
import * as m0011 from './migrations/0011-invitation-mails.ts';
import * as m0010 from './migrations/0010-unique-live-names.ts';
import * as m0012 from './migrations/0012-auth-trust.ts';
import * as m0013 from './migrations/0013-upload-claims-and-zip-slots.ts';
import * as m0014 from './migrations/0014-plans.ts';
import * as m0015 from './migrations/0015-enquiries.ts';
import * as m0016 from './migrations/0016-last-workspace.ts';
import * as m0017 from './migrations/0017-admin.ts';
import * as m0018 from './migrations/0018-report-indexes.ts';
import * as m0019 from './migrations/0019-admin-users.ts';
import * as m0020 from './migrations/0020-roles.ts';
import * as m0021 from './migrations/0021-admin-logs.ts';
import * as m0022 from './migrations/0022-tags.ts';
import * as m0023 from './migrations/0023-admin-files.ts';
import * as m0024 from './migrations/0024-admin-files-sorts.ts';
import * as m0025 from './migrations/0025-custom-page-owner.ts';
import * as m0027 from './migrations/0027-mail-templates.ts';
import * as m0028 from './migrations/0028-server-processes.ts';
import * as m0029 from './migrations/0029-subscriptions.ts';
import * as m0030 from './migrations/0030-subscription-notices.ts';
import * as m0031 from './migrations/0031-coupons.ts';

// A static list: migrations are code, so they ship inside the server with no file lookup.
const MIGRATIONS: Record<string, Migration> = {
  '0001-foundation': m0001,
  '0002-accounts': m0002,
  '0003-drive': m0003,
  '0004-rate-limits': m0004,
  '0005-uploads': m0005,
  '0006-sharing': m0006,
  '0007-user-date-format': m0007,
  '0008-workspaces': m0008,
  '0009-notifications': m0009,
  '0010-unique-live-names': m0010,
  '0011-invitation-mails': m0011,
  '0012-auth-trust': m0012,
  '0013-upload-claims-and-zip-slots': m0013,
  '0014-plans': m0014,
  '0015-enquiries': m0015,
  '0016-last-workspace': m0016,
  '0017-admin': m0017,
  '0018-report-indexes': m0018,
  '0019-admin-users': m0019,
  '0020-roles': m0020,
  '0021-admin-logs': m0021,
  '0022-tags': m0022,
  '0023-admin-files': m0023,
  '0024-admin-files-sorts': m0024,
  '0025-custom-page-owner': m0025,
  '0027-mail-templates': m0027,
  '0028-server-processes': m0028,
  '0029-subscriptions': m0029,
  '0030-subscription-notices': m0030,
  '0031-coupons': m0031,
};

/** Every migration's name, in the order a new database applies them (by name). */
export const MIGRATION_NAMES: readonly string[] = Object.keys(MIGRATIONS).sort();

function createMigrator(db: Database): Migrator {
  return new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
    migrationTableName: 'kosh_migrations',
    migrationLockTableName: 'kosh_migrations_lock',
    // 0007 landed before 0005 and 0006 were written, so installs of that time applied it first.
    // Kysely refuses such a history unless told otherwise; pending ones still run in name order,
    // and going down reverts in the order the database applied them.
    allowUnorderedMigrations: true,
  });
}

function namesOf({ error, results }: MigrationResultSet): string[] {
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Applies every pending migration; running it again changes nothing. Answers the names applied. */
export async function migrateToLatest(db: Database): Promise<string[]> {
  return namesOf(await createMigrator(db).migrateToLatest());
}

/**
 * Moves the database to just after migration `target` (up or down), or with `null` reverts every
 * migration, leaving no Kosh table but the migrator's own. Answers the names applied or reverted.
 * Going down drops tables with their rows: for operators undoing an upgrade and for tests.
 */
export async function migrateTo(db: Database, target: string | null): Promise<string[]> {
  return namesOf(await createMigrator(db).migrateTo(target ?? NO_MIGRATIONS));
}

/** Reverts the last applied migration; answers its name, or nothing when none is applied. */
export async function migrateDown(db: Database): Promise<string | undefined> {
  return namesOf(await createMigrator(db).migrateDown())[0];
}

/** Names of the migrations this database has applied, in the order it applied them. */
export async function appliedMigrations(db: Database): Promise<string[]> {
  const infos = await createMigrator(db).getMigrations();
  return infos
    .filter((m) => m.executedAt)
    .sort((a, b) => (a.executedAt?.getTime() ?? 0) - (b.executedAt?.getTime() ?? 0))
    .map((m) => m.name);
}
