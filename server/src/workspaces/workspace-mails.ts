import type { NotificationData } from '@kosh/contracts';
import type { MailMessage } from '../mail/mailer.ts';
import { escapeHtml, layout } from '../mail/templates.ts';

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
  to: string,
  siteName: string,
  invite: { inviter: string; workspace: string; link: string },
): MailMessage & { html: string } {
  const inviter = escapeHtml(invite.inviter);
  const workspace = escapeHtml(invite.workspace);
  return {
    to,
    template: 'workspace_invitation',
    subject: `${invite.inviter} invited you to join ${invite.workspace} on ${siteName}`,
    text: [
      `${invite.inviter} invited you to join the ${invite.workspace} workspace on ${siteName}.`,
      '',
      `Join or decline: ${invite.link}`,
      '',
      `${siteName}\n`,
    ].join('\n'),
    html: layout(siteName, [
      `<strong>${inviter}</strong> invited you to join the <strong>${workspace}</strong> workspace.`,
      `<a href="${escapeHtml(invite.link)}">Join workspace</a>`,
    ]),
  };
}

/** To an address without an account: create one with this address, and the workspace is joined. */
export function inviteToRegisterMail(
  to: string,
  siteName: string,
  invite: { inviter: string; workspace: string; registerLink: string },
): MailMessage {
  const inviter = escapeHtml(invite.inviter);
  const workspace = escapeHtml(invite.workspace);
  const create = 'Create an account with this address to join';
  return {
    to,
    template: 'workspace_invitation_register',
    subject: `${invite.inviter} invited you to join ${invite.workspace} on ${siteName}`,
    text: [
      `${invite.inviter} invited you to join the ${invite.workspace} workspace on ${siteName}. ${create}:`,
      '',
      invite.registerLink,
      '',
      'If you did not expect this, you can ignore this email.',
      '',
      `${siteName}\n`,
    ].join('\n'),
    html: layout(siteName, [
      `<strong>${inviter}</strong> invited you to join the <strong>${workspace}</strong> workspace. ${create}.`,
      `<a href="${escapeHtml(invite.registerLink)}">Create an account</a>`,
      'If you did not expect this, you can ignore this email.',
    ]),
  };
}
