import type { RecaptchaService } from '../recaptcha/recaptcha.service.ts';
import type { Logger } from 'pino';
import { FailureCountersRepository } from '../auth/failure-counters.repository.ts';
import { FailureThrottle } from '../auth/failure-throttle.ts';
import type { KeyRing } from '../auth/key-ring.ts';
import { KnownNetworksRepository } from '../auth/known-networks.repository.ts';
import type { Database } from '../db/database.ts';
import type { DriveModule } from '../drive/drive.module.ts';
import type { InvitationMailQuota } from '../mail/invitation-quota.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { MailTemplates } from '../mail/mail-templates.service.ts';
import type { Notifier } from '../notifications/notification.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { type ProvenAddressListener, ShareInvitations } from './invitations.service.ts';
import { LinkAccessService } from './link-access.service.ts';
import { LinkPageSeo } from './link-seo.ts';
import { LinksRepository } from './links.repository.ts';
import { LinksService } from './links.service.ts';
import { SharesService } from './shares.service.ts';

/** Wires sharing on top of the drive module: people shares, invitations, links and the link page. */
export function createSharesModule(deps: {
  db: Database;
  drive: DriveModule;
  mailer: Mailer;
  templates: MailTemplates;
  /** Invitation mail limits and tokens, shared with workspace invites. */
  invitationMails: InvitationMailQuota;
  /** Workspace invites, handed over with the shares once an address is proven. */
  workspaceInvites: ProvenAddressListener;
  settings: SettingsService;
  keys: KeyRing;
  notifier: Notifier;
  logger: Logger;
  human: Pick<RecaptchaService, 'isRequiredFor' | 'spend'>;
  clock?: () => Date;
}) {
  const { db, drive, mailer, templates, settings, keys, notifier, logger, invitationMails: quota } = deps;
  const clock = deps.clock ?? (() => new Date());
  const shares = drive.repos.shares;
  const entries = drive.repos.entries;
  const links = new LinksRepository(db);
  const access = new LinkAccessService({
    links,
    entries,
    policy: drive.policy,
    listing: drive.listing,
    downloads: drive.downloads,
    copy: drive.copy,
    uploads: drive.uploads,
    keys,
    throttle: new FailureThrottle({
      counters: new FailureCountersRepository(db),
      known: new KnownNetworksRepository(db),
      clock,
    }),
    human: deps.human,
    clock,
  });
  return {
    repos: { shares, links },
    invitations: new ShareInvitations({
      shares,
      entries,
      quota,
      others: [deps.workspaceInvites],
      notifier,
      logger,
      clock,
    }),
    people: new SharesService({
      shares,
      entries,
      policy: drive.policy,
      notifier,
      mailer,
      templates,
      quota,
      settings,
      logger,
      clock,
    }),
    links: new LinksService({ links, policy: drive.policy, listing: drive.listing, clock }),
    access,
    seo: new LinkPageSeo({ access, settings }),
  };
}

export type SharesModule = ReturnType<typeof createSharesModule>;
