import type { Logger } from 'pino';
import { withAdvisoryLock } from './advisory-lock.ts';
import type { Database, Dialect } from './database.ts';

/**
 * An in-process job that runs every interval (the first run after a minute at most), one run
 * at a time: a run asked for while one is under way here answers that one, and on PostgreSQL a
 * process skips its run while another holds the job's advisory lock. Its timers never keep the
 * process alive.
 */
export class PeriodicJob<R> {
  private readonly name: string;
  private readonly db: Database;
  private readonly dialect: Dialect;
  private readonly lockId: number;
  private readonly logger: Logger;
  private timers: NodeJS.Timeout[] = [];
  private running: Promise<R | { skipped: true }> | undefined;
  constructor(deps: { name: string; db: Database; dialect: Dialect; lockId: number; logger: Logger }) {
    this.name = deps.name;
    this.db = deps.db;
    this.dialect = deps.dialect;
    this.lockId = deps.lockId;
    this.logger = deps.logger;
  }

  /** Calls `run` every `intervalMs`, logging its failures. */
  start(intervalMs: number, run: () => Promise<unknown>): void {
    this.clearTimers();
    const tick = () => void run().catch((error: unknown) => this.logger.error({ err: error }, `${this.name} failed`));
    this.timers = [setInterval(tick, intervalMs), setTimeout(tick, Math.min(60_000, intervalMs))];
    for (const timer of this.timers) timer.unref();
  }

  /** No more runs; resolves once a run under way has ended. */
  async stop(): Promise<void> {
    this.clearTimers();
    await this.running?.catch(() => undefined);
  }

  /** Runs `work`, unless a run is under way here (answers that one) or in another process. */
  once(work: () => Promise<R>): Promise<R | { skipped: true }> {
    this.running ??= withAdvisoryLock(this.db, this.dialect, this.lockId, work).finally(
      () => (this.running = undefined),
    );
    return this.running;
  }

  private clearTimers(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
  }
}
