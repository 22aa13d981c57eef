import { setTimeout as sleep } from 'node:timers/promises';
import { fileTypeOf, type FileEntry } from '@kosh/contracts';
import type { Logger } from 'pino';
import type { Actor } from '../auth/actor.ts';
import type { Database, Dialect } from '../db/database.ts';
import type { PendingUploadKind } from '../db/schema.ts';
import type { DrivePolicy } from '../drive/drive.policy.ts';
import { childrenOf, newEntryHash, type EntryWriter } from '../drive/entry-writer.ts';
import type { EntryRow, FileEntriesRepository } from '../drive/file-entries.repository.ts';
import type { DriveListingService } from '../drive/listing.service.ts';
import { foldersOfRelativePath } from '../drive/names.ts';
import { immediateTransaction } from '../drive/owner-transaction.ts';
import type { SpaceService } from '../drive/space.service.ts';
import type { ThumbnailService } from '../drive/thumbnails.service.ts';
import type { UploadNotices } from '../notifications/upload-notices.ts';
import { conflict, notFound } from '../http/app-error.ts';
import type { ClaimHolders } from './claim-holders.ts';
import type { PendingUploadRow, PendingUploadsRepository } from './pending-uploads.repository.ts';
import type { Sha256Backfill } from './sha256-backfill.ts';

/** What finishing an upload found under its key: the real size and, when known, the SHA-256. */
export type FinishedBytes = { size: number; sha256: string | null };

/**
 * A finalizing claim older than this is taken over even if its process looks alive (a claim of
 * a process that is gone is taken over at once: claim-holders.ts).
 */
const STALE_CLAIM_MS = 15 * 60_000;
/** How long a second call waits for a finalization under way before answering 409. */
const WAIT_FOR_OTHER_MS = 30_000;

/**
 * Turns a finished upload into a file entry, once: the pending row is claimed, the bytes are
 * placed under the minted key by the caller's `place`, and the entry is inserted, the
 * reservation released and the row marked done in one transaction. A later call for the same
 * upload answers the same entry.
 */
export class UploadFinalizer {
  private readonly pending: PendingUploadsRepository;
  private readonly holders: ClaimHolders;
  private readonly policy: DrivePolicy;
  private readonly writer: EntryWriter;
  private readonly entries: FileEntriesRepository;
  private readonly space: SpaceService;
  private readonly listing: DriveListingService;
  private readonly thumbnails: ThumbnailService;
  private readonly hashes: Sha256Backfill;
  private readonly notices: UploadNotices | undefined;
  private readonly db: Database;
  private readonly dialect: Dialect;
  private readonly logger: Logger;
  private readonly clock: () => Date;
  constructor(deps: {
    pending: PendingUploadsRepository;
    holders: ClaimHolders;
    policy: DrivePolicy;
    writer: EntryWriter;
    entries: FileEntriesRepository;
    space: SpaceService;
    listing: DriveListingService;
    thumbnails: ThumbnailService;
    hashes: Sha256Backfill;
    notices?: UploadNotices;
    db: Database;
    dialect: Dialect;
    logger: Logger;
    clock: () => Date;
  }) {
    this.pending = deps.pending;
    this.holders = deps.holders;
    this.policy = deps.policy;
    this.writer = deps.writer;
    this.entries = deps.entries;
    this.space = deps.space;
    this.listing = deps.listing;
    this.thumbnails = deps.thumbnails;
    this.hashes = deps.hashes;
    this.notices = deps.notices;
    this.db = deps.db;
    this.dialect = deps.dialect;
    this.logger = deps.logger;
    this.clock = deps.clock;
  }

  /** The caller's upload of one of these kinds under `key`; 404 for anything else, someone else's included. */
  async getOwned(actor: Actor, key: string, kinds: PendingUploadKind[]): Promise<PendingUploadRow> {
    const user = actor.requireUser();
    const row = await this.pending.getByKey(key);
    if (!row || row.user_id !== user.id || !kinds.includes(row.kind)) throw notFound('The upload does not exist.');
    return row;
  }

  async finish(
    actor: Actor,
    row: PendingUploadRow,
    place: (row: PendingUploadRow) => Promise<FinishedBytes>,
  ): Promise<FileEntry> {
    if (row.state === 'done') return this.presentDone(actor, row);
    if (!(await this.take(row))) {
      const other = await this.waitForOther(actor, row);
      if (other !== 'orphaned') return other;
      if (!(await this.takeOverIfOrphaned(row.id))) throw conflict('The upload is being finished already; try again.');
    }
    let entry: EntryRow;
    let bytes: FinishedBytes;
    try {
      bytes = await place(row);
      entry = await this.insertEntry(actor, row, bytes);
    } catch (error) {
      await this.pending
        .unclaim(row.id, this.holders.me, this.clock().toISOString())
        .catch((e: unknown) => this.logger.warn({ err: e }, 'could not release an upload claim; it goes stale'));
      throw error;
    }
    this.thumbnails.schedule(entry);
    if (!bytes.sha256) this.hashes.schedule(entry.id);
    this.notices?.uploaded(actor.requireUser().id, entry);
    return (await this.listing.present(actor, [entry]))[0];
  }

