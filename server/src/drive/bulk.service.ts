import { Permission, type BulkAction, type BulkEntriesBody, type BulkEntriesResponse } from '@kosh/contracts';
import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import type { Actor } from '../auth/actor.ts';
import type { Database } from '../db/database.ts';
import { AppError, forbidden, notFound, validation } from '../http/app-error.ts';
import type { StorageDriver } from '../storage/storage-driver.ts';
import type { BulkRepository, Place } from './bulk.repository.ts';
import type { DriveCopyService } from './copy.service.ts';
import { atLeast, FORBIDDEN_SHARED, FORBIDDEN_WORKSPACE, type AccessLevel, type DrivePolicy } from './drive.policy.ts';
import { CYCLE_MESSAGE, OTHER_DRIVE_MESSAGE, type DriveEntriesService } from './entries.service.ts';
import { childrenOf, type EntryWriter } from './entry-writer.ts';
import type { DriveScope, FileEntriesRepository } from './file-entries.repository.ts';
import type { DriveTrashService } from './trash.service.ts';

const PERMISSION: Record<BulkAction, string> = {
  move: Permission.filesCreate,
  copy: Permission.filesCreate,
  trash: Permission.filesDelete,
  restore: Permission.filesDelete,
  deleteForever: Permission.filesDelete,
  star: Permission.filesView,
  unstar: Permission.filesView,
};
/** What each action needs on an entry of a folder (restore and delete forever work on the trash). */
const NEED: Record<'move' | 'copy' | 'trash' | 'star' | 'unstar', AccessLevel> = {
  move: 'edit',
  copy: 'download',
  trash: 'edit',
  star: 'view',
  unstar: 'view',
};
const PAGE = 1000;
const REASON_IDS = 20;
export const TRASH_ONLY_MESSAGE = 'Only items in trash can be restored or deleted forever.';
export const NOT_IN_TRASH_MESSAGE = 'Items in trash can only be restored or deleted forever.';

/** Counts of one bulk call: done, and the refused grouped by why. */
class Tally {
  done = 0;
  private readonly refusals = new Map<string, { count: number; ids: number[] }>();
  refuse(message: string, ids: number[]): void {
    const reason = this.refusals.get(message) ?? { count: 0, ids: [] };
    reason.count += ids.length;
    reason.ids.push(...ids.slice(0, REASON_IDS - reason.ids.length));
    this.refusals.set(message, reason);
  }
  answer(): BulkEntriesResponse {
    const reasons = [...this.refusals].map(([message, r]) => ({ message, ...r }));
    return { done: this.done, refused: reasons.reduce((n, r) => n + r.count, 0), reasons };
  }
}

/**
 * Bulk actions on a selection ("every entry of this folder, or of the trash, but these"). When the
 * caller's access to the folder covers the action, every child has it too (access is inherited),
 * and the work is a few set-based statements under the drive's tree lock, whatever the count.
 * Otherwise each child is checked and acted on one page at a time, the refused counted by reason.
 */
export class DriveBulkService {
  private readonly bulk: BulkRepository;
  private readonly entries: FileEntriesRepository;
  private readonly policy: DrivePolicy;
  private readonly writer: EntryWriter;
  private readonly organise: DriveEntriesService;
  private readonly trash: DriveTrashService;
  private readonly copies: DriveCopyService;
  private readonly storage: StorageDriver;
  private readonly logger: Logger;
  private readonly clock: Clock;
  private readonly byteDeletions = new Set<Promise<void>>();
  constructor(deps: {
    bulk: BulkRepository;
    entries: FileEntriesRepository;
    policy: DrivePolicy;
    writer: EntryWriter;
    organise: DriveEntriesService;
    trash: DriveTrashService;
    copies: DriveCopyService;
    storage: StorageDriver;
    logger: Logger;
    clock: Clock;
  }) {
    this.bulk = deps.bulk;
    this.entries = deps.entries;
    this.policy = deps.policy;
    this.writer = deps.writer;
    this.organise = deps.organise;
    this.trash = deps.trash;
    this.copies = deps.copies;
    this.storage = deps.storage;
    this.logger = deps.logger;
    this.clock = deps.clock;
  }

