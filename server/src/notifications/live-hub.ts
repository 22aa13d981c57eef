import { EventEmitter } from 'node:events';
import pg from 'pg';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../db/database.ts';

/** What crosses processes: who, and which notification (the listener loads the row). */
export type LiveSignal = { userId: number; notificationId?: string };

/** Carries "something changed for user X" to every server process sharing the database. */
export interface LiveHub {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Through `db` when given: on PostgreSQL a transaction's signal goes out when it commits. */
  publish(signal: LiveSignal, db?: Database): Promise<void>;
  onSignal(listener: (signal: LiveSignal) => void): void;
  /** Whether signals from other processes arrive now; null where no other process can exist (SQLite). */
  isListening(): boolean | null;
}

/** SQLite: one process owns the database file, so an in-process emitter is the whole hub. */
export class InProcessHub implements LiveHub {
  private readonly events = new EventEmitter();
  async start(): Promise<void> {}
  async stop(): Promise<void> {
    this.events.removeAllListeners();
  }
  async publish(signal: LiveSignal): Promise<void> {
    // After the caller's current work (its transaction, if any, holds the one SQLite connection).
    setImmediate(() => this.events.emit('signal', signal));
  }
  onSignal(listener: (signal: LiveSignal) => void): void {
    this.events.on('signal', listener);
  }
  isListening(): null {
    return null;
  }
}

export const PG_CHANNEL = 'kosh_notifications';

/**
 * PostgreSQL: NOTIFY on publish, and one dedicated connection per process that LISTENs (a
 * pooled connection would drop the LISTEN when returned). The payload stays small:
 * "userId:notificationId". A lost connection is reopened with a growing delay.
 */
export class PgHub implements LiveHub {
  private readonly events = new EventEmitter();
  private readonly url: string;
  private readonly db: Database;
  private readonly logger: Logger;
  private client: pg.Client | null = null;
  private stopped = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private retryMs = 500;

  constructor(deps: { url: string; db: Database; logger: Logger }) {
    this.url = deps.url;
    this.db = deps.db;
    this.logger = deps.logger;
  }

  async start(): Promise<void> {
    this.stopped = false;
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = null;
    this.events.removeAllListeners();
    if (client) await client.end().catch(() => undefined);
  }

  async publish(signal: LiveSignal, db: Database = this.db): Promise<void> {
    const payload = `${signal.userId}:${signal.notificationId ?? ''}`;
    await sql`select pg_notify(${PG_CHANNEL}, ${payload})`.execute(db);
  }

  onSignal(listener: (signal: LiveSignal) => void): void {
    this.events.on('signal', listener);
  }

  isListening(): boolean {
    return this.client !== null;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (msg) => {
      if (msg.channel !== PG_CHANNEL || !msg.payload) return;
      const [user, id] = msg.payload.split(':');
      const userId = Number(user);
      if (Number.isInteger(userId)) this.events.emit('signal', { userId, notificationId: id || undefined });
    });
    client.on('error', (err) => {
      this.logger.warn({ err }, 'notifications listener connection lost');
      this.reconnect(client);
    });
    client.on('end', () => this.reconnect(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${PG_CHANNEL}`);
      this.client = client;
      this.retryMs = 500;
    } catch (err) {
      this.logger.warn({ err }, 'notifications listener could not connect');
      this.reconnect(client);
    }
  }

  private reconnect(client: pg.Client): void {
    if (this.stopped || this.retryTimer || (this.client && this.client !== client)) return;
    this.client = null;
    client.end().catch(() => undefined);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, this.retryMs);
    this.retryTimer.unref();
    this.retryMs = Math.min(this.retryMs * 2, 30_000);
  }
}
