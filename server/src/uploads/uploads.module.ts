import type { JobRunRecorder } from '../db/periodic-job.ts';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Database, Dialect } from '../db/database.ts';
import type { DriveModule } from '../drive/drive.module.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { StorageDriver } from '../storage/storage-driver.ts';
import { ClaimHolders } from './claim-holders.ts';
import { PendingUploadsRepository } from './pending-uploads.repository.ts';
import { DirectUploads } from './s3-direct.service.ts';
import { Sha256Backfill } from './sha256-backfill.ts';
import { TusHttpAdapter } from './tus/tus-http.ts';
import { TusUploads } from './tus/tus.service.ts';
import { UploadFinalizer } from './upload-finalizer.ts';
import { UploadIntake } from './upload-intake.ts';
import { UploadsMaintenance } from './uploads.maintenance.ts';

/** Wires resumable and direct uploads over the drive module (one instance per process, or per test app). */
export function createUploadsModule(deps: {
  db: Database;
  dialect: Dialect;
  config: Config;
  storage: StorageDriver;
  settings: SettingsService;
  drive: DriveModule;
  logger: Logger;
  /** The admin area's schedule log. */
  jobRuns?: JobRunRecorder;
  clock?: () => Date;
}) {
  const { db, dialect, config, storage, settings, drive, logger } = deps;
  const clock = deps.clock ?? (() => new Date());
  const pending = new PendingUploadsRepository(db);
  const hashes = new Sha256Backfill({ entries: drive.repos.entries, storage, logger });
  const intake = new UploadIntake({
    pending,
    policy: drive.policy,
    space: drive.space,
    settings,
    plain: drive.uploads,
    clock,
  });
  const finalizer = new UploadFinalizer({
    pending,
    holders: new ClaimHolders({ db, dialect, databaseUrl: config.databaseUrl, logger }),
    policy: drive.policy,
    writer: drive.writer,
    entries: drive.repos.entries,
    space: drive.space,
    listing: drive.listing,
    thumbnails: drive.thumbnails,
    hashes,
    notices: drive.notices,
    db,
    dialect,
    logger,
    clock,
  });
  const tus = new TusUploads({ config, intake, finalizer, pending, settings, storage, logger, clock });
  const direct = new DirectUploads({ intake, finalizer, pending, storage, settings });
  const maintenance = new UploadsMaintenance({
    db,
    dialect,
    pending,
    reservations: drive.repos.reservations,
    intake,
    tus,
    direct,
    hashes,
    logger,
    runs: deps.jobRuns,
    clock,
  });
  // Keys of uploads in flight are not orphans, and their multipart uploads are not staging leftovers.
  drive.maintenance.protect((keys) => pending.keysIn(keys));
  return {
    repos: { pending },
    intake,
    finalizer,
    tus,
    /** The tus endpoint's Fastify glue (tus.routes.ts hands it every tus request). */
    tusHttp: new TusHttpAdapter({ uploads: tus, logger }),
    direct,
    hashes,
    maintenance,
  };
}

export type UploadsModule = ReturnType<typeof createUploadsModule>;
