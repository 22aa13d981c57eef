import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export type TestDatabase = {
  databaseUrl: string | undefined;
  dataDir: string;
  dialect: 'sqlite' | 'postgres';
  drop(): Promise<void>;
};

/**
 * A fresh database for one test file: a temp SQLite file, or with KOSH_TEST_DB=postgres a
 * new database on the throwaway cluster that scripts/pg-start.sh started (KOSH_TEST_PG_URL).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kosh-test-'));
  if (process.env.KOSH_TEST_DB !== 'postgres') {
    return {
      databaseUrl: undefined,
      dataDir,
      dialect: 'sqlite',
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const adminUrl = process.env.KOSH_TEST_PG_URL;
  if (!adminUrl)
    throw new Error(
      'KOSH_TEST_DB=postgres needs KOSH_TEST_PG_URL: ' +
        'start a cluster with scripts/pg-start.sh (Debian package postgresql).',
    );
  const name = `kosh_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    dataDir,
    dialect: 'postgres',
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
