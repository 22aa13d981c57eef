import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import { createContainer, type Container } from './container.ts';
import { createDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrator.ts';
import { seedDefaults } from './db/seed/seed.ts';
import { generatePassword } from './users/users.service.ts';

/** Opens the database the environment names, migrates and seeds it, and wires the services. */
export async function openRuntime(config: Config, logger: Logger): Promise<Container> {
  fs.mkdirSync(config.dataDir, { recursive: true });
  const { db, dialect } = createDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: path.join(config.dataDir, 'kosh.sqlite'),
    onConnectionError: (error) => logger.warn({ err: error }, 'database connection lost'),
  });
  const applied = await migrateToLatest(db);
  if (applied.length) logger.info({ applied }, 'migrations applied');
  await seedDefaults(db);
  return createContainer({ config, db, dialect, logger });
}

/**
 * On a first start (no admin yet) creates one: ADMIN_EMAIL/ADMIN_PASSWORD, or a generated
 * password printed once. Answers the generated credentials, if any.
 */
export async function ensureAdmin(container: Container): Promise<{ email: string; password: string } | null> {
  if ((await container.repos.users.countAdmins()) > 0) return null;
  const email = container.config.adminEmail ?? 'admin@localhost.test';
  const existing = await container.repos.users.getByEmail(email);
  if (existing) {
    const admin = await container.repos.roles.getByName('admin');
    if (admin) await container.repos.roles.assignRole(existing.id, admin.id, new Date().toISOString());
    return null;
  }
  const password = container.config.adminPassword ?? generatePassword();
  await container.services.users.createUser({ email, password, isAdmin: true, verified: true });
  return container.config.adminPassword ? null : { email, password };
}
