import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Database } from '../db/database.ts';
import type { FileEntriesTable } from '../db/schema.ts';

export type EntryRow = Selectable<FileEntriesTable>;
export type NewEntry = Omit<Insertable<FileEntriesTable>, 'id' | 'path'>;

/** Whose drive: the personal drive of a user (workspaceId null), or a workspace. */
export type DriveScope = { ownerId: number; workspaceId: number | null };
export type SortColumn = 'name' | 'updated_at' | 'created_at' | 'file_size' | 'type';
export type Sort = { column: SortColumn; direction: 'asc' | 'desc' };
/** Where the children of a listing live: a folder, or the root of a scope; `tagged`: only those with this tag. */
export type ChildrenOf = ({ parentId: number } | { root: DriveScope }) & { tagged?: number };

/** The [low, high) range of paths inside a subtree: '/1/2/' .. '/1/20' ('0' follows '/'). */
export function subtreeRange(path: string): [string, string] {
  return [path, `${path.slice(0, -1)}0`];
}

/** Queries of file_entries. Subtree operations are single statements over a path range. */
export class FileEntriesRepository {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  getById(id: number, db: Database = this.db): Promise<EntryRow | undefined> {
    return db.selectFrom('file_entries').selectAll().where('id', '=', id).executeTakeFirst();
  }

  getByHash(hash: string): Promise<EntryRow | undefined> {
    return this.db.selectFrom('file_entries').selectAll().where('hash', '=', hash).executeTakeFirst();
  }

  async getManyByIds(ids: number[]): Promise<EntryRow[]> {
    if (!ids.length) return [];
    return this.db.selectFrom('file_entries').selectAll().where('id', 'in', ids).execute();
  }

  async getManyByHashes(hashes: string[]): Promise<EntryRow[]> {
    if (!hashes.length) return [];
    return this.db.selectFrom('file_entries').selectAll().where('hash', 'in', hashes).execute();
  }

  /** Ancestors of a path (ids in it, the entry itself excluded), root first. */
  async getAncestors(path: string): Promise<EntryRow[]> {
    const ids = path.split('/').filter(Boolean).map(Number).slice(0, -1);
    const rows = await this.getManyByIds(ids);
    return ids.map((id) => rows.find((r) => r.id === id)).filter((r): r is EntryRow => Boolean(r));
  }

