import type { SharePermission } from '@kosh/contracts';
import type { MailTemplates } from '../mail/mail-templates.service.ts';

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

/** To someone with an account: what was shared, and where to open it (template share_notification). */
export function entrySharedMail(
  templates: MailTemplates,
  to: string,
  siteName: string,
  share: { sharer: string; names: string[]; permission: SharePermission; link: string },
) {
  return templates.message('share_notification', to, {
    sharer: share.sharer,
    items: itemsLabel(share.names),
    permission: VERBS[share.permission],
    link: share.link,
    site_name: siteName,
  });
}

/** To an address without an account: an invitation to register, after which the share applies. */
export function shareInvitationMail(
  templates: MailTemplates,
  to: string,
  siteName: string,
  share: { sharer: string; names: string[]; permission: SharePermission; registerLink: string },
) {
  return templates.message('share_invitation', to, {
    sharer: share.sharer,
    items: itemsLabel(share.names),
    permission: VERBS[share.permission],
    link: share.registerLink,
    site_name: siteName,
  });
}
