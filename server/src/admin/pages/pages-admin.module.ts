import type { Logger } from 'pino';
import type { Clock } from '../../clock.ts';
import type { Database, Dialect } from '../../db/database.ts';
import type { SettingsService } from '../../settings/settings.service.ts';
import type { StorageDriver } from '../../storage/storage-driver.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { type JobTrigger, PeriodicJob, type JobRunRecorder } from '../../db/periodic-job.ts';
import type { JobsService } from '../jobs/jobs.service.ts';
import { appearanceShows } from '../appearance/images/appearance-image-use.ts';
import { PageImagesService } from './page-images.service.ts';
import { PagesAdminRepository } from './pages-admin.repository.ts';
import { PagesAdminService } from './pages-admin.service.ts';

const PAGE_IMAGES_LOCK = 0x6b6f7069; // "kopi"
const HOUR = 60 * 60_000;
/** An upload no page shows is kept this long: the editor may still be writing the page. */
const SWEEP_GRACE_MS = 24 * HOUR;

/** The admin area's custom pages and their images (the public page itself is the shell's). */
export function createPagesAdminModule(deps: {
  db: Database;
  dialect: Dialect;
  storage: StorageDriver;
  audit: AuditService;
  settings: Pick<SettingsService, 'get'>;
  logger: Logger;
  clock: Clock;
  /** The schedule log the sweep of unused images is listed and recorded in. */
  jobs: Pick<JobsService, 'register'>;
  runs: JobRunRecorder;
}) {
  const repo = new PagesAdminRepository(deps.db);
  const images = new PageImagesService({
    storage: deps.storage,
    logger: deps.logger,
    // Logos, the favicon and landing images are page images too (the appearance editor uploads them).
    isShown: async (name) => (await repo.anyBodyContains(name)) || (await appearanceShows(deps.settings, name)),
    clock: deps.clock,
  });
  const sweep = new PeriodicJob<{ removed: number }>({
    name: 'page images sweep',
    db: deps.db,
    dialect: deps.dialect,
    lockId: PAGE_IMAGES_LOCK,
    logger: deps.logger,
    runs: deps.runs,
  });
  const runSweep = (trigger?: JobTrigger) =>
    sweep.once(async () => ({ removed: await images.sweepUnused(SWEEP_GRACE_MS) }), trigger);
  deps.jobs.register({
    key: sweep.key,
    label: 'Page images sweep',
    description:
      'Removes images uploaded for custom pages or the appearance editor that nothing shows, a day after their upload.',
    intervalMs: HOUR,
    run: runSweep,
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
    /** Hourly, one process at a time. */
    sweep: {
      start: () => sweep.start(HOUR, () => runSweep()),
      stop: () => sweep.stop(),
      runOnce: () => runSweep(),
    },
  };
}

export type PagesAdminModule = ReturnType<typeof createPagesAdminModule>;
