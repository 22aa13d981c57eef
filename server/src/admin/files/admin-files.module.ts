import type { Clock } from '../../clock.ts';
import type { Database, Dialect } from '../../db/database.ts';
import type { DriveModule } from '../../drive/drive.module.ts';
import type { AdminModule } from '../admin.module.ts';
import { AdminFilesRepository } from './admin-files.repository.ts';
import { AdminFilesService } from './admin-files.service.ts';

/** The admin area's files screen: every entry of every drive, previews and delete forever. */
export function createAdminFilesModule(deps: {
  db: Database;
  dialect: Dialect;
  admin: AdminModule;
  drive: DriveModule;
  clock?: Clock;
}) {
  const repo = new AdminFilesRepository(deps.db, deps.dialect);
  return {
    repo,
    files: new AdminFilesService({
      repo,
      entries: deps.drive.repos.entries,
      writer: deps.drive.writer,
      downloads: deps.drive.downloads,
      deletions: deps.drive.storageDeletions,
      audit: deps.admin.audit,
      clock: deps.clock,
    }),
    /** Where preview answers take a file's bytes from (nginx, a local path, or a stream). */
    delivery: deps.drive.delivery,
  };
}

export type AdminFilesModule = ReturnType<typeof createAdminFilesModule>;
