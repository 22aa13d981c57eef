import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../db/database.ts';
import type { StorageDriver } from '../storage/storage-driver.ts';

const BATCH = 500;

/**
 * Stored objects whose rows are gone, deleted in the background. Removing a whole drive (a
 * deleted user's) queues its keys in the transaction that deletes the rows: one statement,
 * whatever the count, and nothing held in memory. The queue is drained right after the commit
 * and again by the hourly drive maintenance, so bytes left by a crash or a failing store go
 * later instead of never. Deleting twice is harmless (keys are never reused), so several
 * processes may drain at once.
 */
export class StorageDeletions {
  private readonly db: Database;
  private readonly storage: StorageDriver;
  private readonly logger: Logger;
  private running: Promise<number> | undefined;
  private again = false;
  constructor(deps: { db: Database; storage: StorageDriver; logger: Logger }) {
    this.db = deps.db;
    this.storage = deps.storage;
    this.logger = deps.logger;
  }

  /** Queues the bytes and thumbnails of every entry the owner owns, in the caller's transaction. */
  async enqueueOwner(ownerId: number, at: string, trx: Database): Promise<void> {
    const keysOf = (column: 'file_name' | 'thumbnail') =>
      trx
        .selectFrom('file_entries')
        .select([sql<string>`${sql.ref(column)}`.as('key'), sql<string>`${at}`.as('created_at')])
        .where('owner_id', '=', ownerId)
        .where(column, 'is not', null);
    await trx
      .insertInto('storage_deletions')
      .columns(['key', 'created_at'])
      .expression(keysOf('file_name').unionAll(keysOf('thumbnail')))
      .execute();
  }

  /** Drains the queue in the background (after a commit that filled it); a failure is logged. */
  kick(): void {
    this.drain().catch((error: unknown) => this.logger.warn({ err: error }, 'queued storage deletions failed'));
  }

  /**
   * Deletes queued objects, a batch at a time, until the queue is empty; answers how many. A drain
   * asked for while one runs here runs once more after it, so keys queued meanwhile are not missed.
   * A batch the store refuses stays queued for the next drain.
   */
  drain(): Promise<number> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      let deleted = 0;
      do {
        this.again = false;
        deleted += await this.drainOnce();
      } while (this.again);
      return deleted;
    })().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** Resolves when no drain runs in this process (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.running) await this.running.catch(() => undefined);
  }

  private async drainOnce(): Promise<number> {
    let deleted = 0;
    for (;;) {
      const rows = await this.db
        .selectFrom('storage_deletions')
        .select(['id', 'key'])
        .orderBy('id')
        .limit(BATCH)
        .execute();
      if (!rows.length) return deleted;
      await this.storage.deleteMany(rows.map((r) => r.key));
      await this.db
        .deleteFrom('storage_deletions')
        .where(
          'id',
          'in',
          rows.map((r) => r.id),
        )
        .execute();
      deleted += rows.length;
    }
  }
}