  /** POST file-entries/bulk: one action on every entry of a folder or of the trash but those left out. */
  async run(actor: Actor, body: BulkEntriesBody): Promise<BulkEntriesResponse> {
    const { action, selection } = body;
    actor.authorize(PERMISSION[action]);
    const workspaceId = body.workspaceId ?? 0;
    const except = [...new Set(selection.except)];
    if (selection.place === 'trash') {
      if (action !== 'restore' && action !== 'deleteForever') throw validation({ action: [NOT_IN_TRASH_MESSAGE] });
      const scope = await this.policy.scopeFor(actor, workspaceId, 'edit');
      return action === 'restore' ? this.restoreTrash(scope, except) : this.deleteTrash(scope, except);
    }
    if (action === 'restore' || action === 'deleteForever') throw validation({ action: [TRASH_ONLY_MESSAGE] });
    const { level, ...place } = await this.policy.placeAccess(actor, workspaceId, selection.folderId);
    const tally = new Tally();
    if (action === 'copy' || !atLeast(level, NEED[action])) {
      await this.eachChild(actor, place, except, action, tally, (ids) => this.byIds(actor, body, ids));
      return tally.answer();
    }
    if (action === 'move') return this.moveAll(actor, place, except, body.destinationId ?? null, workspaceId);
    if (action === 'trash') {
      tally.done = await this.writer.transaction(async (trx) => {
        await this.writer.lockTree(trx, place.scope);
        const fresh = await this.freshPlace(place, trx);
        const count = await this.bulk.countChildren(fresh, except, trx);
        await this.bulk.trashChildren(fresh, except, this.clock().toISOString(), trx);
        return count;
      });
      return tally.answer();
    }
    const userId = actor.requireUser().id;
    tally.done = await this.bulk.countChildren(place, except);
    if (action === 'star') await this.bulk.starChildren(userId, place, except, this.clock().toISOString());
    else await this.bulk.unstarChildren(userId, place, except);
    return tally.answer();
  }

  /** Resolves when the bytes of entries deleted forever are gone from storage (tests, bench, shutdown). */
  async settled(): Promise<void> {
    while (this.byteDeletions.size) await Promise.all([...this.byteDeletions]);
  }

  /** The place read again inside a transaction: a folder trashed or deleted meanwhile answers 404. */
  private async freshPlace(place: Place, trx: Database): Promise<Place> {
    if (!place.folder) return place;
    const folder = await this.entries.getById(place.folder.id, trx);
    if (!folder || folder.deleted_at) throw notFound('The folder no longer exists.');
    return { scope: place.scope, folder };
  }

  /**
   * Every live child of a folder (or root) into a destination of the same drive: the children
   * whose names the destination holds already are moved one by one after the rest (numbered
   * names), and a child the destination lies inside is refused.
   */
  private async moveAll(
    actor: Actor,
    place: Place,
    except: number[],
    destinationId: number | null,
    workspaceId: number,
  ): Promise<BulkEntriesResponse> {
    const { folder: destination, scope } = await this.policy.getWritableFolder(actor, workspaceId, destinationId);
    if (scope.ownerId !== place.scope.ownerId || scope.workspaceId !== place.scope.workspaceId)
      throw forbidden(OTHER_DRIVE_MESSAGE);
    const tally = new Tally();
    await this.writer.transaction(async (trx) => {
      await this.writer.lockTree(trx, scope);
      const from = await this.freshPlace(place, trx);
      const target = destination ? await this.entries.getById(destination.id, trx) : null;
      if (target === undefined || target?.deleted_at) throw notFound('The destination folder no longer exists.');
      const to: Place = { scope, folder: target };
      const exclude = [...except];
      const total = await this.bulk.countChildren(from, exclude, trx);
      if ((target?.id ?? null) === (from.folder?.id ?? null)) {
        tally.done = total;
        return;
      }
      const prefix = from.folder?.path ?? '/';
      if (target?.path.startsWith(prefix)) {
        // The destination is inside the place: the child it lies under cannot go into itself.
        const top = Number(target.path.slice(prefix.length).split('/')[0]);
        if ((await this.bulk.childrenAmong(from, [top], trx)).length && !exclude.includes(top)) {
          tally.refuse(CYCLE_MESSAGE, [top]);
          exclude.push(top);
        }
      }
      const of = childrenOf(target, scope);
      await this.writer.lockFolder(trx, of);
      const clashing = await this.bulk.clashingChildren(from, to, exclude, trx);
      await this.bulk.moveChildren(from, to, [...exclude, ...clashing.map((c) => c.id)], trx);
      // After the rest arrived: each numbered name is free among everything that moved.
      for (const { id, name } of clashing) {
        const entry = await this.entries.getById(id, trx);
        if (!entry) continue;
        const free = await this.writer.freeName(trx, of, name, id);
        await this.entries.movePaths(entry.path, `${target?.path ?? '/'}${id}/`, trx);
        await this.entries.update(id, { parent_id: target?.id ?? null, name: free }, trx);
      }
      tally.done = total - (exclude.length - except.length);
    });
    return tally.answer();
  }

