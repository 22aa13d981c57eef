import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Database, Dialect } from '../db/database.ts';
import { notFound, validation } from '../http/app-error.ts';
import type { ChildrenOf, DriveScope, EntryRow, FileEntriesRepository, NewEntry } from './file-entries.repository.ts';
import { clashMessage, numberedName } from './names.ts';
import { immediateTransaction } from './owner-transaction.ts';

/** Advisory lock spaces (PostgreSQL): a folder's children, a scope's root, an owner's space, a scope's tree. */
const FOLDER_LOCK = 1;
const ROOT_LOCK = 2;
const OWNER_LOCK = 3;
const TREE_LOCK = 4;

/** One number per drive: a workspace's id, or minus the owner's id for a personal drive. */
const scopeKey = (scope: DriveScope) => scope.workspaceId ?? -scope.ownerId;

/** A public id for URLs: random, so it tells nothing about the row id or how many rows exist. */
export const newEntryHash = () => randomBytes(16).toString('base64url');

/** Where children of `parent` live: the folder, or the scope's root. */
export const childrenOf = (parent: EntryRow | null, scope: DriveScope): ChildrenOf =>
  parent ? { parentId: parent.id } : { root: scope };

/**
 * Writes entries into folders inside transactions, keeping sibling names unique and paths whole.
 * On PostgreSQL, transaction-level advisory locks: writes into one folder are serialised by a lock
 * on the folder, and everything that changes the shape of a drive (move, trash, restore) holds its
 * tree lock exclusively while writes into folders hold it shared, so a folder's path and parent
 * cannot change between a transaction's reads and its writes. On SQLite every write transaction
 * begins IMMEDIATE: one writer at a time, across processes too.
 */
export class EntryWriter {
  private readonly db: Database;
  private readonly dialect: Dialect;
  private readonly entries: Pick<FileEntriesRepository, 'getById' | 'findChildByName' | 'insert'>;
  constructor(
    db: Database,
    dialect: Dialect,
    entries: Pick<FileEntriesRepository, 'getById' | 'findChildByName' | 'insert'>,
  ) {
    this.db = db;
    this.dialect = dialect;
    this.entries = entries;
  }

  /** A write transaction; rows read before it may be stale: read again inside, under the locks. */
  transaction<T>(work: (trx: Database) => Promise<T>): Promise<T> {
    return immediateTransaction(this.db, this.dialect, work);
  }

  /**
   * Serialises writes of names into one folder (or root), and holds the drive's tree lock shared:
   * no move, trash or restore in that drive runs until the transaction ends.
   */
  async lockFolder(trx: Database, of: ChildrenOf): Promise<void> {
    const scope = 'parentId' in of ? await this.scopeOfLiveFolder(trx, of.parentId) : of.root;
    if (this.dialect !== 'postgres') return;
    await this.holdTree(trx, scope);
    // Checked again now that no trash can run: one may have committed while this waited for the lock.
    if ('parentId' in of) await this.scopeOfLiveFolder(trx, of.parentId);
    const [space, key] = 'parentId' in of ? [FOLDER_LOCK, of.parentId] : [ROOT_LOCK, scopeKey(of.root)];
    await sql`select pg_advisory_xact_lock(${space}::int, ${key}::int)`.execute(trx);
  }

  /**
   * Holds a drive's tree lock alone, for moves, trash and restore: taken before any other lock of
   * the transaction, and the rows it changes are read again after it.
   */
  async lockTree(trx: Database, scope: DriveScope): Promise<void> {
    if (this.dialect !== 'postgres') return;
    await sql`select pg_advisory_xact_lock(${TREE_LOCK}::int, ${scopeKey(scope)}::int)`.execute(trx);
  }

  /** Serialises quota checks of one owner (PostgreSQL; SQLite serialises writes already). */
  async lockOwner(trx: Database, ownerId: number): Promise<void> {
    if (this.dialect === 'postgres')
      await sql`select pg_advisory_xact_lock(${OWNER_LOCK}::int, ${ownerId}::int)`.execute(trx);
  }

  /** Holds a drive's tree lock shared: its folders keep their parents and paths until the transaction ends. */
  async holdTree(trx: Database, scope: DriveScope): Promise<void> {
    if (this.dialect !== 'postgres') return;
    await sql`select pg_advisory_xact_lock_shared(${TREE_LOCK}::int, ${scopeKey(scope)}::int)`.execute(trx);
  }

  /** The drive of a folder, refusing one that was deleted or trashed since the caller checked it. */
  private async scopeOfLiveFolder(trx: Database, id: number): Promise<DriveScope> {
    const row = await this.entries.getById(id, trx);
    if (!row || row.deleted_at) throw notFound('The folder no longer exists.');
    return { ownerId: row.owner_id, workspaceId: row.workspace_id };
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
