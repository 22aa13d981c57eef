import type { Logger } from 'pino';
import { thumbnailKeyOf } from '../storage/keys.ts';
import type { StorageDriver } from '../storage/storage-driver.ts';
import type { EntryRow, FileEntriesRepository } from './file-entries.repository.ts';

/** Images sharp can read that browsers show as a grid thumbnail. */
const THUMBNAIL_MIMES = new Set([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
  'image/tiff',
  'image/heic',
  'image/heif',
]);
/** Bigger originals are skipped: decoding them would cost more memory than a grid icon is worth. */
const MAX_SOURCE_BYTES = 64 * 1024 * 1024;
const SIZE_PX = 320;

export const canThumbnail = (row: Pick<EntryRow, 'mime' | 'file_size' | 'is_folder'>) =>
  row.is_folder === 0 && THUMBNAIL_MIMES.has(row.mime ?? '') && Number(row.file_size) <= MAX_SOURCE_BYTES;

/**
 * Makes grid thumbnails after an upload, in the background of the process: the upload
 * answers first; if the process stops before the thumbnail is made, the grid shows the
 * type icon instead. One at a time, so a burst of photos cannot starve the server.
 */
export class ThumbnailService {
  private readonly entries: FileEntriesRepository;
  private readonly storage: StorageDriver;
  private readonly logger: Logger;
  private queue: Promise<void> = Promise.resolve();
  private pending = 0;
  constructor(deps: { entries: FileEntriesRepository; storage: StorageDriver; logger: Logger }) {
    this.entries = deps.entries;
    this.storage = deps.storage;
    this.logger = deps.logger;
  }

  /** Queues a thumbnail for an entry when its type has one. */
  schedule(row: EntryRow): void {
    const file = row.file_name;
    if (!canThumbnail(row) || !file) return;
    this.pending++;
    this.queue = this.queue
      .then(() => this.make(row, file))
      .catch((error: unknown) => this.logger.warn({ err: error, entryId: row.id }, 'thumbnail failed'))
      .finally(() => void this.pending--);
  }

  /** Resolves once every queued thumbnail is done (tests, graceful stop). */
  async drain(): Promise<void> {
    while (this.pending > 0) await this.queue;
  }

  /** Makes the thumbnail of `row` from its stored bytes at `file`. */
  private async make(row: EntryRow, file: string): Promise<void> {
    const source = await this.storage.getRange(file);
    // Loaded on the first image: sharp and libvips cost some 25 MB a server without images should not carry.
    const { default: sharp } = await import('sharp');
    const resize = sharp({ failOn: 'none' })
      .rotate()
      .resize(SIZE_PX, SIZE_PX, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 });
    source.on('error', (error) => resize.destroy(error));
    const image = await source.pipe(resize).toBuffer();
    const key = thumbnailKeyOf(file);
    await this.storage.put(key, image, { contentType: 'image/webp' });
    const current = await this.entries.getById(row.id);
    // Deleted meanwhile: the thumbnail would be an orphan, remove it now.
    if (!current || current.file_name !== row.file_name) return this.storage.delete(key);
    await this.entries.update(row.id, { thumbnail: key });
  }
}
