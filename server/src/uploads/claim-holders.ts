import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Database, Dialect } from '../db/database.ts';

/** The first key of the liveness locks (entry-writer.ts uses 1 to 3, tus upload locks 4). */
const LIVENESS_SPACE = 5;

/**
 * Who holds a finalizing claim, and whether that process is still alive. Each process names
 * itself with a random id. On SQLite there is one process per database, so a claim naming
 * any other id was left by an earlier run. On PostgreSQL each process holds a session advisory
 * lock on its id over a connection of its own for as long as it lives: the lock dies with the
 * process (or its connection), so a lock anyone can take means its holder is gone.
 */
export class ClaimHolders {
  /** This process's id, written into the claims it takes. */
  readonly me = randomUUID();
  private readonly db: Database;
  private readonly dialect: Dialect;
  private readonly connectionString: string | undefined;
  private readonly logger: Logger;
  private client: Promise<pg.Client> | undefined;
  private closed = false;
  constructor(deps: { db: Database; dialect: Dialect; databaseUrl: string | undefined; logger: Logger }) {
    this.db = deps.db;
    this.dialect = deps.dialect;
    this.connectionString = deps.databaseUrl;
    this.logger = deps.logger;
  }

  /** Makes sure this process's liveness lock is held before it writes its id into a claim. */
  async ready(): Promise<void> {
    if (this.dialect !== 'postgres' || !this.connectionString || this.closed) return;
    this.client ??= this.open().catch((error: unknown) => {
      this.client = undefined;
      throw error;
    });
    await this.client;
  }

  /** True when the process named by a claim is gone (a claim naming nobody predates the names). */
  async isGone(holder: string | null): Promise<boolean> {
    if (holder === null) return true;
    if (holder === this.me) return false;
    if (this.dialect !== 'postgres') return true;
    // A transaction lock, let go at once: taking it only proves nobody holds the session lock.
    return this.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ free: boolean }>`
        select pg_try_advisory_xact_lock(${LIVENESS_SPACE}, hashtext(${holder})) as free`.execute(trx);
      return rows[0]?.free === true;
    });
  }

  /** Ends the liveness connection: claims of this process then count as gone. */
  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = undefined;
    if (client) await (await client.catch(() => undefined))?.end().catch(() => {});
  }

  private async open(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.connectionString });
    const lost = (error?: Error) => {
      if (this.client === undefined) return;
      // The lock went with the connection; the next claim takes it again on a new one.
      if (error) this.logger.warn({ err: error }, 'upload claim liveness connection lost');
      this.client = undefined;
    };
    client.on('error', lost);
    client.on('end', () => lost());
    await client.connect();
    await client.query('select pg_advisory_lock($1, hashtext($2))', [LIVENESS_SPACE, this.me]);
    return client;
  }
}
