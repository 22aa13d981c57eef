import type { Actor } from '../auth/actor.ts';
import { notFound } from '../http/app-error.ts';
import type { DriveScope, EntryRow, FileEntriesRepository } from './file-entries.repository.ts';

/**
 * Who may reach which entries. The personal drive (workspace 0) belongs to its owner alone.
 * Workspaces come with their own issue: until then no workspace other than 0 exists, so a
 * call naming one answers 404, and that issue adds the membership check here only.
 */
export class DrivePolicy {
  private readonly entries: FileEntriesRepository;
  constructor(entries: FileEntriesRepository) {
    this.entries = entries;
  }

  /** The drive a call works in, from its workspaceId (spec part 1, 7.1). */
  scopeFor(actor: Actor, workspaceId: number): DriveScope {
    const user = actor.requireUser();
    if (workspaceId !== 0) throw notFound('The workspace does not exist.');
    return { ownerId: user.id, workspaceId: null };
  }

  canAccess(actor: Actor, row: EntryRow): boolean {
    const user = actor.user;
    if (!user) return false;
    return row.workspace_id === null && row.owner_id === user.id;
  }

  /** The entry, or 404 when it does not exist or belongs to someone else: both look the same. */
  async getById(actor: Actor, id: number, options: { allowTrashed?: boolean } = {}): Promise<EntryRow> {
    return this.check(actor, await this.entries.getById(id), options);
  }

  async getByHash(actor: Actor, hash: string, options: { allowTrashed?: boolean } = {}): Promise<EntryRow> {
    return this.check(actor, await this.entries.getByHash(hash), options);
  }

  /** Every entry named, or 404 if any one is missing or not the caller's. */
  async getManyByIds(actor: Actor, ids: number[], options: { allowTrashed?: boolean } = {}): Promise<EntryRow[]> {
    const unique = [...new Set(ids)];
    const rows = await this.entries.getManyByIds(unique);
    if (rows.length !== unique.length) throw notFound();
    return unique.map((id) => this.check(actor, rows.find((r) => r.id === id), options));
  }

  /** A folder the caller may put things in (live, theirs), or null for the root. */
  async getFolder(actor: Actor, id: number | null | undefined): Promise<EntryRow | null> {
    if (id === null || id === undefined) return null;
    const row = await this.getById(actor, id);
    if (row.is_folder !== 1) throw notFound('The folder does not exist.');
    return row;
  }

  private check(actor: Actor, row: EntryRow | undefined, options: { allowTrashed?: boolean }): EntryRow {
    if (!row || !this.canAccess(actor, row)) throw notFound();
    if (row.deleted_at && !options.allowTrashed) throw notFound();
    return row;
  }
}
