import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Database, Dialect } from '../db/database.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { MailTemplates } from '../mail/mail-templates.service.ts';
import type { SettingsRepository } from '../settings/settings.repository.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import { InboxService } from './inbox.service.ts';
import { InProcessHub, PgHub, type LiveHub } from './live-hub.ts';
import { LiveStreams } from './live-streams.ts';
import { NotificationService, presentNotification } from './notification.service.ts';
import { NotificationsRepository } from './notifications.repository.ts';
import { PreferencesService } from './preferences.service.ts';
import { SecurityNotices } from './security-notices.ts';
import { ProcessCensus } from './process-census.ts';
import { NotificationStreamService } from './stream.service.ts';
import { SubscriptionsRepository } from './subscriptions.repository.ts';
import { PushSender, VapidKeyStore } from './web-push.ts';

/** The VAPID subject push services contact about abuse: the https APP_URL, else the sender's mail address. */
const subjectOf = (config: Config) =>
  config.appUrl?.startsWith('https://')
    ? config.appUrl
    : `mailto:${/<([^>]+)>/.exec(config.mailFrom)?.[1] ?? config.mailFrom.trim()}`;

/**
 * Notifications. `notify` is what other areas call; the rest serves the routes.
 * Built before the drive and shares modules so they can notify.
 */
export function createNotificationsModule(deps: {
  db: Database;
  dialect: Dialect;
  config: Config;
  mailer: Mailer;
  templates: MailTemplates;
  settings: SettingsService;
  /** The VAPID key pair is kept among the settings. */
  settingsRepo: SettingsRepository;
  users: UsersRepository;
  logger: Logger;
}) {
  const { db, config, logger } = deps;
  const repo = new NotificationsRepository(db);
  const subscriptions = new SubscriptionsRepository(db);
  const hub: LiveHub =
    deps.dialect === 'postgres' && config.databaseUrl
      ? new PgHub({ url: config.databaseUrl, db, logger })
      : new InProcessHub();
  const vapid = new VapidKeyStore(deps.settingsRepo);
  const push = new PushSender({
    keys: vapid,
    subject: subjectOf(config),
    allowedHosts: config.webPushAllowedHosts,
    logger,
  });
  const service = new NotificationService({
    db,
    repo,
    subscriptions,
    users: deps.users,
    hub,
    push,
    mailer: deps.mailer,
    templates: deps.templates,
    settings: deps.settings,
    appUrl: config.appUrl,
    logger,
  });
  const inbox = new InboxService({ repo, hub });
  const streams = new LiveStreams({
    hub,
    logger,
    loader: {
      load: async (userId, id) => {
        const row = await repo.getById(id);
        return row && row.user_id === userId ? presentNotification(row) : undefined;
      },
      unreadCount: (userId) => repo.unreadCount(userId),
    },
  });
  const census = new ProcessCensus({ db, hub, openStreams: () => streams.openCount, dialect: deps.dialect });
  return {
    /** Stores, sanitises and delivers one notification (see NotificationService.notify). */
    notify: service.notify.bind(service),
    settleInvite: service.settleInvite.bind(service),
    service,
    inbox,
    preferences: new PreferencesService({ subscriptions, allowedHosts: config.webPushAllowedHosts }),
    streams,
    /** Every server process with its open streams and listener, for the admin area's websockets tab. */
    census,
    stream: new NotificationStreamService({ streams, inbox }),
    vapid,
    /** New sign-in and two-factor notifications, for the auth services. */
    security: new SecurityNotices({ db, notifier: service, logger }),
    repos: { notifications: repo, subscriptions },
    /** Opens the cross-process listener (PostgreSQL) and the VAPID keys; called when the app is ready. */
    start: async () => {
      await vapid.get();
      await hub.start();
    },
    /** Ends open streams first so the HTTP server can close, then the listener. */
    stop: async () => {
      streams.closeAll();
      await hub.stop();
      await service.idle();
    },
  };
}

export type NotificationsModule = ReturnType<typeof createNotificationsModule>;
