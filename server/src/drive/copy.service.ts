import { Permission, type CopyEntriesBody, type FileEntry } from '@kosh/contracts';
import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import type { Actor } from '../auth/actor.ts';
import { notFound, validation } from '../http/app-error.ts';
import { newObjectKey, thumbnailKeyOf } from '../storage/keys.ts';
import type { StorageDriver } from '../storage/storage-driver.ts';
import { atLeast, scopeOf, type DrivePolicy } from './drive.policy.ts';
import { CYCLE_MESSAGE, isInside } from './entries.service.ts';
import { childrenOf, newEntryHash, type EntryWriter } from './entry-writer.ts';
import type { DriveScope, EntryRow, FileEntriesRepository } from './file-entries.repository.ts';
import type { DriveListingService } from './listing.service.ts';
import type { SpaceService } from './space.service.ts';

const COPY_CONCURRENCY = 4;

/** Where a copy goes: a folder (null: the root) of a drive. */
export type CopyTarget = { folder: EntryRow | null; scope: DriveScope };

/** Runs `work` over items, a few at a time. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

/**
 * Copies ("Make a copy"): bytes are copied through the storage driver under new keys first,
 * then every row of the copied subtree is inserted in one transaction; if that fails the new
 * bytes are removed again, so a copy appears whole or not at all.
 */
export class DriveCopyService {
  private readonly entries: FileEntriesRepository;
  private readonly policy: DrivePolicy;
  private readonly writer: EntryWriter;
  private readonly listing: DriveListingService;
  private readonly space: SpaceService;
  private readonly storage: StorageDriver;
  private readonly logger: Logger;
  private readonly clock: Clock;
  constructor(deps: {
    entries: FileEntriesRepository;
    policy: DrivePolicy;
    writer: EntryWriter;
    listing: DriveListingService;
    space: SpaceService;
    storage: StorageDriver;
    logger: Logger;
    clock: Clock;
  }) {
    this.entries = deps.entries;
    this.policy = deps.policy;
    this.writer = deps.writer;
    this.listing = deps.listing;
    this.space = deps.space;
    this.storage = deps.storage;
    this.logger = deps.logger;
    this.clock = deps.clock;
  }

  /**
   * Copies each entry into the destination, or beside itself when none is given; answers the
   * copies. Copying an entry shared with the caller needs download permission; without a
   * destination its copy goes beside it when the caller may edit that folder, else to their root.
   * The copies belong to the drive they land in, and count against its owner's space.
   */
  async copy(actor: Actor, body: CopyEntriesBody): Promise<FileEntry[]> {
    actor.authorize(Permission.filesCreate);
    const sources = await this.policy.getManyByIds(actor, body.entryIds, { need: 'download' });
    const workspaceId = body.workspaceId ?? 0;
    const target =
      body.destinationId === undefined
        ? undefined
        : await this.policy.getWritableFolder(actor, workspaceId, body.destinationId);
    const into = target?.folder;
    if (into && sources.some((e) => isInside(into, e))) throw validation({ destinationId: [CYCLE_MESSAGE] });
    const placed: Array<{ source: EntryRow; target: CopyTarget }> = [];
    for (const source of sources)
      placed.push({ source, target: target ?? (await this.besideOrHome(actor, source, workspaceId)) });
    return this.copyPlaced(actor, placed);
  }

  /**
   * Copies entries the caller may already read into a place they may write ("Save to my drive"
   * of a shareable link).
   */
  async copyInto(actor: Actor, sources: EntryRow[], target: CopyTarget): Promise<FileEntry[]> {
    actor.authorize(Permission.filesCreate);
    return this.copyPlaced(
      actor,
      sources.map((source) => ({ source, target })),
    );
  }

  private async copyPlaced(
    actor: Actor,
    placed: Array<{ source: EntryRow; target: CopyTarget }>,
  ): Promise<FileEntry[]> {
    const subtrees: EntryRow[][] = [];
    for (const { source } of placed) subtrees.push(await this.snapshot(source));
    const bytesOf = new Map<number, { scope: DriveScope; bytes: number }>();
    for (const [i, { target }] of placed.entries()) {
      const sum = bytesOf.get(target.scope.ownerId) ?? { scope: target.scope, bytes: 0 };
      sum.bytes += subtrees[i].reduce((total, r) => total + Number(r.file_size), 0);
      bytesOf.set(target.scope.ownerId, sum);
    }
    for (const { scope, bytes } of bytesOf.values())
      await this.space.assertFits(await this.policy.quotaHolder(actor, scope), bytes);
    const copies: EntryRow[] = [];
    for (const [i, { target }] of placed.entries())
      copies.push(await this.copySubtree(subtrees[i], target.folder, target.scope));
    return this.listing.present(actor, copies);
  }

