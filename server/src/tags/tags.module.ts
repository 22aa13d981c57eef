import type { AuditService } from '../admin/audit/audit.service.ts';
import { TagsAdminRepository } from '../admin/tags/tags-admin.repository.ts';
import { TagsAdminService } from '../admin/tags/tags-admin.service.ts';
import type { Clock } from '../clock.ts';
import type { Database, Dialect } from '../db/database.ts';
import type { DriveModule } from '../drive/drive.module.ts';
import { DriveTagsService } from './tags.service.ts';

/** Tags: the drive's tagging (on the drive's policy and listing) and the admin area's tag list. */
export function createTagsModule(deps: {
  db: Database;
  dialect: Dialect;
  drive: DriveModule;
  audit: AuditService;
  clock: Clock;
}) {
  return {
    drive: new DriveTagsService({
      db: deps.db,
      tags: deps.drive.repos.tags,
      policy: deps.drive.policy,
      listing: deps.drive.listing,
      clock: deps.clock,
    }),
    admin: new TagsAdminService({
      db: deps.db,
      dialect: deps.dialect,
      repo: new TagsAdminRepository(deps.db, deps.dialect),
      audit: deps.audit,
      clock: deps.clock,
    }),
  };
}

export type TagsModule = ReturnType<typeof createTagsModule>;
