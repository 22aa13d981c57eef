import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import type { FileEntriesRepository } from '../drive/file-entries.repository.ts';
import type { StorageDriver } from '../storage/storage-driver.ts';

/**
 * SHA-256 of files whose bytes never passed through the server (direct uploads to S3, and tus
 * uploads whose running hash was lost to a restart): reads the object back, in the background,
 * one at a time. The maintenance job calls backfill() for whatever a stopped process left.
 */
export class Sha256Backfill {
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

  schedule(entryId: number): void {
    this.pending++;
    this.queue = this.queue
      .then(async () => void (await this.hashEntry(entryId)))
      .catch((error: unknown) =>
        this.logger.warn({ err: error, entryId }, 'SHA-256 of a stored file failed; the maintenance job tries again'),
      )
      .finally(() => void this.pending--);
  }

  /** Resolves once every scheduled hash is done (tests, graceful stop). */
  async drain(): Promise<void> {
    while (this.pending > 0) await this.queue;
  }

  /** Hashes up to `limit` files still without a SHA-256; answers how many got one. */
  async backfill(limit = 20): Promise<number> {
    let done = 0;
    for (const id of await this.entries.listMissingSha256(limit)) {
      try {
        if (await this.hashEntry(id)) done++;
      } catch (error) {
        this.logger.warn({ err: error, entryId: id }, 'SHA-256 of a stored file failed');
      }
    }
    return done;
  }

  private async hashEntry(id: number): Promise<boolean> {
    const row = await this.entries.getById(id);
    if (!row || row.sha256 || !row.file_name) return false;
    const hash = createHash('sha256');
    for await (const chunk of await this.storage.getRange(row.file_name)) hash.update(chunk as Buffer);
    const current = await this.entries.getById(id);
    // Replaced or deleted meanwhile: the digest would describe other bytes.
    if (!current || current.file_name !== row.file_name) return false;
    await this.entries.update(id, { sha256: hash.digest('hex') });
    return true;
  }
}
