import {
  type AdminFileRow,
  type AdminFilesPage,
  type AdminFilesQuery,
  type DeleteAdminFilesResponse,
  FILE_TYPES,
  Permission,
} from '@kosh/contracts';
import type { Actor } from '../../auth/actor.ts';
import { systemClock, type Clock } from '../../clock.ts';
import type { DriveDownloadService, FileDownload } from '../../drive/download.service.ts';
import { scopeOf } from '../../drive/drive.policy.ts';
import type { EntryWriter } from '../../drive/entry-writer.ts';
import type { FileEntriesRepository } from '../../drive/file-entries.repository.ts';
import type { StorageDeletions } from '../../drive/storage-deletions.ts';
import { notFound } from '../../http/app-error.ts';
import { nameOf } from '../../users/user.presenter.ts';
import type { AuditService, AuditSource } from '../audit/audit.service.ts';
import type { AdminFileListRow, AdminFilesRepository } from './admin-files.repository.ts';

export const ENTRY_GONE = 'This item no longer exists.';

type Deps = {
  repo: AdminFilesRepository;
  entries: Pick<FileEntriesRepository, 'deleteSubtree'>;
  writer: Pick<EntryWriter, 'transaction' | 'lockTree'>;
  downloads: Pick<DriveDownloadService, 'fileOf' | 'thumbnailOf'>;
  deletions: Pick<StorageDeletions, 'kick'>;
  audit: AuditService;
  clock?: Clock;
};

/**
 * Staff see and remove any entry of any drive (admin area, files; permission files.update): the
 * list, a preview of the bytes, and delete forever.
 */
export class AdminFilesService {
  private readonly deps: Deps;
  private readonly clock: Clock;
  constructor(deps: Deps) {
    this.deps = deps;
    this.clock = deps.clock ?? systemClock;
  }

  async list(actor: Actor, query: AdminFilesQuery): Promise<AdminFilesPage> {
    actor.authorize(Permission.filesUpdate);
    const { repo } = this.deps;
    const { rows, page } = await repo.list(query);
    const ids = rows.map((r) => r.id);
    const distinct = (values: Array<number | null>) => [...new Set(values.filter((v): v is number => v !== null))];
    const [owners, workspaces, parents, sharing] = await Promise.all([
      repo.ownersOf(distinct(rows.map((r) => r.owner_id))),
      repo.workspacesOf(distinct(rows.map((r) => r.workspace_id))),
      repo.namesOf(distinct(rows.map((r) => r.parent_id))),
      repo.sharingOf(ids),
    ]);
    const ownerOf = new Map(owners.map((u) => [u.id, u]));
    const workspaceOf = new Map(workspaces.map((w) => [w.id, w]));
    const parentOf = new Map(parents.map((p) => [p.id, p]));
    const data = rows.map((row): AdminFileRow => {
      const owner = ownerOf.get(row.owner_id);
      return {
        ...presentRow(row),
        owner: owner
          ? { id: owner.id, name: nameOf(owner), email: owner.email, image: owner.image }
          : { id: row.owner_id, name: '', email: '', image: null },
        workspace: (row.workspace_id !== null && workspaceOf.get(row.workspace_id)) || null,
        parent: (row.parent_id !== null && parentOf.get(row.parent_id)) || null,
        is_shared: sharing.shared.has(row.id),
        has_link: sharing.linked.has(row.id),
      };
    });
    return { pagination: { ...page, data } };
  }

  /** Any file's bytes, for the preview dialog or a download; the route sends them with the drive's headers. */
  async file(actor: Actor, id: number): Promise<FileDownload> {
    actor.authorize(Permission.filesUpdate);
    const row = await this.deps.repo.getById(id);
    if (!row) throw notFound(ENTRY_GONE);
    return this.deps.downloads.fileOf(row);
  }

  async thumbnail(actor: Actor, id: number): Promise<FileDownload> {
    actor.authorize(Permission.filesUpdate);
    const row = await this.deps.repo.getById(id);
    if (!row) throw notFound(ENTRY_GONE);
    return this.deps.downloads.thumbnailOf(row);
  }

  /**
   * Deletes entries forever, folders with everything in them, each in its own transaction: the
   * rows go (the owner's space, a sum over their rows, drops at once; shares, links and stars go
   * by cascade), their stored bytes are queued in storage_deletions and removed after the answer,
   * and one audit row per entry asked for names it with what it held, so the log can be searched
   * by the entry like any other target. Each id answers for itself.
   */
  async deleteMany(source: AuditSource, ids: number[]): Promise<DeleteAdminFilesResponse> {
    source.actor.authorize(Permission.filesUpdate);
    const results: DeleteAdminFilesResponse['results'] = [];
    const freed = new Map<number, number>();
    let deleted = 0;
    for (const id of new Set(ids)) {
      const done = await this.deleteOne(source, id);
      if (!done) {
        results.push({ id, ok: false, message: ENTRY_GONE });
        continue;
      }
      results.push({ id, ok: true });
      deleted += done.count;
      freed.set(done.ownerId, (freed.get(done.ownerId) ?? 0) + done.bytes);
    }
    if (deleted) this.deps.deletions.kick();
    return { results, deleted, freed: [...freed].map(([owner_id, bytes]) => ({ owner_id, bytes })) };
  }

  private deleteOne(source: AuditSource, id: number) {
    const { repo, writer, entries, audit } = this.deps;
    return writer.transaction(async (trx) => {
      const first = await repo.getById(id, trx);
      if (!first) return undefined;
      // The drive's tree lock: no move or trash in that drive changes the subtree meanwhile.
      await writer.lockTree(trx, scopeOf(first));
      const row = await repo.getById(id, trx);
      if (!row) return undefined;
      const totals = await repo.subtreeTotals(row.path, trx);
      await repo.enqueueSubtree(row.path, this.clock().toISOString(), trx);
      const count = await entries.deleteSubtree(row.path, trx);
      await audit.record(
        source,
        {
          action: 'file.delete_forever',
          targetType: 'file_entry',
          targetId: row.id,
          targetLabel: row.name,
          before: {
            name: row.name,
            type: row.type,
            owner_id: row.owner_id,
            workspace_id: row.workspace_id,
            file_size: Number(row.file_size),
            entries: totals.count,
            bytes: totals.bytes,
            deleted_at: row.deleted_at,
          },
        },
        trx,
      );
      return { count, bytes: totals.bytes, ownerId: row.owner_id };
    });
  }
}

const TYPES: ReadonlySet<string> = new Set(FILE_TYPES);

function presentRow(row: AdminFileListRow) {
  return {
    id: row.id,
    name: row.name,
    type: (TYPES.has(row.type) ? row.type : 'default') as AdminFileRow['type'],
    mime: row.mime,
    extension: row.extension,
    file_size: Number(row.file_size),
    has_thumbnail: row.thumbnail !== null,
    created_at: row.created_at,
    updated_at: row.updated_at,
    deleted_at: row.deleted_at,
  };
}
