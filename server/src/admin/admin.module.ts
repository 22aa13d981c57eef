import { MAIL_LOG_DAYS } from '@kosh/contracts';
import type { Logger } from 'pino';
import { systemClock, type Clock } from '../clock.ts';
import type { Database, Dialect } from '../db/database.ts';
import { PeriodicJob } from '../db/periodic-job.ts';
import { AuditRepository } from './audit/audit.repository.ts';
import { AuditService } from './audit/audit.service.ts';
import { JobRunsRepository } from './jobs/job-runs.repository.ts';
import { JobsService } from './jobs/jobs.service.ts';
import type { MailLogRepository } from './mail-log/mail-log.repository.ts';
import { MailLogService } from './mail-log/mail-log.service.ts';
import { UserSpaceRepository } from './user-space/user-space.repository.ts';
import { UserSpaceService } from './user-space/user-space.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { MailTemplates } from '../mail/mail-templates.service.ts';
import { EnquiriesAdminRepository } from './enquiries/enquiries-admin.repository.ts';
import { EnquiriesAdminService } from './enquiries/enquiries-admin.service.ts';

const LOGS_CLEANUP_LOCK = 0x6b6f6c67; // "kolg"
const HOUR = 3600_000;
const DAY = 24 * HOUR;

/**
 * The admin area's shared parts: the audit log every staff change writes to, the schedule log
 * periodic jobs write their runs to, and the outgoing email log the mailer writes to.
 */
export function createAdminModule(deps: {
  db: Database;
  dialect: Dialect;
  logger: Logger;
  settings: Pick<SettingsService, 'get'>;
  mailer: Mailer;
  templates: MailTemplates;
  /** The outgoing email log, which the mailer writes to (built before the mailer, so passed in). */
  mailLog: MailLogRepository;
  clock?: Clock;
}) {
  const clock = deps.clock ?? systemClock;
  const auditRepo = new AuditRepository(deps.db);
  const jobRuns = new JobRunsRepository(deps.db, clock);
  const { mailLog } = deps;
  const audit = new AuditService({ repo: auditRepo, clock });
  const jobs = new JobsService(jobRuns, audit);

  // Both logs keep 30 days; the cleanup is itself a job on the schedule.
  const cleanup = new PeriodicJob<{ mails: number; runs: number }>({
    name: 'logs cleanup',
    db: deps.db,
    dialect: deps.dialect,
    lockId: LOGS_CLEANUP_LOCK,
    logger: deps.logger,
    runs: jobRuns,
  });
  const runCleanup = (trigger?: Parameters<typeof cleanup.once>[1]) =>
    cleanup.once(async () => {
      const before = new Date(clock().getTime() - MAIL_LOG_DAYS * DAY).toISOString();
      return { mails: await mailLog.deleteBefore(before), runs: await jobRuns.deleteBefore(before) };
    }, trigger);
  jobs.register({
    key: cleanup.key,
    label: 'Logs cleanup',
    description: `Removes outgoing email and job runs older than ${MAIL_LOG_DAYS} days.`,
    intervalMs: HOUR,
    run: runCleanup,
  });

  return {
    repos: { audit: auditRepo, jobRuns, mailLog },
    audit,
    enquiries: new EnquiriesAdminService({
      db: deps.db,
      repo: new EnquiriesAdminRepository(deps.db),
      audit,
      mailer: deps.mailer,
      templates: deps.templates,
      settings: deps.settings,
      logger: deps.logger,
      clock,
    }),
    jobs,
    mail: new MailLogService(mailLog),
    userSpace: new UserSpaceService({ repo: new UserSpaceRepository(deps.db), settings: deps.settings, clock }),
    cleanup: {
      start: () => cleanup.start(HOUR, () => runCleanup()),
      stop: () => cleanup.stop(),
      runOnce: () => runCleanup(),
    },
  };
}

export type AdminModule = ReturnType<typeof createAdminModule>;
