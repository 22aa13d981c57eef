import type { Logger } from 'pino';
import type { Database, Dialect } from '../db/database.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { StorageDriver } from '../storage/storage-driver.ts';
import { DriveCopyService } from './copy.service.ts';
import { DrivePolicy } from './drive.policy.ts';
import { DriveViewsRepository } from './drive-views.repository.ts';
import { DriveDownloadService } from './download.service.ts';
import { DriveEntriesService } from './entries.service.ts';
import { EntryWriter } from './entry-writer.ts';
import { FileEntriesRepository } from './file-entries.repository.ts';
import { DriveListingService } from './listing.service.ts';
import { DriveMaintenance } from './maintenance.service.ts';
import { SpaceService } from './space.service.ts';
import { StarsRepository } from './stars.repository.ts';
import { ThumbnailService } from './thumbnails.service.ts';
import { DriveTrashService } from './trash.service.ts';
import { DriveUploadService } from './upload.service.ts';

/** Wires the drive's repositories and services (one instance per container). */
export function createDriveModule(deps: { db: Database; dialect: Dialect; storage: StorageDriver; settings: SettingsService; logger: Logger; clock?: () => Date }) {
  const { db, dialect, storage, settings, logger } = deps;
  const clock = deps.clock ?? (() => new Date());
  const entries = new FileEntriesRepository(db);
  const stars = new StarsRepository(db);
  const views = new DriveViewsRepository(db, dialect);
  const policy = new DrivePolicy(entries);
  const writer = new EntryWriter(db, dialect, entries);
  const space = new SpaceService(entries, settings);
  const listing = new DriveListingService({ entries, views, stars, policy });
  const thumbnails = new ThumbnailService({ entries, storage, logger });
  const trash = new DriveTrashService({ entries, policy, writer, listing, storage, settings, logger, clock });
  return {
    repos: { entries, stars, views },
    policy,
    space,
    listing,
    thumbnails,
    trash,
    entries: new DriveEntriesService({ entries, stars, policy, writer, listing, clock }),
    copy: new DriveCopyService({ entries, policy, writer, listing, space, storage, logger, clock }),
    uploads: new DriveUploadService({ entries, policy, writer, listing, space, settings, storage, thumbnails, logger, clock }),
    downloads: new DriveDownloadService({ entries, policy, storage, logger }),
    maintenance: new DriveMaintenance({ db, dialect, entries, trash, storage, logger }),
  };
}

export type DriveModule = ReturnType<typeof createDriveModule>;