  private async insertEntry(actor: Actor, row: PendingUploadRow, bytes: FinishedBytes): Promise<EntryRow> {
    // Checked again: the folder may have been deleted, or its share withdrawn, while the bytes arrived.
    const { folder: base, scope } = await this.policy.getWritableFolder(actor, row.workspace_id ?? 0, row.parent_id);
    const quota = await this.policy.quotaHolder(actor, scope);
    const at = this.clock().toISOString();
    // Folders of a folder upload: found or created once, however many files arrive in parallel.
    const parent = await this.writer.ensureFolders(
      scope,
      base,
      foldersOfRelativePath(row.relative_path ?? undefined),
      at,
    );
    const limit = await this.space.limitFor(quota);
    return immediateTransaction(this.db, this.dialect, async (trx) => {
      const of = childrenOf(parent, scope);
      await this.writer.lockFolder(trx, of);
      await this.writer.lockOwner(trx, scope.ownerId);
      // The upload's own reservation covers it; checked anyway in case that reservation expired.
      await this.space.assertFitsUnder(limit, scope.ownerId, bytes.size, trx, row.reservation_id);
      const entry = await this.entries.insert(
        {
          hash: newEntryHash(),
          name: await this.writer.freeName(trx, of, row.name),
          file_name: row.key,
          mime: row.mime,
          extension: row.extension,
          file_size: bytes.size,
          type: fileTypeOf(row.mime, row.extension),
          is_folder: 0,
          sha256: bytes.sha256,
          parent_id: parent?.id ?? null,
          owner_id: scope.ownerId,
          workspace_id: scope.workspaceId,
          created_at: at,
          updated_at: at,
        },
        parent?.path ?? null,
        trx,
      );
      await this.space.release(row.reservation_id, trx);
      // Another process took the claim over (this one looked gone): its entry stands, this one rolls back.
      if (!(await this.pending.markDone(row.id, this.holders.me, entry.id, at, trx)))
        throw conflict('The upload is being finished already; try again shortly.');
      return entry;
    });
  }

  /** Ends this process's liveness lock (PostgreSQL); called when the server stops. */
  close(): Promise<void> {
    return this.holders.close();
  }

  /** Claims the upload for this process: open, stale, or held by a process that is gone. */
  private async take(row: PendingUploadRow): Promise<boolean> {
    await this.holders.ready();
    const now = this.clock();
    const staleBefore = new Date(now.getTime() - STALE_CLAIM_MS).toISOString();
    if (await this.pending.claim(row.id, this.holders.me, now.toISOString(), staleBefore)) return true;
    return this.takeOverIfOrphaned(row.id);
  }

  /** Takes over the claim on this upload if its holder is gone; false when a live process holds it. */
  private async takeOverIfOrphaned(id: number): Promise<boolean> {
    const current = await this.pending.getById(id);
    if (current?.state !== 'finalizing' || !(await this.holders.isGone(current.claimed_by))) return false;
    return this.pending.takeOver(id, current.claimed_by, this.holders.me, this.clock().toISOString());
  }

  /**
   * Opens an upload again when the claim on it was left by a process that is gone, so HEAD and
   * PATCH answer its offset instead of 409; answers the row as it now stands.
   */
  async releaseIfOrphaned(row: PendingUploadRow): Promise<PendingUploadRow> {
    if (row.state !== 'finalizing' || !(await this.holders.isGone(row.claimed_by))) return row;
    await this.pending.unclaim(row.id, row.claimed_by, this.clock().toISOString());
    return (await this.pending.getById(row.id)) ?? row;
  }

  private async presentDone(actor: Actor, row: PendingUploadRow): Promise<FileEntry> {
    // The row is the caller's (getOwned): its entry is answered wherever it went since.
    const entry = row.entry_id ? await this.entries.getById(row.entry_id) : undefined;
    if (!entry) throw notFound('The entry of this upload no longer exists.');
    return (await this.listing.present(actor, [entry]))[0];
  }

  /** Another call is finishing this upload: answer its entry when it is done. */
  private async waitForOther(actor: Actor, row: PendingUploadRow): Promise<FileEntry | 'orphaned'> {
    const deadline = Date.now() + WAIT_FOR_OTHER_MS;
    while (Date.now() < deadline) {
      const current = await this.pending.getById(row.id);
      if (!current) throw notFound('The upload does not exist.');
      if (current.state === 'done') return this.presentDone(actor, current);
      // The other call failed and let go: this one says so rather than racing it again.
      if (current.state === 'open') throw conflict('The upload could not be finished; try again.');
      // The holder died while this call waited: this call finishes the upload itself.
      if (await this.holders.isGone(current.claimed_by)) return 'orphaned';
      await sleep(100);
    }
    throw conflict('The upload is being finished already; try again shortly.');
  }
}
