import type { Logger } from 'pino';
import { createAdminModule } from './admin/admin.module.ts';
import { createAdsModule } from './ads/ads.module.ts';
import { createAdminFilesModule } from './admin/files/admin-files.module.ts';
import { StorageAdminService } from './admin/storage/storage-admin.service.ts';
import { MailLogRepository } from './admin/mail-log/mail-log.repository.ts';
import { createReportModule } from './admin/report/report.module.ts';
import { CacheRegistry } from './admin/cache/cache-registry.ts';
import { REPORT_CACHE_TTL_MS } from '@kosh/contracts';
import { GUEST_CACHE_MS } from './auth/actors.ts';
import { hasTwoFactor } from './auth/admin-two-factor.ts';
import { createAdminRolesModule } from './admin/roles/roles.module.ts';
import { createPagesAdminModule } from './admin/pages/pages-admin.module.ts';
import { createAppearanceSettingsModule } from './admin/appearance/settings/appearance-settings.module.ts';
import { createAdminSubscriptionsModule } from './admin/subscriptions/admin-subscriptions.module.ts';
import { createQueueModule } from './admin/queue/queue.module.ts';
import { LogSettings } from './logging/log-settings.ts';
import { ServerErrorReporter } from './logging/server-error-reporter.ts';
import { createAdminUsersModule } from './admin/users/admin-users.module.ts';
import { createAuthModule } from './auth/auth.module.ts';
import { createBillingModule } from './billing/billing.module.ts';
import { SubscriptionCancellation } from './billing/subscription-cancellation.ts';
import { systemClock, type Clock } from './clock.ts';
import { type Config, readSecretKeys } from './config.ts';
import type { Database, Dialect } from './db/database.ts';
import { createDriveModule } from './drive/drive.module.ts';
import { createTagsModule } from './tags/tags.module.ts';
import { MenusAdminRepository } from './admin/appearance/menus/menus-admin.repository.ts';
import { MenusAdminService } from './admin/appearance/menus/menus-admin.service.ts';
import { ThemesAdminRepository } from './admin/appearance/themes/themes-admin.repository.ts';
import { ThemesAdminService } from './admin/appearance/themes/themes-admin.service.ts';
import { DRIVE_MAINTENANCE_INTERVAL_MS } from './drive/maintenance.service.ts';
import { createEnquiriesModule } from './enquiries/enquiries.module.ts';
import { createHealthModule } from './health/health.module.ts';
import { createI18nModule } from './i18n/i18n.module.ts';
import { Lifecycle } from './lifecycle.ts';
import { createLogsModule } from './logs/logs.module.ts';
import { InvitationMailQuota } from './mail/invitation-quota.ts';
import { InvitationMailsRepository } from './mail/invitation-mails.repository.ts';
import { ConfiguredMailer, LoggedMailer } from './mail/mailer.ts';
import { createMailTemplatesModule } from './mail/mail-templates.module.ts';
import { MailTemplatesAdminService } from './admin/mail-templates/mail-templates-admin.service.ts';
import { createNotificationsModule } from './notifications/notifications.module.ts';
import { createRecaptchaModule } from './recaptcha/recaptcha.module.ts';
import { createSettingsModule } from './settings/settings.module.ts';
import { anyInvite } from './shares/invitations.service.ts';
import { createSharesModule } from './shares/shares.module.ts';
import { createShellModule } from './shell/shell.module.ts';
import { createStorageDriver } from './storage/create-driver.ts';
import { createUploadsModule } from './uploads/uploads.module.ts';
import { UPLOADS_MAINTENANCE_INTERVAL_MS } from './uploads/uploads.maintenance.ts';
import { createAccountModule } from './users/account.module.ts';
import { createUsersModule } from './users/users.module.ts';
import { createWorkspacesModule } from './workspaces/workspaces.module.ts';

export type CoreDeps = { config: Config; db: Database; dialect: Dialect; logger: Logger; clock?: Clock };

/**
 * Builds every area once per process (or per test app), each in its own module factory, in
 * the order they depend on one another; routes receive their own area's module (app.ts).
 */
