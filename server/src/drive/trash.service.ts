import { Permission, type DeleteEntriesBody, type FileEntry } from '@kosh/contracts';
import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import type { Actor } from '../auth/actor.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { StorageDriver } from '../storage/storage-driver.ts';
import { scopeOf, type DrivePolicy } from './drive.policy.ts';
import { childrenOf, type EntryWriter } from './entry-writer.ts';
import type { EntryRow, FileEntriesRepository } from './file-entries.repository.ts';
import type { DriveListingService } from './listing.service.ts';

const DAY_MS = 86_400_000;

/** Trash: delete to trash, restore, delete forever, empty, and the automatic purge. */
export class DriveTrashService {
  private readonly entries: FileEntriesRepository;
  private readonly policy: DrivePolicy;
  private readonly writer: EntryWriter;
  private readonly listing: DriveListingService;
  private readonly storage: StorageDriver;
  private readonly settings: SettingsService;
  private readonly logger: Logger;
  private readonly clock: Clock;
  constructor(deps: {
    entries: FileEntriesRepository;
    policy: DrivePolicy;
    writer: EntryWriter;
    listing: DriveListingService;
    storage: StorageDriver;
    settings: SettingsService;
    logger: Logger;
    clock: Clock;
  }) {
    this.entries = deps.entries;
    this.policy = deps.policy;
    this.writer = deps.writer;
    this.listing = deps.listing;
    this.storage = deps.storage;
    this.settings = deps.settings;
    this.logger = deps.logger;
    this.clock = deps.clock;
  }

  /**
   * POST file-entries/delete: to trash, or for good with deleteForever (bytes too). Every id
   * must be the caller's (else 404, nothing done), or inside a folder shared with them with edit
   * to trash it (deleting for good stays the owner's); then each item answers for itself.
   */
  async delete(
    actor: Actor,
    body: DeleteEntriesBody,
  ): Promise<{ results: Array<{ id: number; ok: boolean; message?: string }>; deleted: number }> {
    actor.authorize(Permission.filesDelete);
    const rows = await this.policy.getManyByIds(actor, body.entryIds, {
      allowTrashed: true,
      need: body.deleteForever ? 'owner' : 'edit',
    });
    for (const row of rows) await this.policy.assertCanDetach(actor, row);
    const results: Array<{ id: number; ok: boolean; message?: string }> = [];
    let deleted = 0;
    for (const { id } of rows) {
      // Read again: an earlier item may have taken this one with it.
      const row = await this.entries.getById(id);
      if (!row) {
        results.push({ id, ok: true });
        continue;
      }
      if (body.deleteForever) deleted += await this.deleteForever(row);
      else if (!row.deleted_at) deleted += await this.trash(row);
      results.push({ id, ok: true });
    }
    return { results, deleted };
  }

  /** Puts trashed entries back where they were, or at the root when that folder is gone or in trash. */
  async restore(actor: Actor, entryIds: number[]): Promise<FileEntry[]> {
    actor.authorize(Permission.filesDelete);
    const rows = await this.policy.getManyByIds(actor, entryIds, { allowTrashed: true, need: 'owner' });
    for (const { id } of rows) await this.restoreRow(id);
    return this.listing.present(actor, await this.entries.getManyByIds(rows.map((r) => r.id)));
  }

  /** Restores one trash root the caller may restore (checked already): home, or the root, under a free name. */
  restoreRow(id: number): Promise<void> {
    return this.writer.transaction(async (trx) => {
      // Under the drive's tree lock, read again: restoring an earlier entry may have restored this
      // one with it, and its folder may have moved or gone to trash meanwhile.
      const first = await this.entries.getById(id, trx);
      if (!first) return;
      await this.writer.lockTree(trx, scopeOf(first));
      const row = await this.entries.getById(id, trx);
      const trashRoot = row?.trash_root_id ?? null;
      if (!row?.deleted_at || trashRoot === null) return;
      const parent = row.parent_id ? await this.entries.getById(row.parent_id, trx) : undefined;
      const home = parent && !parent.deleted_at ? parent : null;
      const of = childrenOf(home, scopeOf(row));
      await this.writer.lockFolder(trx, of);
      // Named first, restored after: the restored entry never shares a name with a live sibling.
      const name = await this.writer.freeName(trx, of, row.name, row.id);
      if (!home && row.parent_id !== null) {
        await this.entries.movePaths(row.path, `/${row.id}/`, trx);
        await this.entries.update(row.id, { parent_id: null, name }, trx);
      } else if (name !== row.name) {
        await this.entries.update(row.id, { name }, trx);
      }
      await this.entries.restoreSubtree(home || row.parent_id === null ? row.path : `/${row.id}/`, trashRoot, trx);
    });
  }

  /** Deletes everything in the caller's trash for good. */
  async emptyTrash(actor: Actor, workspaceId: number): Promise<number> {
    actor.authorize(Permission.filesDelete);
    const scope = await this.policy.scopeFor(actor, workspaceId, 'edit');
    let deleted = 0;
    for (const root of await this.entries.listTrashRoots(scope)) {
      const row = await this.entries.getById(root.id);
      if (row) deleted += await this.deleteForever(row);
    }
    return deleted;
  }

  /** Deletes for good what has been in trash longer than drive.trash_purge_days (0 keeps it). */
  async purgeExpired(): Promise<number> {
    const days = Number(await this.settings.get<number>('drive.trash_purge_days'));
    if (!(days > 0)) return 0;
    const cutoff = new Date(this.clock().getTime() - days * DAY_MS).toISOString();
    let deleted = 0;
    for (;;) {
      const batch = await this.entries.listExpiredTrashRoots(cutoff, 100);
      if (!batch.length) return deleted;
      for (const root of batch) {
        const row = await this.entries.getById(root.id);
        if (row) deleted += await this.deleteForever(row);
      }
    }
  }

  /** To trash with its subtree, under the drive's tree lock: nothing moves in or out meanwhile. */
  private trash(row: EntryRow): Promise<number> {
    return this.writer.transaction(async (trx) => {
      await this.writer.lockTree(trx, scopeOf(row));
      const current = await this.entries.getById(row.id, trx);
      if (!current || current.deleted_at) return 0;
      return this.entries.trashSubtree(current.path, current.id, this.clock().toISOString(), trx);
    });
  }

  /**
   * Rows first, bytes after: once the rows are gone nothing can reach the bytes, and bytes
   * that fail to delete are orphans the sweep removes later.
   */
  private async deleteForever(row: EntryRow): Promise<number> {
    const { keys, deleted } = await this.writer.transaction(async (trx) => {
      await this.writer.lockTree(trx, scopeOf(row));
      const current = await this.entries.getById(row.id, trx);
      if (!current) return { keys: [], deleted: 0 };
      const keys = await this.entries.subtreeKeys(current.path, trx);
      return { keys, deleted: await this.entries.deleteSubtree(current.path, trx) };
    });
    await this.storage
      .deleteMany(keys)
      .catch((error: unknown) =>
        this.logger.warn({ err: error, entryId: row.id }, 'bytes of deleted entries left for the orphan sweep'),
      );
    return deleted;
  }
}