  /** Live children counted by kind, read from the listing index alone. */
  async countChildren(of: ChildrenOf): Promise<{ folders: number; files: number }> {
    const rows = await this.childrenQuery(of)
      .select(['is_folder', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('is_folder')
      .execute();
    const count = (f: number) => Number(rows.find((r) => Number(r.is_folder) === f)?.n ?? 0);
    return { folders: count(1), files: count(0) };
  }

  /** One kind of live children (folders or files) in sort order; "folders first" pages call it twice. */
  listChildren(of: ChildrenOf, isFolder: boolean, sort: Sort, limit: number, offset: number): Promise<EntryRow[]> {
    return this.childrenQuery(of)
      .selectAll()
      .where('is_folder', '=', isFolder ? 1 : 0)
      .orderBy(sort.column, sort.direction)
      .orderBy('id', sort.direction)
      .limit(limit)
      .offset(offset)
      .execute();
  }

  /** Live children of a folder or a root but `except`, in id order, at most `limit` (a select-all's entries). */
  listChildrenExcept(of: ChildrenOf, except: number[], limit: number): Promise<EntryRow[]> {
    let q = this.childrenQuery(of).selectAll();
    if (except.length) q = q.where('id', 'not in', except);
    return q.orderBy('id').limit(limit).execute();
  }

  /** A live child with this name, compared case-insensitively. */
  findChildByName(of: ChildrenOf, name: string, db: Database = this.db): Promise<EntryRow | undefined> {
    return this.childrenQuery(of, db)
      .selectAll()
      .where(sql<string>`lower(name)`, '=', name.toLowerCase())
      .executeTakeFirst();
  }

  /**
   * Inserts an entry and sets its path from the parent row as it is now, inside the caller's
   * transaction (the id is needed for the path). `_parentPath`, the caller's copy of the parent's
   * path, is not used: a concurrent move may have changed it since the caller read it.
   */
  async insert(entry: NewEntry, _parentPath: string | null, db: Database = this.db): Promise<EntryRow> {
    const { id } = await db
      .insertInto('file_entries')
      .values({ ...entry, path: '' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const parentPath =
      entry.parent_id === null || entry.parent_id === undefined ? '/' : (await this.getById(entry.parent_id, db))?.path;
    if (!parentPath) throw new Error(`Inserting entry ${id}: its parent ${entry.parent_id} does not exist`);
    return db
      .updateTable('file_entries')
      .set({ path: `${parentPath}${id}/` })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async update(id: number, patch: Updateable<FileEntriesTable>, db: Database = this.db): Promise<void> {
    await db.updateTable('file_entries').set(patch).where('id', '=', id).execute();
  }

  /** Re-roots a subtree in one statement: every path under oldPath now starts with newPath. */
  async movePaths(oldPath: string, newPath: string, db: Database = this.db): Promise<number> {
    const [low, high] = subtreeRange(oldPath);
    const res = await db
      .updateTable('file_entries')
      .set({ path: sql<string>`${newPath} || substr(path, ${oldPath.length + 1})` })
      .where('path', '>=', low)
      .where('path', '<', high)
      .executeTakeFirst();
    return Number(res.numUpdatedRows);
  }

  /** Live rows of a subtree, parents before children. */
  listSubtree(path: string, options: { includeDeleted?: boolean } = {}, db: Database = this.db): Promise<EntryRow[]> {
    const [low, high] = subtreeRange(path);
    let q = db.selectFrom('file_entries').selectAll().where('path', '>=', low).where('path', '<', high);
    if (!options.includeDeleted) q = q.where('deleted_at', 'is', null);
    return q.orderBy(sql`length(path)`).orderBy('id').execute();
  }

  /** Bytes of live files in a subtree. */
  async subtreeSize(path: string): Promise<number> {
    const [low, high] = subtreeRange(path);
    const row = await this.db
      .selectFrom('file_entries')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('file_size'), sql<number>`0`).as('size'))
      .where('path', '>=', low)
      .where('path', '<', high)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.size);
  }

  /** Moves the live part of a subtree to trash, remembering which entry the user trashed. */
  async trashSubtree(path: string, rootId: number, at: string, db: Database = this.db): Promise<number> {
    const [low, high] = subtreeRange(path);
    const res = await db
      .updateTable('file_entries')
      .set({ deleted_at: at, trash_root_id: rootId })
      .where('path', '>=', low)
      .where('path', '<', high)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows);
  }

  /** Brings back what one trash action removed inside a subtree; items trashed on their own stay. */
  async restoreSubtree(path: string, trashRootId: number, db: Database = this.db): Promise<number> {
    const [low, high] = subtreeRange(path);
    const res = await db
      .updateTable('file_entries')
      .set({ deleted_at: null, trash_root_id: null })
      .where('path', '>=', low)
      .where('path', '<', high)
      .where('trash_root_id', '=', trashRootId)
      .executeTakeFirst();
    return Number(res.numUpdatedRows);
  }

  /** Storage keys (bytes and thumbnails) of every row in a subtree, trashed or not. */
  async subtreeKeys(path: string, db: Database = this.db): Promise<string[]> {
    const [low, high] = subtreeRange(path);
    const rows = await db
      .selectFrom('file_entries')
      .select(['file_name', 'thumbnail'])
      .where('path', '>=', low)
      .where('path', '<', high)
      .where('file_name', 'is not', null)
      .execute();
    return rows.flatMap((r) => [r.file_name, r.thumbnail]).filter((k): k is string => Boolean(k));
  }

  /** Removes a subtree's rows in one statement (stars go by cascade). */
  async deleteSubtree(path: string, db: Database = this.db): Promise<number> {
    const [low, high] = subtreeRange(path);
    const res = await db
      .deleteFrom('file_entries')
      .where('path', '>=', low)
      .where('path', '<', high)
      .executeTakeFirst();
    return Number(res.numDeletedRows);
  }

  /** Bytes stored for an owner, trash included (space usage, quota). */
  async spaceUsed(ownerId: number, db: Database = this.db): Promise<number> {
    const row = await db
      .selectFrom('file_entries')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('file_size'), sql<number>`0`).as('used'))
      .where('owner_id', '=', ownerId)
      .executeTakeFirstOrThrow();
    return Number(row.used);
  }

  /** Tops of what was trashed (what the trash view lists), oldest first, before a cutoff. */
  listExpiredTrashRoots(cutoff: string, limit: number): Promise<EntryRow[]> {
    return this.db
      .selectFrom('file_entries')
      .selectAll()
      .where('deleted_at', 'is not', null)
      .where('deleted_at', '<', cutoff)
      .whereRef('trash_root_id', '=', 'id')
      .orderBy('deleted_at')
      .limit(limit)
      .execute();
  }

  listTrashRoots(scope: DriveScope): Promise<EntryRow[]> {
    return this.scoped(scope)
      .selectAll()
      .where('deleted_at', 'is not', null)
      .whereRef('trash_root_id', '=', 'id')
      .execute();
  }

  /** Which of these storage keys a row still names (bytes or thumbnail). */
  async referencedKeys(keys: string[]): Promise<Set<string>> {
    if (!keys.length) return new Set();
    const rows = await this.db
      .selectFrom('file_entries')
      .select(['file_name', 'thumbnail'])
      .where('file_name', 'in', keys)
      .execute();
    return new Set(rows.flatMap((r) => [r.file_name, r.thumbnail]).filter((k): k is string => Boolean(k)));
  }

  /** Files whose SHA-256 is not known yet (direct uploads), oldest first. */
  async listMissingSha256(limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('file_entries')
      .select('id')
      .where('sha256', 'is', null)
      .where('is_folder', '=', 0)
      .where('file_name', 'is not', null)
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }

  /**
   * A deleted workspace's entries join its owner's personal drive in trash (they are the
   * owner's already): each live top-level entry is trashed with its subtree, then all leave the workspace.
   */
  async retireWorkspace(workspaceId: number, at: string, db: Database = this.db): Promise<void> {
    const roots = await db
      .selectFrom('file_entries')
      .select(['id', 'path'])
      .where('workspace_id', '=', workspaceId)
      .where('parent_id', 'is', null)
      .where('deleted_at', 'is', null)
      .execute();
    for (const root of roots) {
      const [low, high] = subtreeRange(root.path);
      await db
        .updateTable('file_entries')
        .set({ deleted_at: at, trash_root_id: root.id })
        .where('path', '>=', low)
        .where('path', '<', high)
        .where('deleted_at', 'is', null)
        .execute();
    }
    await db.updateTable('file_entries').set({ workspace_id: null }).where('workspace_id', '=', workspaceId).execute();
  }

  /** Rows of one scope: a user's personal drive, or a workspace. */
  scoped(scope: DriveScope, db: Database = this.db) {
    const q = db.selectFrom('file_entries');
    return scope.workspaceId === null
      ? q.where('owner_id', '=', scope.ownerId).where('workspace_id', 'is', null)
      : q.where('workspace_id', '=', scope.workspaceId);
  }

  private childrenQuery(of: ChildrenOf, db: Database = this.db) {
    const q =
      'parentId' in of
        ? db.selectFrom('file_entries').where('parent_id', '=', of.parentId)
        : this.scoped(of.root, db).where('parent_id', 'is', null);
    const live = q.where('deleted_at', 'is', null);
    const tagged = of.tagged;
    if (tagged === undefined) return live;
    return live.where('id', 'in', (eb) => eb.selectFrom('entry_tags').select('entry_id').where('tag_id', '=', tagged));
  }
}
