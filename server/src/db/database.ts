import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type pgModule from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, PostgresAdapter } from 'kysely';
import type { DB } from './schema.ts';

export type Dialect = 'sqlite' | 'postgres';
export type Database = Kysely<DB>;

const require = createRequire(import.meta.url);

export type DatabaseOptions = { databaseUrl?: string; sqliteFile?: string; onConnectionError?: (error: Error) => void };

/** One Kysely instance: PostgreSQL when a URL is given, else SQLite in WAL mode. */
export function createDatabase(options: DatabaseOptions): { db: Database; dialect: Dialect } {
  if (options.databaseUrl) {
    // Loaded on PostgreSQL only: a SQLite server does not carry the driver.
    const pg = require('pg') as typeof pgModule;
    // bigint (COUNT, file sizes) as a JS number: sizes stay far below 2^53.
    pg.types.setTypeParser(20, (v) => Number(v));
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // A connection the server ends (restart, failover, admin command) emits 'error'; unhandled,
    // that would crash the process. The pool replaces broken clients on the next checkout.
    const report = (error: Error) => options.onConnectionError?.(error);
    pool.on('error', report);
    pool.on('connect', (client) => client.on('error', report));
    return { db: new Kysely<DB>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres' };
  }
  const file = options.sqliteFile ?? ':memory:';
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  return { db: new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) }), dialect: 'sqlite' };
}

export function isPostgres<Tables>(db: Kysely<Tables>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export const now = (): string => new Date().toISOString();
