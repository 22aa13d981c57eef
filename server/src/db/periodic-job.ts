import type { Logger } from 'pino';
import { withAdvisoryLock } from './advisory-lock.ts';
import type { Database, Dialect } from './database.ts';

export type JobTrigger = { kind: 'schedule' } | { kind: 'manual'; userId: number };

/** Where runs are written down (the admin area's schedule log); a failure to write never stops a job. */
export interface JobRunRecorder {
  started(job: string, trigger: JobTrigger): Promise<number>;
  finished(id: number, outcome: { ok: true; output: unknown } | { ok: false; error: string }): Promise<void>;
}

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
  private readonly runs: JobRunRecorder | undefined;
  private timers: NodeJS.Timeout[] = [];
  private running: Promise<R | { skipped: true }> | undefined;
  constructor(deps: {
    name: string;
    db: Database;
    dialect: Dialect;
    lockId: number;
    logger: Logger;
    runs?: JobRunRecorder;
  }) {
    this.name = deps.name;
    this.runs = deps.runs;
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

  /** The job's key in the schedule log and in "Run now": its name in kebab case. */
  get key(): string {
    return this.name.replace(/\s+/g, '-');
  }

  /**
   * Runs `work`, unless a run is under way here (answers that one) or in another process. A run
   * that takes place is written down with its outcome; a skipped one is not a run.
   */
  once(work: () => Promise<R>, trigger: JobTrigger = { kind: 'schedule' }): Promise<R | { skipped: true }> {
    this.running ??= withAdvisoryLock(this.db, this.dialect, this.lockId, () => this.recorded(work, trigger)).finally(
      () => (this.running = undefined),
    );
    return this.running;
  }

  private async recorded(work: () => Promise<R>, trigger: JobTrigger): Promise<R> {
    const runs = this.runs;
    if (!runs) return work();
    const id = await runs.started(this.key, trigger).catch((error: unknown) => {
      this.logger.warn({ err: error }, `${this.name}: the run could not be written down`);
      return null;
    });
    const finish = (outcome: Parameters<JobRunRecorder['finished']>[1]) =>
      id === null
        ? undefined
        : runs
            .finished(id, outcome)
            .catch((error: unknown) => this.logger.warn({ err: error }, `${this.name}: the run's end was not written`));
    try {
      const output = await work();
      await finish({ ok: true, output });
      return output;
    } catch (error) {
      await finish({ ok: false, error: error instanceof Error ? error.message : String(error) });
      throw error;
    }
  }

  private clearTimers(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
  }
}
