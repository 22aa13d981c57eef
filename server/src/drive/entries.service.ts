import { Permission, type CreateFolderBody, type FileEntry, type MoveEntriesBody } from '@kosh/contracts';
import type { Clock } from '../clock.ts';
import type { Actor } from '../auth/actor.ts';
import { forbidden, notFound, validation } from '../http/app-error.ts';
import { scopeOf, type DrivePolicy } from './drive.policy.ts';
import { childrenOf, type EntryWriter } from './entry-writer.ts';
import type { EntryRow, FileEntriesRepository } from './file-entries.repository.ts';
import type { DriveListingService } from './listing.service.ts';
import { extensionOf, validName } from './names.ts';
import type { StarsRepository } from './stars.repository.ts';

export const CYCLE_MESSAGE = 'A folder cannot be put inside itself or one of its own folders.';
export const OTHER_DRIVE_MESSAGE = 'Items can only be moved within the drive they belong to.';

/** Is `target` the entry itself or somewhere inside it? */
export const isInside = (target: EntryRow, entry: EntryRow) =>
  target.id === entry.id || target.path.startsWith(entry.path);

/** Creating folders, renaming, moving and starring. */
export class DriveEntriesService {
  private readonly entries: FileEntriesRepository;
  private readonly stars: StarsRepository;
  private readonly policy: DrivePolicy;
  private readonly writer: EntryWriter;
  private readonly listing: DriveListingService;
  private readonly clock: Clock;
  constructor(deps: {
    entries: FileEntriesRepository;
    stars: StarsRepository;
    policy: DrivePolicy;
    writer: EntryWriter;
    listing: DriveListingService;
    clock: Clock;
  }) {
    this.entries = deps.entries;
    this.stars = deps.stars;
    this.policy = deps.policy;
    this.writer = deps.writer;
    this.listing = deps.listing;
    this.clock = deps.clock;
  }

  async createFolder(actor: Actor, workspaceId: number, body: CreateFolderBody): Promise<FileEntry> {
    actor.authorize(Permission.filesCreate);
    const name = validName(body.name);
    const { folder: parent, scope } = await this.policy.getWritableFolder(actor, workspaceId, body.parentId);
    const of = childrenOf(parent, scope);
    const row = await this.writer.transaction(async (trx) => {
      await this.writer.lockFolder(trx, of);
      await this.writer.assertFree(trx, of, name);
      return this.writer.insertFolder(trx, { name, parent, scope, at: this.clock().toISOString() });
    });
    return (await this.listing.present(actor, [row]))[0];
  }

  /** Renames in place; a file's extension follows its new name, its type stays that of its bytes. */
  async rename(actor: Actor, entryId: number, newName: string): Promise<FileEntry> {
    actor.authorize(Permission.filesCreate);
    const entry = await this.policy.getById(actor, entryId, { need: 'edit' });
    const name = validName(newName);
    if (name !== entry.name) {
      await this.writer.transaction(async (trx) => {
        // Under the tree lock the entry's folder cannot change: read it again, then check the name there.
        await this.writer.holdTree(trx, scopeOf(entry));
        const current = await this.entries.getById(entry.id, trx);
        // Trashed meanwhile: renaming it now would skip the name check its restore relies on.
        if (!current || current.deleted_at) throw notFound();
        const parent = current.parent_id ? ((await this.entries.getById(current.parent_id, trx)) ?? null) : null;
        const of = childrenOf(parent, scopeOf(current));
        await this.writer.lockFolder(trx, of);
        await this.writer.assertFree(trx, of, name, entry.id);
        const extension = entry.is_folder ? null : extensionOf(name);
        await this.entries.update(entry.id, { name, extension, updated_at: this.clock().toISOString() }, trx);
      });
    }
    const renamed = await this.entries.getById(entry.id);
    if (!renamed) throw notFound();
    return (await this.listing.present(actor, [renamed]))[0];
  }

  /**
   * Moves entries into a folder (or the root), each subtree in one statement; taken names get a
   * number. Entries stay in their drive: someone an entry was shared with with edit moves it only
   * within the shared folder.
   */
  async move(actor: Actor, body: MoveEntriesBody): Promise<FileEntry[]> {
    actor.authorize(Permission.filesCreate);
    const moving = await this.policy.getManyByIds(actor, body.entryIds, { need: 'edit' });
    const { folder: destination, scope } = await this.policy.getWritableFolder(
      actor,
      body.workspaceId ?? 0,
      body.destinationId,
    );
    if (moving.some((e) => e.owner_id !== scope.ownerId || e.workspace_id !== scope.workspaceId))
      throw forbidden(OTHER_DRIVE_MESSAGE);
    for (const entry of moving) await this.policy.assertCanDetach(actor, entry);
    if (destination && moving.some((e) => isInside(destination, e)))
      throw validation({ destinationId: [CYCLE_MESSAGE] });
    for (const { id } of moving) {
      await this.writer.transaction(async (trx) => {
        // Moves of one drive run one at a time (tree lock); what they change is read again under it,
        // so two opposite moves cannot both pass the cycle check.
        await this.writer.lockTree(trx, scope);
        const entry = await this.entries.getById(id, trx);
        if (!entry || entry.deleted_at) throw notFound();
        const target = destination ? await this.entries.getById(destination.id, trx) : null;
        if (target === undefined || target?.deleted_at) throw notFound('The destination folder no longer exists.');
        // Moving an earlier entry may have moved this one with it.
        if (entry.parent_id === (target?.id ?? null)) return;
        if (target && isInside(target, entry)) throw validation({ destinationId: [CYCLE_MESSAGE] });
        const of = childrenOf(target, scopeOf(entry));
        await this.writer.lockFolder(trx, of);
        const name = await this.writer.freeName(trx, of, entry.name, entry.id);
        await this.entries.movePaths(entry.path, `${target?.path ?? '/'}${entry.id}/`, trx);
        await this.entries.update(entry.id, { parent_id: target?.id ?? null, name }, trx);
      });
    }
    return this.listing.present(actor, await this.entries.getManyByIds(moving.map((e) => e.id)));
  }

  async setStarred(actor: Actor, entryIds: number[], starred: boolean): Promise<FileEntry[]> {
    actor.authorize(Permission.filesView);
    const rows = await this.policy.getManyByIds(actor, entryIds);
    const userId = actor.requireUser().id;
    if (starred)
      await this.stars.star(
        userId,
        rows.map((r) => r.id),
        this.clock().toISOString(),
      );
    else
      await this.stars.unstar(
        userId,
        rows.map((r) => r.id),
      );
    return this.listing.present(actor, rows);
  }
}
