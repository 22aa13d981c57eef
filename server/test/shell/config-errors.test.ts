import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.ts';

// The server started as `npm start` starts it (without the build), with a broken environment:
// it must stop at once with the list of invalid variables, before touching DATA_DIR or a database.

const MAIN = path.resolve(import.meta.dirname, '../../src/main.ts');

type Exit = { code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string; ms: number };

/** Runs the server with only `env` (and PATH); kills it if it is still up after 30 s. */
function startServer(env: Record<string, string>): Promise<Exit> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--max-semi-space-size=8', MAIN], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, ms: performance.now() - started });
    });
  });
}

/** The variables the printed list names, one `  NAME: reason` line each. */
const listed = (stderr: string) => [...stderr.matchAll(/^ {2}([A-Z0-9_]+): \S/gm)].map((m) => m[1]).sort();

function expectRefusedAtOnce(exit: Exit): void {
  expect(exit.signal, `still running after 30 s; stderr: ${exit.stderr}`).toBeNull();
  expect(exit.code).toBe(1);
  // Startup alone (loading the modules) takes about a second here; a server that got past the
  // configuration would go on to open the database and listen.
  expect(exit.ms).toBeLessThan(15_000);
  expect(exit.stderr).toMatch(/^Invalid environment:\n/);
  expect(exit.stderr).not.toMatch(/^\s+at /m);
  expect(exit.stdout).not.toContain('Kosh is running');
}

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(() => tdb.drop());

describe('starting the server with an invalid environment', () => {
  it('exits with the list of every invalid variable and creates no data folder or database', async () => {
    const dataDir = path.join(tdb.dataDir, 'data');
    const exit = await startServer({
      DATA_DIR: dataDir,
      PORT: 'abc',
      STORAGE_DRIVER: 'ftp',
      DATABASE_URL: 'nonsense',
      LOG_LEVEL: 'loud',
      ADMIN_EMAIL: 'admin',
    });
    expectRefusedAtOnce(exit);
    expect(listed(exit.stderr)).toEqual(['ADMIN_EMAIL', 'DATABASE_URL', 'LOG_LEVEL', 'PORT', 'STORAGE_DRIVER']);
    expect(exit.stderr).toContain('PORT: must be a port number from 0 to 65535');
    expect(exit.stderr).toContain('DATABASE_URL: must be a postgres:// URL');
    // No SQLite file, no log file: nothing under DATA_DIR, not even the folder.
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it('names the S3 variables the s3 driver lacks beside the other invalid ones', async () => {
    const dataDir = path.join(tdb.dataDir, 'data-s3');
    const exit = await startServer({
      DATA_DIR: dataDir,
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9',
      S3_ACCESS_KEY_ID: 'key',
      PORT: '70000',
    });
    expectRefusedAtOnce(exit);
    expect(listed(exit.stderr)).toEqual(['PORT', 'S3_BUCKET', 'S3_SECRET_ACCESS_KEY']);
    expect(exit.stderr).toContain('S3_BUCKET: required when STORAGE_DRIVER=s3');
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it('leaves the database it names untouched', async () => {
    const dataDir = path.join(tdb.dataDir, 'data-db');
    const exit = await startServer({
      DATA_DIR: dataDir,
      ...(tdb.databaseUrl ? { DATABASE_URL: tdb.databaseUrl } : {}),
      APP_DEBUG: 'verbose',
    });
    expectRefusedAtOnce(exit);
    expect(listed(exit.stderr)).toEqual(['APP_DEBUG']);
    expect(fs.existsSync(dataDir)).toBe(false);
    if (tdb.databaseUrl) {
      const client = new pg.Client({ connectionString: tdb.databaseUrl });
      await client.connect();
      try {
        const { rows } = await client.query(
          'select table_name from information_schema.tables where table_schema = current_schema()',
        );
        expect(rows).toEqual([]);
      } finally {
        await client.end();
      }
    }
  });
});
