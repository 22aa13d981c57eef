import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import { createDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrator.ts';
import { seedDefaults } from './db/seed/seed.ts';
import { createModules, type Modules } from './modules.ts';
import { generatePassword } from './users/users.service.ts';

/**
 * Opens the database the environment names, migrates and seeds it, and builds the modules.
 * Nothing is started yet: callers start `modules.lifecycle` (jobs, listeners) if they serve, and
 * stop it, which also closes the database, when they are done.
 */
export async function openRuntime(config: Config, logger: Logger): Promise<Modules> {
  fs.mkdirSync(config.dataDir, { recursive: true });
  const { db, dialect } = createDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: path.join(config.dataDir, 'kosh.sqlite'),
    onConnectionError: (error) => logger.warn({ err: error }, 'database connection lost'),
  });
  const applied = await migrateToLatest(db);
  if (applied.length) logger.info({ applied }, 'migrations applied');
  await seedDefaults(db);
  const modules = createModules({ config, db, dialect, logger });
  // Secrets made under another key than the current one (a rotation, or the former in-database key) move to it.
  const { changed, unreadable } = await modules.auth.twoFactor.reencryptSecrets();
  if (changed) logger.info({ users: changed }, 'two-factor secrets re-encrypted under the current key');
  if (unreadable) logger.error({ users: unreadable }, 'two-factor secrets no key opens: set KOSH_SECRET_KEY_PREVIOUS');
  const settingSecrets = await modules.settings.service.reencryptSecrets();
  if (settingSecrets.changed)
    logger.info({ settings: settingSecrets.changed }, 'secret settings encrypted under the current key');
  if (settingSecrets.unreadable)
    logger.error({ settings: settingSecrets.unreadable }, 'secret settings no key opens: set KOSH_SECRET_KEY_PREVIOUS');
  return modules;
}

/**
 * On a first start (no admin yet) creates one: ADMIN_EMAIL/ADMIN_PASSWORD, or a generated
 * password printed once. Answers the generated credentials, if any.
 */
export async function ensureAdmin(modules: Modules): Promise<{ email: string; password: string } | null> {
  const { config, users } = modules;
  if ((await users.repos.users.countAdmins()) > 0) return null;
  const email = config.adminEmail ?? 'admin@localhost.test';
  const existing = await users.repos.users.getByEmail(email);
  if (existing) {
    const admin = await users.repos.roles.getByName('admin');
    if (admin) await users.repos.roles.assignRole(existing.id, admin.id, new Date().toISOString());
    return null;
  }
  const password = config.adminPassword ?? generatePassword();
  await users.service.createUser({ email, password, isAdmin: true, verified: true });
  return config.adminPassword ? null : { email, password };
}
