import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { Permission, type RealtimeStatus } from '@kosh/contracts';
import type { Actor } from '../auth/actor.ts';
import { systemClock, type Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import type { LiveHub } from './live-hub.ts';

const BEAT_MS = 15_000;
/** A process not seen for this long has stopped (or hangs): it is no longer listed. */
const GONE_MS = 4 * BEAT_MS;

/**
 * Every server process sharing the database writes a row every few seconds with its open event
 * streams and whether its LISTEN connection is up, so the admin area's websockets tab can list
 * them all; a stopped process removes its row (one that crashed ages out).
 */
export class ProcessCensus {
  readonly id = randomUUID();
  private readonly startedAt: string;
  private readonly deps: {
    db: Database;
    hub: Pick<LiveHub, 'isListening'>;
    openStreams: () => number;
    dialect: 'sqlite' | 'postgres';
    clock?: Clock;
  };
  private timer: NodeJS.Timeout | null = null;
  constructor(deps: ProcessCensus['deps']) {
    this.deps = deps;
    this.startedAt = this.now().toISOString();
  }

  private now(): Date {
    return (this.deps.clock ?? systemClock)();
  }

  async start(): Promise<void> {
    await this.beat();
    this.timer = setInterval(() => void this.beat().catch(() => undefined), BEAT_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.deps.db.deleteFrom('server_processes').where('id', '=', this.id).execute();
  }

  /** Writes this process's row as it is now. */
  async beat(): Promise<void> {
    const row = this.row();
    await this.deps.db
      .insertInto('server_processes')
      .values(row)
      .onConflict((oc) =>
        oc.column('id').doUpdateSet({ seen_at: row.seen_at, clients: row.clients, listening: row.listening }),
      )
      .execute();
  }

  /** The processes seen lately, this one as it is at this moment (settings.update). */
  async status(actor: Actor): Promise<RealtimeStatus> {
    actor.authorize(Permission.settingsUpdate);
    const since = new Date(this.now().getTime() - GONE_MS).toISOString();
    const rows = await this.deps.db
      .selectFrom('server_processes')
      .selectAll()
      .where('seen_at', '>=', since)
      .where('id', '!=', this.id)
      .orderBy('started_at')
      .execute();
    const others = rows.map((r) => ({
      ...r,
      listening: r.listening === null ? null : r.listening === 1,
      current: false,
    }));
    const self = this.row();
    return {
      transport: 'server-sent events',
      hub: this.deps.dialect === 'postgres' ? 'postgres' : 'in-process',
      processes: [
        { ...self, listening: self.listening === null ? null : self.listening === 1, current: true },
        ...others,
      ],
    };
  }

  private row() {
    const listening = this.deps.hub.isListening();
    return {
      id: this.id,
      host: os.hostname(),
      pid: process.pid,
      started_at: this.startedAt,
      seen_at: this.now().toISOString(),
      clients: this.deps.openStreams(),
      listening: listening === null ? null : listening ? 1 : 0,
    };
  }
}
