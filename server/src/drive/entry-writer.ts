import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Database, Dialect } from '../db/database.ts';
import { validation } from '../http/app-error.ts';
import type { ChildrenOf, DriveScope, EntryRow, FileEntriesRepository, NewEntry } from './file-entries.repository.ts';
import { clashMessage, numberedName } from './names.ts';

/** A public id for URLs: random, so it tells nothing about the row id or how many rows exist. */
export const newEntryHash = () => randomBytes(12).toString('base64url');

/** Where children of `parent` live: the folder, or the scope's root. */
export const childrenOf = (parent: EntryRow | null, scope: DriveScope): ChildrenOf =>
  parent ? { parentId: parent.id } : { root: scope };

/**
 * Writes entries into folders inside transactions, keeping sibling names unique.
 * On PostgreSQL two requests naming into one folder are serialised with a transaction-level
 * advisory lock on the folder; SQLite serialises every write transaction already.
 */
export class EntryWriter {
  private readonly db: Database;
  private readonly dialect: Dialect;
  private readonly entries: Pick<FileEntriesRepository, 'findChildByName' | 'insert'>;
  constructor(db: Database, dialect: Dialect, entries: Pick<FileEntriesRepository, 'findChildByName' | 'insert'>) {
    this.db = db;
    this.dialect = dialect;
    this.entries = entries;
  }

  transaction<T>(work: (trx: Database) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  async lockFolder(trx: Database, of: ChildrenOf): Promise<void> {
    if (this.dialect !== 'postgres') return;
    const [space, key] = 'parentId' in of ? [1, of.parentId] : [2, of.root.workspaceId ?? -of.root.ownerId];
    await sql`select pg_advisory_xact_lock(${space}::int, ${key}::int)`.execute(trx);
  }

  /** Serialises quota checks of one owner (PostgreSQL; SQLite serialises writes already). */
  async lockOwner(trx: Database, ownerId: number): Promise<void> {
    if (this.dialect === 'postgres') await sql`select pg_advisory_xact_lock(${3}::int, ${ownerId}::int)`.execute(trx);
  }

  /** Refuses a name a live sibling already has (case-insensitive), except `self`. */
  async assertFree(trx: Database, of: ChildrenOf, name: string, self?: number): Promise<void> {
    const clash = await this.entries.findChildByName(of, name, trx);
    if (clash && clash.id !== self) throw validation({ name: [clashMessage(clash.name)] }, { code: 'name_taken' });
  }

  /** The name, or "name (n)" for the first n that is free: for implicit names (upload, copy, move, restore). */
  async freeName(trx: Database, of: ChildrenOf, name: string, self?: number): Promise<string> {
    for (let n = 0; n < 10_000; n++) {
      const candidate = n === 0 ? name : numberedName(name, n);
      const clash = await this.entries.findChildByName(of, candidate, trx);
      if (!clash || clash.id === self) return candidate;
    }
    return numberedName(name, Date.now());
  }

  /** Inserts a folder (the caller holds the folder lock and checked the name). */
  insertFolder(
    trx: Database,
    input: { name: string; parent: EntryRow | null; scope: DriveScope; at: string },
  ): Promise<EntryRow> {
    const row: NewEntry = {
      hash: newEntryHash(),
      name: input.name,
      type: 'folder',
      is_folder: 1,
      file_size: 0,
      parent_id: input.parent?.id ?? null,
      owner_id: input.scope.ownerId,
      workspace_id: input.scope.workspaceId,
      created_at: input.at,
      updated_at: input.at,
    };
    return this.entries.insert(row, input.parent?.path ?? null, trx);
  }

  /** Finds or creates each folder of a path under `parent` (folder uploads); answers the deepest. */
  async ensureFolders(
    scope: DriveScope,
    parent: EntryRow | null,
    names: string[],
    at: string,
  ): Promise<EntryRow | null> {
    let current = parent;
    for (const name of names) {
      current = await this.transaction(async (trx) => {
        const of = childrenOf(current, scope);
        await this.lockFolder(trx, of);
        const existing = await this.entries.findChildByName(of, name, trx);
        if (existing?.is_folder === 1) return existing;
        // A file holds the name: the folder gets a numbered one rather than failing the upload.
        const free = existing ? await this.freeName(trx, of, name) : name;
        return this.insertFolder(trx, { name: free, parent: current, scope, at });
      });
    }
    return current;
  }
}
