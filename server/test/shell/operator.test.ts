import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/migrator.ts';
import { seedDefaults } from '../../src/db/seed/seed.ts';
import { verifyPassword } from '../../src/auth/password.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const run = promisify(execFile);
const CLI = path.resolve(import.meta.dirname, '../../src/cli/kosh.ts');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Runs `npm run kosh -- <args>` as an operator would, on the test's database. */
async function kosh(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { ...process.env, DATA_DIR: t.db.dataDir, DATABASE_URL: t.db.databaseUrl ?? '' };
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args], { env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('migrations and seeds', () => {
  it('run twice without harm', async () => {
    const before = await t.modules.db.selectFrom('roles').select(['id', 'name']).orderBy('id').execute();
    expect(await migrateToLatest(t.modules.db)).toEqual([]);
    await seedDefaults(t.modules.db);
    await seedDefaults(t.modules.db);
    const after = await t.modules.db.selectFrom('roles').select(['id', 'name']).orderBy('id').execute();
    expect(after).toEqual(before);
    expect(before.map((r) => r.name)).toEqual(['admin', 'users', 'guests']);
    const themes = await t.modules.db.selectFrom('themes').select('id').execute();
    expect(themes).toHaveLength(2);
  });

  it('keep an admin edit of a translation across seeding', async () => {
    const row = await t.modules.db
      .selectFrom('localizations')
      .selectAll()
      .where('language', '=', 'en')
      .executeTakeFirstOrThrow();
    const lines = { ...JSON.parse(row.lines), 'Take me there!': 'Go home' };
    await t.modules.db
      .updateTable('localizations')
      .set({ lines: JSON.stringify(lines) })
      .where('id', '=', row.id)
      .execute();
    await seedDefaults(t.modules.db);
    const again = await t.modules.db
      .selectFrom('localizations')
      .select('lines')
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(again.lines)['Take me there!']).toBe('Go home');
  });
});

describe('operator command line', () => {
  it('migrate reports the database', async () => {
    const res = await kosh('migrate');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain(`Database is up to date (${t.db.dialect})`);
  });

  it('settings:set then settings:get round-trips JSON', async () => {
    expect((await kosh('settings:set', 'registration.disable', 'true')).code).toBe(0);
    const res = await kosh('settings:get', 'registration.disable');
    expect(res.stdout.trim()).toBe('true');
    expect(await t.modules.settings.service.get('registration.disable')).toBe(true);
    await kosh('settings:set', 'registration.disable', 'false');
  });

  it('refuses an unknown key and bad JSON with clear errors', async () => {
    const unknown = await kosh('settings:set', 'no.such.key', 'true');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Unknown setting: no.such.key');
    const badJson = await kosh('settings:set', 'seo.title', 'not json');
    expect(badJson.code).toBe(1);
    expect(badJson.stderr).toContain('Not valid JSON');
    const wrongType = await kosh('settings:set', 'registration.disable', '"yes"');
    expect(wrongType.code).toBe(1);
    expect(wrongType.stderr).toContain('takes a boolean');
    expect((await kosh('settings:get', 'nope')).stderr).toContain('Unknown setting: nope');
  });

  it('users:create --admin makes an admin who can log in', async () => {
    const res = await kosh('users:create', 'ops@example.test', '--admin', '--password', 'operator-pass-1');
    expect(res.code).toBe(0);
    const user = await t.modules.users.repos.users.getByEmail('ops@example.test');
    expect(await verifyPassword(user!.password, 'operator-pass-1')).toBe(true);
    const roles = await t.modules.users.repos.roles.listRolesOfUser(user!.id);
    expect(roles.map((r) => r.name)).toEqual(['admin']);
    const again = await kosh('users:create', 'ops@example.test');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already been taken');
  });

  it('users:reset-password sets a new password, generated when none is given', async () => {
    await kosh('users:create', 'forgetful@example.test', '--password', 'first-password');
    const res = await kosh('users:reset-password', 'forgetful@example.test');
    expect(res.code).toBe(0);
    const generated = /reset to (\S+)/.exec(res.stdout)?.[1];
    const user = await t.modules.users.repos.users.getByEmail('forgetful@example.test');
    expect(await verifyPassword(user!.password, generated!)).toBe(true);
    expect(await verifyPassword(user!.password, 'first-password')).toBe(false);
    expect((await kosh('users:reset-password', 'ghost@example.test')).stderr).toContain('No user with the email');
  });
});
