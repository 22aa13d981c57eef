import type { Logger } from 'pino';
import type { Actor } from '../auth/actor.ts';
import type { Actors } from '../auth/actors.ts';
import type { Database, Dialect } from '../db/database.ts';
import type { Notifier } from '../notifications/notification.service.ts';
import { UploadNotices } from '../notifications/upload-notices.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { SharesRepository } from '../shares/shares.repository.ts';
import type { StorageDriver } from '../storage/storage-driver.ts';
import { WorkspacesRepository } from '../workspaces/workspaces.repository.ts';
import { byteDeliveryOf } from './byte-delivery.ts';
import { BulkRepository } from './bulk.repository.ts';
import { DriveBulkService } from './bulk.service.ts';
import { DriveCopyService } from './copy.service.ts';
import { DrivePolicy } from './drive.policy.ts';
import { DriveViewsRepository } from './drive-views.repository.ts';
import { DriveDownloadService } from './download.service.ts';
import { ZipSlots } from './zip-slots.ts';
import { DriveEntriesService } from './entries.service.ts';
import { EntryWriter } from './entry-writer.ts';
import { FileEntriesRepository } from './file-entries.repository.ts';
import { FsckRepository } from './fsck.repository.ts';
import { DriveFsck } from './fsck.service.ts';
import { DriveListingService } from './listing.service.ts';
import { DriveMaintenance } from './maintenance.service.ts';
import type { JobRunRecorder } from '../db/periodic-job.ts';
import { SpaceReservationsRepository } from './space-reservations.repository.ts';
import { SpaceService } from './space.service.ts';
import { StarsRepository } from './stars.repository.ts';
import { TagsRepository } from '../tags/tags.repository.ts';
import { StorageDeletions } from './storage-deletions.ts';
import { ThumbnailService } from './thumbnails.service.ts';
import { DriveTrashService } from './trash.service.ts';
import { DriveUploadService } from './upload.service.ts';

/** Wires the drive's repositories and services (one instance per process, or per test app). */
export function createDriveModule(deps: {
  db: Database;
  dialect: Dialect;
  storage: StorageDriver;
  settings: SettingsService;
  actors: Actors;
  notifier?: Notifier;
  /** X_ACCEL_REDIRECT_PREFIX: downloads of local files are handed to nginx there. */
  accelPrefix?: string;
  logger: Logger;
  /** The admin area's schedule log, where the maintenance job's runs are written. */
  jobRuns?: JobRunRecorder;
  clock?: () => Date;
}) {
  const { db, dialect, storage, settings, logger } = deps;
  const clock = deps.clock ?? (() => new Date());
  const entries = new FileEntriesRepository(db);
  const stars = new StarsRepository(db);
  const tags = new TagsRepository(db);
  const views = new DriveViewsRepository(db, dialect);
  // People shares widen who reaches an entry; the policy reads them.
  const shares = new SharesRepository(db);
  // A drive's owner as an actor: what others put in a shared folder counts against the owner's space.
  const actorOf = async (userId: number): Promise<Actor> =>
    (await deps.actors.forUserId(userId)) ?? deps.actors.forUser({ id: userId, email: '' });
  // Workspace members reach a workspace's entries as far as their role goes.
  const workspaces = new WorkspacesRepository(db);
  const policy = new DrivePolicy(entries, { grants: shares, actorOf, workspaces });
  const writer = new EntryWriter(db, dialect, entries);
  const reservations = new SpaceReservationsRepository(db);
  const space = new SpaceService({ entries, settings, reservations, db, dialect, writer, clock });
  const listing = new DriveListingService({ entries, views, stars, policy, shared: shares, tags });
  const thumbnails = new ThumbnailService({ entries, storage, logger });
  // Shared-folder uploads and storage almost full.
  const notices = deps.notifier
    ? new UploadNotices({ notifier: deps.notifier, entries, people: shares, space, actorOf, logger })
    : undefined;
  const trash = new DriveTrashService({ entries, policy, writer, listing, storage, settings, logger, clock });
  // Bytes of whole drives removed at once (a deleted user's), queued with the rows' removal.
  const storageDeletions = new StorageDeletions({ db, storage, logger });
  const maintenance = new DriveMaintenance({
    db,
    dialect,
    entries,
    trash,
    storage,
    deletions: storageDeletions,
    logger,
    runs: deps.jobRuns,
  });
  const organise = new DriveEntriesService({ entries, stars, policy, writer, listing, clock });
  const copies = new DriveCopyService({ entries, policy, writer, listing, space, storage, logger, clock });
  return {
    repos: { entries, stars, views, reservations, shares, workspaces, tags },
    policy,
    actorOf,
    writer,
    space,
    listing,
    thumbnails,
    notices,
    trash,
    entries: organise,
    copy: copies,
    bulk: new DriveBulkService({
      bulk: new BulkRepository(db, dialect),
      entries,
      policy,
      writer,
      organise,
      trash,
      copies,
      storage,
      logger,
      clock,
    }),
    uploads: new DriveUploadService({
      entries,
      policy,
      writer,
      listing,
      space,
      settings,
      storage,
      thumbnails,
      notices,
      logger,
      clock,
    }),
    downloads: new DriveDownloadService({
      entries,
      policy,
      storage,
      logger,
      settings,
      slots: new ZipSlots({ db, dialect, logger }),
    }),
    /** Where download answers take a file's bytes from (nginx, a local path, or a stream). */
    delivery: byteDeliveryOf(storage, deps.accelPrefix),
    maintenance,
    storageDeletions,
    /** The operator's consistency check and repair (kosh fsck). */
    fsck: new DriveFsck({
      fsck: new FsckRepository(db),
      entries,
      writer,
      storage,
      maintenance,
      space,
      actorOf,
      clock,
    }),
  };
}

export type DriveModule = ReturnType<typeof createDriveModule>;
