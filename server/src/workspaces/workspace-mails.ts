import type { NotificationData } from '@kosh/contracts';
import type { MailTemplates } from '../mail/mail-templates.service.ts';
import { escapeHtml } from '../mail/templates.ts';

/** The workspace-invite notification (spec part 1, 2.8 and 3): inviteId with join and decline actions. */
export function inviteNotificationData(invite: { id: string; inviter: string; workspace: string }): NotificationData {
  return {
    image: 'group-add',
    lines: [
      {
        type: 'primary',
        content: `You are invited to join the <strong>${escapeHtml(invite.workspace)}</strong> workspace`,
      },
      { type: 'other', content: `Invited by ${escapeHtml(invite.inviter)}` },
    ],
    buttonActions: [
      { label: 'Join', action: 'join-workspace' },
      { label: 'Decline', action: 'decline-workspace' },
    ],
    inviteId: invite.id,
  };
}

/** To the owner: someone joined their workspace. */
export function joinedNotificationData(input: { member: string; workspace: string }): NotificationData {
  const member = escapeHtml(input.member);
  const workspace = escapeHtml(input.workspace);
  return {
    image: 'group-add',
    lines: [
      {
        type: 'primary',
        content: `<strong>${member}</strong> joined the <strong>${workspace}</strong> workspace`,
      },
    ],
    mainAction: { action: '/drive', label: 'Open' },
  };
}

/** The invite by mail to someone with an account: where to answer it (the notifications page). */
export function inviteMail(
  templates: MailTemplates,
  to: string,
  siteName: string,
  invite: { inviter: string; workspace: string; link: string },
) {
  return templates.message('workspace_invitation', to, { ...invite, site_name: siteName });
}

/** To an address without an account: create one with this address, and the workspace is joined. */
export function inviteToRegisterMail(
  templates: MailTemplates,
  to: string,
  siteName: string,
  invite: { inviter: string; workspace: string; registerLink: string },
) {
  const { inviter, workspace, registerLink } = invite;
  return templates.message('workspace_invitation_register', to, {
    inviter,
    workspace,
    link: registerLink,
    site_name: siteName,
  });
}
