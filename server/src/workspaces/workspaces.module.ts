import type { Logger } from 'pino';
import type { DriveModule } from '../drive/drive.module.ts';
import type { InvitationMailQuota } from '../mail/invitation-quota.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { MailTemplates } from '../mail/mail-templates.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { WorkspaceInvitations } from './workspace-invitations.service.ts';
import { WorkspacesService, type Notifier } from './workspaces.service.ts';

/** Wires workspaces on top of the drive module, whose policy reads the same memberships. */
export function createWorkspacesModule(deps: {
  drive: DriveModule;
  notifier: Notifier;
  mailer: Mailer;
  templates: MailTemplates;
  invitationMails: InvitationMailQuota;
  settings: SettingsService;
  logger: Logger;
  clock?: () => Date;
}) {
  const { drive } = deps;
  const invitations = new WorkspaceInvitations({
    repo: drive.repos.workspaces,
    quota: deps.invitationMails,
    notifier: deps.notifier,
  });
  return {
    invitations,
    service: new WorkspacesService({
      repo: drive.repos.workspaces,
      notifier: deps.notifier,
      mailer: deps.mailer,
      templates: deps.templates,
      quota: deps.invitationMails,
      invitations,
      settings: deps.settings,
      actorOf: drive.actorOf,
      retireEntries: (workspaceId, at, db) => drive.repos.entries.retireWorkspace(workspaceId, at, db),
      logger: deps.logger,
      clock: deps.clock,
    }),
  };
}

export type WorkspacesModule = ReturnType<typeof createWorkspacesModule>;
