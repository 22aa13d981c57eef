import { formatBytes } from '@kosh/contracts';
import type { Logger } from 'pino';
import type { Actor } from '../auth/actor.ts';
import type { EntryRow, FileEntriesRepository } from '../drive/file-entries.repository.ts';
import type { SpaceService } from '../drive/space.service.ts';
import { escapeHtml } from '../mail/templates.ts';
import { displayName, type SharesRepository } from '../shares/shares.repository.ts';
import type { Notifier } from './notification.service.ts';

/** The share of a user's space past which they are told it is almost full. */
export const STORAGE_ALMOST_FULL_RATIO = 0.9;

/**
 * Notifications a finished upload can cause: the owner of a shared folder hears of
 * a file someone else put in it, and a drive owner hears when an upload takes their used space
 * past 90% (once per crossing: only the upload that crosses the line tells). Runs after the
 * upload answers; a failure is logged.
 */
export class UploadNotices {
  private readonly notifier: Notifier;
  private readonly entries: FileEntriesRepository;
  private readonly people: SharesRepository;
  private readonly space: SpaceService;
  private readonly actorOf: (userId: number) => Promise<Actor>;
  private readonly logger: Logger;

  constructor(deps: {
    notifier: Notifier;
    entries: FileEntriesRepository;
    people: SharesRepository;
    space: SpaceService;
    actorOf: (userId: number) => Promise<Actor>;
    logger: Logger;
  }) {
    this.notifier = deps.notifier;
    this.entries = deps.entries;
    this.people = deps.people;
    this.space = deps.space;
    this.actorOf = deps.actorOf;
    this.logger = deps.logger;
  }

  /** Called with each file entry an upload created. */
  uploaded(uploaderId: number, entry: EntryRow): void {
    void Promise.all([this.sharedFolderUpload(uploaderId, entry), this.storageCheck(entry)]).catch((err: unknown) =>
      this.logger.warn({ err, entryId: entry.id }, 'could not send upload notifications'),
    );
  }

  private async sharedFolderUpload(uploaderId: number, entry: EntryRow): Promise<void> {
    // Someone else's upload into the owner's own drive: only a share with edit allows that.
    if (uploaderId === entry.owner_id || entry.workspace_id !== null || entry.parent_id === null) return;
    const folder = await this.entries.getById(entry.parent_id);
    const uploader = (await this.people.people([uploaderId])).get(uploaderId);
    if (!folder || !uploader) return;
    const action = `/drive/folders/${folder.hash}`;
    const who = escapeHtml(displayName(uploader));
    await this.notifier.notify(entry.owner_id, {
      type: 'shared-folder-upload',
      data: {
        image: 'people',
        lines: [
          {
            type: 'primary',
            content:
              `<strong>${who}</strong> uploaded <strong>${escapeHtml(entry.name)}</strong>` +
              ` to <strong>${escapeHtml(folder.name)}</strong>`,
            action: { action, label: 'Open' },
          },
        ],
        mainAction: { action, label: 'Open' },
        entryId: entry.id,
        uploadedBy: uploaderId,
      },
    });
  }

  private async storageCheck(entry: EntryRow): Promise<void> {
    const limit = await this.space.limitFor(await this.actorOf(entry.owner_id));
    if (limit === null || limit <= 0) return;
    const used = await this.entries.spaceUsed(entry.owner_id);
    const line = limit * STORAGE_ALMOST_FULL_RATIO;
    if (used < line || used - (entry.file_size ?? 0) >= line) return;
    await this.notifier.notify(entry.owner_id, {
      type: 'storage-almost-full',
      data: {
        lines: [
          {
            type: 'primary',
            content:
              `Your storage space is almost full: <strong>${escapeHtml(formatBytes(used))}</strong>` +
              ` of <strong>${escapeHtml(formatBytes(limit))}</strong> used.`,
          },
        ],
        mainAction: { action: '/drive', label: 'Open' },
        used,
        available: limit,
      },
    });
  }
}