export function createModules(core: CoreDeps) {
  const { config, db, dialect, logger } = core;
  const clock = core.clock ?? systemClock;
  const settings = createSettingsModule({
    db,
    secrets: () => readSecretKeys(config),
    clock,
    overrides: config.settingOverrides,
    status: {
      appUrl: config.appUrl ?? null,
      storageDriver: config.storageDriver,
      mailConfigured: config.smtpUrl !== undefined,
    },
    stripeApiUrl: config.stripeApiUrl,
    paypalApiUrl: config.paypalApiUrl,
  });
  // Adapters to the world outside the process that several areas share: file bytes and mail (each
  // mail sent or refused lands in the outgoing email log).
  const storage = createStorageDriver(config);
  const mailLog = new MailLogRepository(db, clock);
  const mailer = new LoggedMailer(
    new ConfiguredMailer({ settings: settings.service, smtpUrl: config.smtpUrl, dataDir: config.dataDir, logger }),
    mailLog,
    logger,
  );
  // Every mail is rendered from its template, staff's edit or the default; the senders use it.
  const mailTemplates = createMailTemplatesModule({ db });
  const { templates } = mailTemplates;
  settings.service.renderMailWith(templates);
  // The audit and schedule logs: staff changes and job runs write to them.
  const admin = createAdminModule({
    db,
    dialect,
    logger,
    settings: settings.service,
    mailer,
    templates,
    mailLog,
    clock,
  });
  settings.service.recordChangesWith(admin.audit);
  const users = createUsersModule({ db, clock });
  const billing = createBillingModule({
    db,
    dialect,
    users,
    settings: settings.service,
    stripeApiUrl: config.stripeApiUrl,
    paypalApiUrl: config.paypalApiUrl,
    logger,
    audit: admin.audit,
    clock,
  });
  const subscriptionCancellation = new SubscriptionCancellation({
    subscriptions: billing.repos.subscriptions,
    stripe: billing.stripe.gateway,
    paypal: billing.paypal.gateway,
    logger,
    clock,
  });
  settings.service.checkTwoFactorWith((userId) => hasTwoFactor(users.repos.users, userId));
  const adminRoles = createAdminRolesModule({ db, dialect, audit: admin.audit, actors: users.actors, clock });
  const i18n = createI18nModule({
    db,
    dialect,
    users: users.repos.users,
    settings: settings.service,
    audit: admin.audit,
    clock,
  });
  // Before the auth, drive and sharing modules: they notify through it.
  const notifications = createNotificationsModule({
    db,
    dialect,
    config,
    mailer,
    templates,
    settings: settings.service,
    settingsRepo: settings.repos.settings,
    users: users.repos.users,
    logger,
  });
  const drive = createDriveModule({
    db,
    dialect,
    storage,
    settings: settings.service,
    actors: users.actors,
    notifier: notifications,
    accelPrefix: config.xAccelRedirectPrefix,
    logger,
    jobRuns: admin.repos.jobRuns,
    clock,
  });
  // Invitation mail limits and tokens, counted in the database; shared by shares and workspaces.
  const invitationMails = new InvitationMailQuota({
    repo: new InvitationMailsRepository(db),
    settings: settings.service,
    clock,
  });
  const workspaces = createWorkspacesModule({
    drive,
    notifier: notifications,
    mailer,
    templates,
    invitationMails,
    settings: settings.service,
    logger,
    clock,
  });
  const recaptcha = createRecaptchaModule({ db, settings: settings.service });
  const shares = createSharesModule({
    db,
    drive,
    mailer,
    templates,
    invitationMails,
    workspaceInvites: workspaces.invitations,
    settings: settings.service,
    keys: settings.keys,
    notifier: notifications,
    logger,
    human: recaptcha.service,
    clock,
  });
  const uploads = createUploadsModule({
    db,
    dialect,
    config,
    storage,
    settings: settings.service,
    drive,
    logger,
    jobRuns: admin.repos.jobRuns,
    clock,
  });
  // "Run now" on the admin area's schedule screen.
  admin.jobs.register({
    key: drive.maintenance.key,
    label: 'Drive maintenance',
    description: 'Purges trash past its days, removes abandoned staged writes and stored bytes no entry names.',
    intervalMs: DRIVE_MAINTENANCE_INTERVAL_MS,
    run: (trigger) => drive.maintenance.runOnce({ trigger }),
  });
  admin.jobs.register({
    key: uploads.maintenance.key,
    label: 'Uploads maintenance',
    description: 'Removes expired uploads and their reservations, tus leftovers, and fills missing SHA-256s.',
    intervalMs: UPLOADS_MAINTENANCE_INTERVAL_MS,
    run: (trigger) => uploads.maintenance.runOnce({ trigger }),
  });
  const auth = createAuthModule({
    db,
    users,
    settings,
    mailer,
    templates,
    recaptcha: recaptcha.service,
    notices: notifications.security,
    invitations: shares.invitations,
    // Share and workspace invitations also let their address register while registration is disabled.
    invites: anyInvite(shares.invitations, workspaces.invitations),
    logger,
    clock,
  });
  auth.accessTokens.requirePlanWith((actor) => billing.subscriptions.assertMayUseApi(actor));
  drive.space.grantPlansWith(billing.subscriptions);
  billing.notifyWith(notifications);
  const enquiries = createEnquiriesModule({
    db,
    users: users.repos.users,
    settings: settings.service,
    recaptcha: recaptcha.service,
    mailer,
    templates,
    logger,
    clock,
  });
  const account = createAccountModule({
    config,
    users,
    auth,
    localizations: i18n.repos.localizations,
    // Deleting one's own account is the admin area's deletion without its staff rules.
    eraseAccount: (userId) => adminUsers.deletion.deleteOwn(userId),
    holdsAdmin: (userId) => adminUsers.repos.accounts.holdsAdmin(userId),
    subscriptionsOf: (userId) => billing.subscriptions.summariesOf(userId),
    clock,
  });
  // A valid subscription switches ads off (spec part 2, 6).
  const ads = createAdsModule({
    settings: settings.service,
    hasValidSubscription: (userId) => billing.subscriptions.hasValidSubscription(userId),
  });
  const shell = createShellModule({
    db,
    config,
    settings: settings.service,
    users,
    i18n,
    accountPresenter: account.presenter,
    notifications,
    lastWorkspaceOf: (userId) => workspaces.service.lastActiveOf(userId),
    ads: ads.service,
  });

  const report = createReportModule({ db, settings: settings.service, clock });
  // The in-memory caches the admin area's cache tab lists and clears (in every process).
  const caches = new CacheRegistry(
    [
      {
        id: 'report',
        name: 'Report figures',
        description: 'The admin report’s counts and charts, per period and time zone.',
        ttlMs: REPORT_CACHE_TTL_MS,
        size: () => report.cache.size,
        clear: () => report.cache.clear(),
      },
      {
        id: 'guest-role',
        name: 'Guest permissions',
        description: 'What visitors who are not signed in may do, read once for many visits.',
        ttlMs: GUEST_CACHE_MS,
        size: () => users.actors.cachedGuestRoles,
        clear: () => users.actors.forgetGuestRole(),
      },
    ],
    { settings: settings.repos.settings, audit: admin.audit, clock },
  );

  const pagesAdmin = createPagesAdminModule({
    db,
    dialect,
    storage,
    audit: admin.audit,
    settings: settings.service,
    logger,
    clock,
    jobs: admin.jobs,
    runs: admin.repos.jobRuns,
  });
  const appearanceSettings = createAppearanceSettingsModule({ settings: settings.service, storage });
  const errorReporter = new ServerErrorReporter({ settings: settings.service, logger });
  const logSettings = new LogSettings({
    logger,
    settings: settings.service,
    dataDir: config.dataDir,
    clock,
    reporter: errorReporter,
  });
  const lifecycle = new Lifecycle(
    [
      { name: 'database', stop: () => db.destroy() },
      // The logging tab's level (every process follows it) and retention of rotated log files.
      { name: 'log settings', start: () => logSettings.start(), stop: () => logSettings.stop() },
      // The cross-process listener (PostgreSQL) and the VAPID keys; open streams end first on stop.
      { name: 'notifications', start: () => notifications.start(), stop: () => notifications.stop() },
      // The tus lock connection (PostgreSQL) and the hashing worker of local uploads.
      { name: 'tus uploads', stop: () => uploads.tus.close() },
      // Work queued after an answer went out (thumbnails, SHA-256s) ends before the database closes.
      { name: 'thumbnails', stop: () => drive.thumbnails.drain() },
      { name: 'upload hashes', stop: () => uploads.hashes.drain() },
      // Bytes of removed drives being deleted; what is left stays queued for the next start.
      { name: 'storage deletions', stop: () => drive.storageDeletions.settled() },
      // Trash purge and orphan sweep, hourly; safe with several processes (drive/maintenance.service.ts).
      {
        name: 'drive maintenance',
        isJob: true,
        start: () => drive.maintenance.start(),
        stop: () => drive.maintenance.stop(),
      },
      // Images uploaded for custom pages that no page shows, a day on (admin/pages/pages-admin.module.ts).
      {
        name: 'page images sweep',
        isJob: true,
        start: () => pagesAdmin.sweep.start(),
        stop: () => pagesAdmin.sweep.stop(),
      },
      // Outgoing email and job runs older than 30 days (admin/admin.module.ts).
      { name: 'logs cleanup', isJob: true, start: () => admin.cleanup.start(), stop: () => admin.cleanup.stop() },
      // Follows a 'Clear caches' made in another process (admin/cache/cache-registry.ts).
      { name: 'cache sync', isJob: true, start: () => caches.start(), stop: () => caches.stop() },
      // This process's row in server_processes, for the admin area's websockets tab.
      {
        name: 'process census',
        isJob: true,
        start: () => notifications.census.start(),
        stop: () => notifications.census.stop(),
      },
      // Gateway events whose handling failed, tried again with growing delays (billing/billing-events.service.ts).
      { name: 'billing events', isJob: true, start: () => billing.retries.start(), stop: () => billing.retries.stop() },
      // Plans ending in three days and plans that ended, hourly (billing/subscription-notices.ts).
      {
        name: 'billing reminders',
        isJob: true,
        start: () => billing.reminders.start(),
        stop: () => billing.reminders.stop(),
      },
      // Expired uploads, their reservations, tus leftovers, missing SHA-256s (uploads/uploads.maintenance.ts).
      {
        name: 'uploads maintenance',
        isJob: true,
        start: () => uploads.maintenance.start(),
        stop: () => uploads.maintenance.stop(),
      },
    ],
    logger,
  );

  const adminUsers = createAdminUsersModule({
    db,
    dialect,
    admin,
    auth,
    account,
    actors: users.actors,
    drive,
    settings: settings.service,
    localizations: i18n.repos.localizations,
    plans: billing.subscriptions,
    // A deleted account's subscriptions end at Stripe first; 502 and nothing deleted when Stripe is out of reach.
    cancelSubscriptions: (userId) => subscriptionCancellation.cancelAllOf(userId),
    notices: notifications.security,
    logger,
    clock,
  });

  return {
    logSettings,
    errorReporter,
    config,
    db,
    dialect,
    logger,
    storage,
    mailer,
    mailTemplates: {
      ...mailTemplates,
      admin: new MailTemplatesAdminService({ db, repo: mailTemplates.repos.templates, audit: admin.audit, clock }),
    },
    settings,
    users,
    i18n,
    notifications,
    drive,
    shares,
    workspaces,
    uploads,
    recaptcha,
    enquiries,
    auth,
    account,
    shell,
    ads,
    billing,
    adminSubscriptions: createAdminSubscriptionsModule({ db, dialect, billing, audit: admin.audit, clock }),
    queue: createQueueModule({ db, billing, audit: admin.audit, clock }),
    admin,
    report,
    caches,
    adminUsers,
    adminRoles,
    adminFiles: createAdminFilesModule({ db, dialect, admin, drive, clock }),
    adminStorage: new StorageAdminService({
      storage,
      driver: config.storageDriver,
      accelPrefix: config.xAccelRedirectPrefix,
      audit: admin.audit,
    }),
    tags: createTagsModule({ db, dialect, drive, audit: admin.audit, clock }),
    /** The appearance editor's themes and menus (permission appearance.update). */
    appearanceThemes: new ThemesAdminService({
      db,
      dialect,
      repo: new ThemesAdminRepository(db, dialect),
      audit: admin.audit,
      clock,
    }),
    appearanceMenus: new MenusAdminService({
      db,
      dialect,
      repo: new MenusAdminRepository(db, dialect),
      audit: admin.audit,
      clock,
    }),
    pagesAdmin,
    appearanceSettings,
    logs: createLogsModule({ config }),
    health: createHealthModule({ db, dialect }),
    /** Starts and stops what holds timers and connections: the listener, the jobs, the database pool. */
    lifecycle,
  };
}

export type Modules = ReturnType<typeof createModules>;
