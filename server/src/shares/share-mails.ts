import type { SharePermission } from '@kosh/contracts';
import type { MailMessage } from '../mail/mailer.ts';
import { escapeHtml, layout } from '../mail/templates.ts';

const VERBS: Record<SharePermission, string> = {
  view: 'view',
  download: 'view and download',
  edit: 'view, download and edit',
};

/** "report.pdf", or "report.pdf and 2 more items". */
export const itemsLabel = (names: string[]) =>
  names.length === 1
    ? `"${names[0]}"`
    : `"${names[0]}" and ${names.length - 1} more item${names.length > 2 ? 's' : ''}`;

/** To someone with an account: what was shared, and where to open it. */
export function entrySharedMail(
  to: string,
  siteName: string,
  share: { sharer: string; names: string[]; permission: SharePermission; link: string },
): MailMessage {
  const items = itemsLabel(share.names);
  const can = `You can ${VERBS[share.permission]} it`;
  return {
    to,
    template: 'entry_shared',
    subject: `${share.sharer} shared ${items} with you`,
    text: `${share.sharer} shared ${items} with you on ${siteName}. ${can}.\n\nOpen it: ${share.link}\n\n${siteName}\n`,
    html: layout(siteName, [
      `<strong>${escapeHtml(share.sharer)}</strong> shared <strong>${escapeHtml(items)}</strong> with you. ${can}.`,
      `<a href="${escapeHtml(share.link)}">Open</a>`,
    ]),
  };
}

/** To an address without an account: an invitation to register, after which the share applies. */
export function shareInvitationMail(
  to: string,
  siteName: string,
  share: { sharer: string; names: string[]; permission: SharePermission; registerLink: string },
): MailMessage {
  const items = itemsLabel(share.names);
  const can = `You can ${VERBS[share.permission]} it once you create an account with this address`;
  return {
    to,
    template: 'share_invitation',
    subject: `${share.sharer} shared ${items} with you on ${siteName}`,
    text: [
      `${share.sharer} shared ${items} with you on ${siteName}. ${can}:`,
      '',
      share.registerLink,
      '',
      'If you did not expect this, you can ignore this email.',
      '',
      `${siteName}\n`,
    ].join('\n'),
    html: layout(siteName, [
      `<strong>${escapeHtml(share.sharer)}</strong> shared <strong>${escapeHtml(items)}</strong> with you. ${can}.`,
      `<a href="${escapeHtml(share.registerLink)}">Create an account</a>`,
      'If you did not expect this, you can ignore this email.',
    ]),
  };
}