  /**
   * Restores the trash but `except`: roots going back to a live folder under their own name in one
   * statement; roots whose folder is gone, or whose name is taken there, one by one after.
   */
  private async restoreTrash(scope: DriveScope, except: number[]): Promise<BulkEntriesResponse> {
    const tally = new Tally();
    const oneByOne = await this.writer.transaction(async (trx) => {
      await this.writer.lockTree(trx, scope);
      const roots = await this.bulk.listTrashRoots(scope, except, trx);
      const homes = [...new Set(roots.flatMap((r) => (r.parentLive && r.parent_id !== null ? [r.parent_id] : [])))];
      const taken = await this.bulk.liveNames(
        scope,
        homes,
        roots.some((r) => r.parent_id === null),
        trx,
      );
      const later: number[] = [];
      for (const root of roots) {
        const key = `${root.parent_id}/${root.lowerName}`;
        if ((root.parent_id !== null && !root.parentLive) || taken.has(key)) later.push(root.id);
        else taken.add(key);
      }
      await this.bulk.restoreRoots(scope, [...except, ...later], trx);
      tally.done = roots.length;
      return later;
    });
    for (const id of oneByOne) await this.trash.restoreRow(id);
    return tally.answer();
  }

  /**
   * Deletes the trash but `except` for good: rows in one statement, bytes after the answer (nothing
   * reaches them once the rows are gone; what fails to go is an orphan the sweep removes).
   */
  private async deleteTrash(scope: DriveScope, except: number[]): Promise<BulkEntriesResponse> {
    const tally = new Tally();
    const keys = await this.writer.transaction(async (trx) => {
      await this.writer.lockTree(trx, scope);
      const keep = await this.keptInTrash(scope, except, trx);
      tally.done = await this.bulk.countTrashRoots(scope, except, trx);
      const found = await this.bulk.trashedKeys(scope, keep, trx);
      await this.bulk.deleteTrashed(scope, keep, trx);
      return found;
    });
    const deletion = this.storage
      .deleteMany(keys)
      .catch((error: unknown) =>
        this.logger.warn({ err: error, count: keys.length }, 'bytes of deleted entries left for the orphan sweep'),
      )
      .finally(() => this.byteDeletions.delete(deletion));
    this.byteDeletions.add(deletion);
    return tally.answer();
  }

  /** What trash roots left out of a delete hold, but for trash roots inside them that are not left out. */
  private async keptInTrash(scope: DriveScope, except: number[], trx: Database): Promise<number[]> {
    if (!except.length) return [];
    const roots = (await this.bulk.rowsAmong(except, trx)).filter(
      (r) =>
        r.deleted_at &&
        r.trash_root_id === r.id &&
        r.owner_id === scope.ownerId &&
        r.workspace_id === scope.workspaceId,
    );
    const under = await this.bulk.trashedUnder(
      roots.map((r) => r.path),
      trx,
    );
    const left = new Set(except);
    const deleted = under.filter((r) => r.isRoot && !left.has(r.id));
    return under.filter((r) => !deleted.some((d) => r.path.startsWith(d.path))).map((r) => r.id);
  }

  /**
   * The per-item way: children a page at a time, each checked against what the action needs;
   * the allowed go through the id-based call, the rest are counted as refused with the reason.
   */
  private async eachChild(
    actor: Actor,
    place: Place,
    except: number[],
    action: keyof typeof NEED,
    tally: Tally,
    act: (ids: number[]) => Promise<void>,
  ): Promise<void> {
    // Copies made beside their originals land in the same folder: only what was there at the start counts.
    const upTo = await this.bulk.lastChildId(place);
    for (let after = 0; ; ) {
      const ids = await this.bulk.listChildIds(place, except, { after, upTo }, PAGE);
      if (!ids.length) return;
      after = ids[ids.length - 1];
      const rows = await this.entries.getManyByIds(ids);
      const access = await this.policy.accessToMany(actor, rows);
      const allowed: number[] = [];
      for (const row of rows) {
        const level = access.get(row.id);
        let reason: string | undefined;
        if (!atLeast(level?.level, NEED[action]))
          reason = row.workspace_id !== null && !level?.root ? FORBIDDEN_WORKSPACE : FORBIDDEN_SHARED;
        else if (action === 'move' || action === 'trash')
          reason = await this.policy.assertCanDetach(actor, row).then(
            () => undefined,
            (error: unknown) => (error instanceof AppError ? error.message : Promise.reject(error)),
          );
        if (reason) tally.refuse(reason, [row.id]);
        else allowed.push(row.id);
      }
      if (!allowed.length) continue;
      try {
        await act(allowed);
        tally.done += allowed.length;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        tally.refuse(error.message, allowed);
      }
    }
  }

  /** One page of allowed ids through the id-based services. */
  private async byIds(actor: Actor, body: BulkEntriesBody, entryIds: number[]): Promise<void> {
    const { workspaceId } = body;
    switch (body.action) {
      case 'move':
        await this.organise.move(actor, { entryIds, destinationId: body.destinationId, workspaceId });
        return;
      case 'copy':
        await this.copies.copy(actor, { entryIds, destinationId: body.destinationId, workspaceId });
        return;
      case 'trash':
        await this.trash.delete(actor, { entryIds, deleteForever: false, workspaceId });
        return;
      case 'star':
      case 'unstar':
        await this.organise.setStarred(actor, entryIds, body.action === 'star');
        return;
      default:
        throw validation({ action: [TRASH_ONLY_MESSAGE] });
    }
  }
}
