import { FILE_ENTRY_SHARED_NOTIFICATION, type SharePermission } from '@kosh/contracts';
import type { Database } from '../db/database.ts';
import type { EntryRow } from '../drive/file-entries.repository.ts';
import { escapeHtml } from '../mail/templates.ts';
import type { NotificationsRepository } from '../notifications/notifications.repository.ts';
import { itemsLabel } from './share-mails.ts';

/** Where a recipient opens what was shared: the folder itself, else the shared-with-me section. */
export const openPathOf = (entries: EntryRow[]) => (entries.length === 1 && entries[0].is_folder === 1 ? `/drive/folders/${entries[0].hash}` : '/drive/shares');

/**
 * Stores the file-entry-shared notification (spec part 1, 2.8) in the data shape of part 1, 3:
 * image, lines (HTML content), mainAction; plus the entry ids for the notifications issue.
 */
export function storeSharedNotification(
  notifications: NotificationsRepository,
  input: { recipientId: number; sharer: { id: number; name: string }; entries: EntryRow[]; permission: SharePermission; at: string },
  db?: Database,
) {
  const action = openPathOf(input.entries);
  const items = itemsLabel(input.entries.map((e) => e.name));
  return notifications.create(
    {
      userId: input.recipientId,
      type: FILE_ENTRY_SHARED_NOTIFICATION,
      at: input.at,
      data: {
        image: 'people',
        lines: [{ type: 'primary', content: `<strong>${escapeHtml(input.sharer.name)}</strong> shared <strong>${escapeHtml(items)}</strong> with you`, action: { action, label: 'Open' } }],
        mainAction: { action, label: 'Open' },
        buttonActions: [],
        entryIds: input.entries.map((e) => e.id),
        permission: input.permission,
        sharedBy: input.sharer.id,
      },
    },
    db,
  );
}
