import type { Logger } from 'pino';
import type { Database, Dialect } from '../db/database.ts';
import { type JobRunRecorder, type JobTrigger, PeriodicJob } from '../db/periodic-job.ts';
import type { SpaceReservationsRepository } from '../drive/space-reservations.repository.ts';
import type { PendingUploadRow, PendingUploadsRepository } from './pending-uploads.repository.ts';
import type { DirectUploads } from './s3-direct.service.ts';
import type { Sha256Backfill } from './sha256-backfill.ts';
import type { TusUploads } from './tus/tus.service.ts';
import type { UploadIntake } from './upload-intake.ts';

/** Arbitrary but fixed, and not the drive maintenance's: the advisory lock of this job. */
const UPLOADS_LOCK = 0x6b6f7375; // "kosu"
export const UPLOADS_MAINTENANCE_INTERVAL_MS = 15 * 60_000;
const BATCH = 200;
/** A finalizing claim older than this belongs to a process that died. */
const STALE_CLAIM_MS = 15 * 60_000;
/** Finishing an upload again answers its entry this long. */
const DONE_KEPT_MS = 24 * 3600_000;
/** Store files no row names are removed once this old (a creation may be between its row and its file). */
const LEFTOVER_GRACE_MS = 6 * 3600_000;

export type UploadsMaintenanceReport =
  | { expired: number; forgotten: number; reservations: number; leftovers: number; hashed: number }
  | { skipped: true };

/**
 * The uploads' job, in the drive maintenance's pattern: removes uploads whose lifetime ran out
 * (their stored bytes and their reservation), forgets finished ones, drops reservations a
 * stopped process left, sweeps tus store leftovers, and fills SHA-256s still missing.
 */
export class UploadsMaintenance {
  private readonly job: PeriodicJob<Exclude<UploadsMaintenanceReport, { skipped: true }>>;
  private readonly pending: PendingUploadsRepository;
  private readonly reservations: SpaceReservationsRepository;
  private readonly intake: UploadIntake;
  private readonly tus: TusUploads;
  private readonly direct: DirectUploads;
  private readonly hashes: Sha256Backfill;
  private readonly logger: Logger;
  private readonly clock: () => Date;
  constructor(deps: {
    db: Database;
    dialect: Dialect;
    pending: PendingUploadsRepository;
    reservations: SpaceReservationsRepository;
    intake: UploadIntake;
    tus: TusUploads;
    direct: DirectUploads;
    hashes: Sha256Backfill;
    logger: Logger;
    /** The admin area's schedule log. */
    runs?: JobRunRecorder;
    clock: () => Date;
  }) {
    this.job = new PeriodicJob({
      name: 'uploads maintenance',
      db: deps.db,
      dialect: deps.dialect,
      lockId: UPLOADS_LOCK,
      logger: deps.logger,
      runs: deps.runs,
    });
    this.pending = deps.pending;
    this.reservations = deps.reservations;
    this.intake = deps.intake;
    this.tus = deps.tus;
    this.direct = deps.direct;
    this.hashes = deps.hashes;
    this.logger = deps.logger;
    this.clock = deps.clock;
  }

  /** The job's key in the schedule log. */
  get key(): string {
    return this.job.key;
  }

  /** Runs every intervalMs (PeriodicJob). */
  start(intervalMs = UPLOADS_MAINTENANCE_INTERVAL_MS): void {
    this.job.start(intervalMs, () => this.runOnce());
  }

  async stop(): Promise<void> {
    await this.job.stop();
    await this.hashes.drain();
  }

  /** One run, unless one is under way here or (PostgreSQL) in another process. */
  runOnce(options: { leftoverGraceMs?: number; trigger?: JobTrigger } = {}): Promise<UploadsMaintenanceReport> {
    return this.job.once(async () => {
      const now = this.clock();
      const at = now.toISOString();
      let expired = 0;
      for (;;) {
        const rows = await this.pending.listExpired(at, new Date(now.getTime() - STALE_CLAIM_MS).toISOString(), BATCH);
        for (const row of rows) if (await this.expire(row)) expired++;
        if (rows.length < BATCH) break;
      }
      const forgotten = await this.pending.deleteDoneBefore(new Date(now.getTime() - DONE_KEPT_MS).toISOString());
      const reservations = await this.reservations.deleteExpiredUnreferenced(at);
      const leftovers = await this.tus.sweepLeftovers(options.leftoverGraceMs ?? LEFTOVER_GRACE_MS);
      const hashed = await this.hashes.backfill();
      const report = { expired, forgotten, reservations, leftovers, hashed };
      if (Object.values(report).some(Boolean)) this.logger.info(report, 'uploads maintenance');
      return report;
    }, options.trigger);
  }

  /** Removes an abandoned upload's bytes, then its row and reservation; a failure leaves it for the next run. */
  private async expire(row: PendingUploadRow): Promise<boolean> {
    try {
      if (row.kind === 'tus') await this.tus.discard(row);
      else await this.direct.discard(row);
      await this.intake.drop(row);
      return true;
    } catch (error) {
      this.logger.warn({ err: error, key: row.key }, 'could not remove an expired upload');
      return false;
    }
  }
}
