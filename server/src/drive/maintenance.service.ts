import type { Logger } from 'pino';
import { systemClock, type Clock } from '../clock.ts';
import type { Database, Dialect } from '../db/database.ts';
import { PeriodicJob } from '../db/periodic-job.ts';
import { fileKeyOfThumbnail } from '../storage/keys.ts';
import type { KeepKeys, StorageDriver } from '../storage/storage-driver.ts';
import type { FileEntriesRepository } from './file-entries.repository.ts';
import type { StorageDeletions } from './storage-deletions.ts';
import type { DriveTrashService } from './trash.service.ts';

/** Arbitrary but fixed: the advisory lock every Kosh process takes before maintenance. */
const MAINTENANCE_LOCK = 0x6b6f7368; // "kosh"
/** Bytes younger than this may belong to an upload between commit and row insert. */
export const ORPHAN_GRACE_MS = 6 * 3600_000;
const STAGING_GRACE_MS = 24 * 3600_000;
const BATCH = 500;

export type MaintenanceReport =
  | { purged: number; staging: number; orphans: number; dequeued: number }
  | { skipped: true };

/**
 * In-process jobs: purge expired trash, delete the queued bytes of removed drives, drop abandoned
 * staged writes, remove bytes no row names (crash leftovers). Safe with several processes on one
 * PostgreSQL: a run holds a session advisory lock and other processes skip theirs. SQLite
 * deployments are one process.
 */
export class DriveMaintenance {
  private readonly job: PeriodicJob<Exclude<MaintenanceReport, { skipped: true }>>;
  private readonly entries: FileEntriesRepository;
  private readonly trash: DriveTrashService;
  private readonly storage: StorageDriver;
  private readonly deletions: StorageDeletions;
  private readonly logger: Logger;
  private readonly keepers: KeepKeys[] = [];
  private readonly clock: Clock;
  constructor(deps: {
    db: Database;
    dialect: Dialect;
    entries: FileEntriesRepository;
    trash: DriveTrashService;
    storage: StorageDriver;
    deletions: StorageDeletions;
    logger: Logger;
    clock?: Clock;
  }) {
    this.job = new PeriodicJob({
      name: 'drive maintenance',
      db: deps.db,
      dialect: deps.dialect,
      lockId: MAINTENANCE_LOCK,
      logger: deps.logger,
    });
    this.entries = deps.entries;
    this.trash = deps.trash;
    this.storage = deps.storage;
    this.deletions = deps.deletions;
    this.logger = deps.logger;
    this.clock = deps.clock ?? systemClock;
  }

  /** Keys an upload in flight names (minted but not yet an entry): never swept as orphans or staging. */
  protect(keep: KeepKeys): void {
    this.keepers.push(keep);
  }

  /** Runs every intervalMs (PeriodicJob). */
  start(intervalMs = 3600_000): void {
    this.job.start(intervalMs, () => this.runOnce());
  }

  stop(): Promise<void> {
    return this.job.stop();
  }

  /** One run, unless one is under way here or (PostgreSQL) in another process. */
  runOnce(options: { orphanGraceMs?: number; stagingGraceMs?: number } = {}): Promise<MaintenanceReport> {
    return this.job.once(async () => {
      const purged = await this.trash.purgeExpired();
      const dequeued = await this.deletions.drain();
      const staging = await this.storage.sweepStaging(options.stagingGraceMs ?? STAGING_GRACE_MS, (keys) =>
        this.kept(keys),
      );
      const orphans = await this.sweepOrphans(options.orphanGraceMs ?? ORPHAN_GRACE_MS);
      if (purged || dequeued || staging || orphans)
        this.logger.info({ purged, dequeued, staging, orphans }, 'drive maintenance');
      return { purged, staging, orphans, dequeued };
    });
  }

  /** Deletes stored objects older than the grace period that no row names. */
  async sweepOrphans(graceMs: number): Promise<number> {
    let removed = 0;
    await this.eachOrphanBatch(graceMs, async (orphans) => {
      await this.storage.deleteMany(orphans);
      removed += orphans.length;
    });
    return removed;
  }

  /** Stored objects older than the grace period that no row names and no upload in flight keeps (fsck). */
  async listOrphans(graceMs: number): Promise<string[]> {
    const found: string[] = [];
    await this.eachOrphanBatch(graceMs, async (orphans) => {
      found.push(...orphans);
    });
    return found;
  }

  private async eachOrphanBatch(graceMs: number, handle: (orphans: string[]) => Promise<void>): Promise<void> {
    const cutoff = this.clock().getTime() - graceMs;
    for (const prefix of ['entries/', 'thumbnails/']) {
      let batch: string[] = [];
      const flush = async () => {
        const owners = batch.map((k) => (prefix === 'thumbnails/' ? fileKeyOfThumbnail(k) : k));
        const referenced = await this.entries.referencedKeys(owners);
        const kept = await this.kept(owners);
        const orphans = batch.filter((k, i) => !referenced.has(k) && !kept.has(owners[i]));
        batch = [];
        if (orphans.length) await handle(orphans);
      };
      for await (const object of this.storage.list(prefix)) {
        if (object.lastModified.getTime() > cutoff) continue;
        batch.push(object.key);
        if (batch.length >= BATCH) await flush();
      }
      if (batch.length) await flush();
    }
  }

  private async kept(keys: string[]): Promise<Set<string>> {
    const kept = new Set<string>();
    for (const keep of this.keepers) for (const key of await keep(keys)) kept.add(key);
    return kept;
  }
}
