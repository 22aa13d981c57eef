import { FILE_ENTRY_SHARED_NOTIFICATION, type SharePermission } from '@kosh/contracts';
import type { MailMessage } from '../mail/mailer.ts';
import type { EntryRow } from '../drive/file-entries.repository.ts';
import { escapeHtml } from '../mail/templates.ts';
import type { Notifier } from '../notifications/notification.service.ts';
import { itemsLabel } from './share-mails.ts';

/** Where a recipient opens what was shared: the folder itself, else the shared-with-me section. */
export const openPathOf = (entries: EntryRow[]) =>
  entries.length === 1 && entries[0].is_folder === 1 ? `/drive/folders/${entries[0].hash}` : '/drive/shares';

/**
 * Sends the file-entry-shared notification (spec part 1, 2.8) in the data shape of part 1, 3:
 * image, lines (HTML content), mainAction; plus the entry ids. The mail, when given, is the
 * email channel's message (sent if the recipient keeps email on for this type).
 */
export function sendSharedNotification(
  notifier: Notifier,
  input: {
    recipientId: number;
    sharer: { id: number; name: string };
    entries: EntryRow[];
    permission: SharePermission;
    mail?: MailMessage;
    baseUrl?: string;
  },
) {
  const action = openPathOf(input.entries);
  const items = itemsLabel(input.entries.map((e) => e.name));
  const mail = input.mail && {
    subject: input.mail.subject,
    text: input.mail.text,
    html: input.mail.html ?? input.mail.text,
    ...(input.mail.template ? { template: input.mail.template } : {}),
  };
  return notifier.notify(input.recipientId, {
    type: FILE_ENTRY_SHARED_NOTIFICATION,
    ...(mail ? { mail } : {}),
    ...(input.baseUrl ? { baseUrl: input.baseUrl } : {}),
    data: {
      image: 'people',
      lines: [
        {
          type: 'primary',
          content:
            `<strong>${escapeHtml(input.sharer.name)}</strong> shared <strong>${escapeHtml(items)}</strong>` +
            ' with you',
          action: { action, label: 'Open' },
        },
      ],
      mainAction: { action, label: 'Open' },
      buttonActions: [],
      entryIds: input.entries.map((e) => e.id),
      permission: input.permission,
      sharedBy: input.sharer.id,
    },
  });
}
