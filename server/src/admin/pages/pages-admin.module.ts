import type { Logger } from 'pino';
import type { Clock } from '../../clock.ts';
import type { Database, Dialect } from '../../db/database.ts';
import type { SettingsService } from '../../settings/settings.service.ts';
import type { StorageDriver } from '../../storage/storage-driver.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { PageImagesService } from './page-images.service.ts';
import { PagesAdminRepository } from './pages-admin.repository.ts';
import { PagesAdminService } from './pages-admin.service.ts';

/** The admin area's custom pages and their images (the public page itself is the shell's). */
export function createPagesAdminModule(deps: {
  db: Database;
  dialect: Dialect;
  storage: StorageDriver;
  audit: AuditService;
  settings: Pick<SettingsService, 'get'>;
  logger: Logger;
  clock: Clock;
}) {
  const repo = new PagesAdminRepository(deps.db);
  const images = new PageImagesService({
    storage: deps.storage,
    logger: deps.logger,
    anyBodyContains: (text) => repo.anyBodyContains(text),
  });
  return {
    admin: new PagesAdminService({
      db: deps.db,
      dialect: deps.dialect,
      repo,
      audit: deps.audit,
      settings: deps.settings,
      images,
      clock: deps.clock,
    }),
    images,
  };
}

export type PagesAdminModule = ReturnType<typeof createPagesAdminModule>;