  /**
   * What a copy of `source` copies, read as one consistent tree: under the drive's tree lock no move
   * changes its paths between reading the entry and listing below it. Trashed or gone meanwhile: 404.
   */
  private snapshot(source: EntryRow): Promise<EntryRow[]> {
    return this.writer.transaction(async (trx) => {
      await this.writer.holdTree(trx, scopeOf(source));
      const fresh = await this.entries.getById(source.id, trx);
      if (!fresh || fresh.deleted_at) throw notFound();
      return fresh.is_folder ? this.entries.listSubtree(fresh.path, {}, trx) : [fresh];
    });
  }

  /** Beside the original when the caller may write there, else the root of the caller's drive. */
  private async besideOrHome(actor: Actor, source: EntryRow, workspaceId: number): Promise<CopyTarget> {
    const parent = source.parent_id ? ((await this.entries.getById(source.parent_id)) ?? null) : null;
    if (this.policy.canAccess(actor, source)) return { folder: parent, scope: scopeOf(source) };
    if (parent && atLeast((await this.policy.accessTo(actor, parent))?.level, 'edit'))
      return { folder: parent, scope: scopeOf(parent) };
    return { folder: null, scope: await this.policy.scopeFor(actor, workspaceId, 'edit') };
  }

  private async copySubtree(rows: EntryRow[], parent: EntryRow | null, scope: DriveScope): Promise<EntryRow> {
    const newKeys = new Map<number, { file: string; thumbnail: string | null }>();
    const created: string[] = [];
    try {
      await eachLimited(
        rows.filter((r): r is EntryRow & { file_name: string } => !!r.file_name),
        COPY_CONCURRENCY,
        async (row) => {
          const file = newObjectKey('entries');
          await this.storage.copy(row.file_name, file);
          created.push(file);
          let thumbnail: string | null = null;
          if (row.thumbnail) {
            thumbnail = thumbnailKeyOf(file);
            await this.storage.copy(row.thumbnail, thumbnail);
            created.push(thumbnail);
          }
          newKeys.set(row.id, { file, thumbnail });
        },
      );
      const top = rows[0];
      return await this.writer.transaction(async (trx) => {
        const of = childrenOf(parent, scope);
        await this.writer.lockFolder(trx, of);
        const at = this.clock().toISOString();
        const placed = new Map<number, EntryRow>();
        // listSubtree answers parents before their children, so a row's parent is copied first.
        const copyOfParent = (row: EntryRow) => {
          const copy = row.parent_id === null ? undefined : placed.get(row.parent_id);
          if (!copy) throw new Error(`Copying entry ${row.id}: its parent ${row.parent_id} was not copied before it`);
          return copy;
        };
        let copyOfTop: EntryRow | undefined;
        for (const row of rows) {
          const newParent = row.id === top.id ? parent : copyOfParent(row);
          const keys = newKeys.get(row.id);
          const copy = await this.entries.insert(
            {
              hash: newEntryHash(),
              name: row.id === top.id ? await this.writer.freeName(trx, of, row.name) : row.name,
              file_name: keys?.file ?? null,
              thumbnail: keys?.thumbnail ?? null,
              mime: row.mime,
              extension: row.extension,
              file_size: row.file_size,
              type: row.type,
              is_folder: row.is_folder,
              sha256: row.sha256,
              parent_id: newParent?.id ?? null,
              owner_id: scope.ownerId,
              workspace_id: scope.workspaceId,
              created_at: at,
              updated_at: at,
            },
            newParent?.path ?? null,
            trx,
          );
          placed.set(row.id, copy);
          if (row.id === top.id) copyOfTop = copy;
        }
        if (!copyOfTop) throw new Error(`Copying entry ${top.id}: no copy was made`);
        return copyOfTop;
      });
    } catch (error) {
      await this.storage
        .deleteMany(created)
        .catch((e: unknown) =>
          this.logger.warn({ err: e }, 'could not remove the bytes of a failed copy; the orphan sweep will'),
        );
      throw error;
    }
  }
}
