import { sql } from 'kysely';
import type { AdminFilesQuery } from '@kosh/contracts';
import type { Database, Dialect } from '../../db/database.ts';
import { subtreeRange } from '../../drive/file-entries.repository.ts';
import { containsPattern, endOfDay, estimatedRows, pageOf, startOfDay } from '../list-page.ts';

/** The query's parameters that narrow the list (the rest page and sort it). */
const FILTERS = [
  'query',
  'type',
  'ownerId',
  'sizeMin',
  'sizeMax',
  'createdFrom',
  'createdTo',
  'updatedFrom',
  'updatedTo',
  'inTrash',
  'shared',
] as const satisfies ReadonlyArray<keyof AdminFilesQuery>;
const isFiltered = (query: AdminFilesQuery) => FILTERS.some((key) => query[key] !== undefined && query[key] !== '');

/** The columns of file_entries an admin list row is made of. */
const LIST_COLUMNS = [
  'file_entries.id',
  'file_entries.name',
  'file_entries.type',
  'file_entries.mime',
  'file_entries.extension',
  'file_entries.file_size',
  'file_entries.owner_id',
  'file_entries.workspace_id',
  'file_entries.parent_id',
  'file_entries.thumbnail',
  'file_entries.created_at',
  'file_entries.updated_at',
  'file_entries.deleted_at',
] as const;

export type AdminFileListRow = {
  id: number;
  name: string;
  type: string;
  mime: string | null;
  extension: string | null;
  file_size: number;
  owner_id: number;
  workspace_id: number | null;
  parent_id: number | null;
  thumbnail: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
};

/** The admin files list: every entry of every drive, filtered and sorted on indexed columns, and its extras. */
export class AdminFilesRepository {
  private readonly db: Database;
  private readonly dialect: Dialect;
  constructor(db: Database, dialect: Dialect) {
    this.db = db;
    this.dialect = dialect;
  }

  /** One page and the total; sorted by the column (fe_admin_*_idx, migration 0023), then by id. */
  list(query: AdminFilesQuery) {
    const base = this.filtered(query);
    const column = query.orderBy ?? 'created_at';
    const dir = query.orderDir ?? 'desc';
    const rows = base
      .select([...LIST_COLUMNS])
      .orderBy(`file_entries.${column}`, dir)
      .orderBy('file_entries.id', dir);
    const count = base.select((eb) => eb.fn.countAll<number>().as('total'));
    if (!isFiltered(query))
      return pageOf(
        rows,
        async () => {
          const estimate = await estimatedRows(this.db, this.dialect, 'file_entries');
          if (estimate !== null) return { total: estimate, estimated: true };
          return { total: Number((await count.executeTakeFirst())?.total ?? 0) };
        },
        query,
      );
    return pageOf(rows, count, query);
  }

  /** Owners of the page's entries, in one query. */
  ownersOf(ids: number[]) {
    if (!ids.length) return Promise.resolve([]);
    return this.db
      .selectFrom('users')
      .select(['id', 'email', 'first_name', 'last_name', 'image'])
      .where('id', 'in', ids)
      .execute();
  }

  /** Workspaces of the page's entries, in one query. */
  workspacesOf(ids: number[]) {
    if (!ids.length) return Promise.resolve([]);
    return this.db.selectFrom('workspaces').select(['id', 'name']).where('id', 'in', ids).execute();
  }

  /** Parent folders of the page's entries, in one query. */
  namesOf(ids: number[]) {
    if (!ids.length) return Promise.resolve([]);
    return this.db.selectFrom('file_entries').select(['id', 'name']).where('id', 'in', ids).execute();
  }

  /** Which of these entries are shared with people, and which have an enabled link: one query each. */
  async sharingOf(ids: number[]): Promise<{ shared: Set<number>; linked: Set<number> }> {
    if (!ids.length) return { shared: new Set(), linked: new Set() };
    const [shares, links] = await Promise.all([
      this.db
        .selectFrom('file_entry_shares')
        .select('file_entry_id')
        .distinct()
        .where('file_entry_id', 'in', ids)
        .execute(),
      this.db
        .selectFrom('shareable_links')
        .select('file_entry_id')
        .where('file_entry_id', 'in', ids)
        .where('enabled', '=', 1)
        .execute(),
    ]);
    return {
      shared: new Set(shares.map((r) => r.file_entry_id)),
      linked: new Set(links.map((r) => r.file_entry_id)),
    };
  }

  /** The entry with this id, in trash or not. */
  getById(id: number, db: Database = this.db) {
    return db.selectFrom('file_entries').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Rows and bytes of a subtree (the entry and everything under it), before it is deleted. */
  async subtreeTotals(path: string, db: Database): Promise<{ count: number; bytes: number }> {
    const [low, high] = subtreeRange(path);
    const row = await db
      .selectFrom('file_entries')
      .select((eb) => [
        eb.fn.countAll<number>().as('count'),
        eb.fn.coalesce(eb.fn.sum<number>('file_size'), sql<number>`0`).as('bytes'),
      ])
      .where('path', '>=', low)
      .where('path', '<', high)
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), bytes: Number(row.bytes) };
  }

  /**
   * Queues the bytes and thumbnails of a subtree for deletion (storage_deletions), in the
   * transaction that deletes its rows: one statement, whatever the size of the folder.
   */
  async enqueueSubtree(path: string, at: string, db: Database): Promise<void> {
    const [low, high] = subtreeRange(path);
    const keysOf = (column: 'file_name' | 'thumbnail') =>
      db
        .selectFrom('file_entries')
        .select([sql<string>`${sql.ref(column)}`.as('key'), sql<string>`${at}`.as('created_at')])
        .where('path', '>=', low)
        .where('path', '<', high)
        .where(column, 'is not', null);
    await db
      .insertInto('storage_deletions')
      .columns(['key', 'created_at'])
      .expression(keysOf('file_name').unionAll(keysOf('thumbnail')))
      .execute();
  }

  /**
   * The name contains the query, the drive's own search (drive-views.repository.ts): PostgreSQL's
   * LIKE is served by the pg_trgm index on lower(name); SQLite asks its FTS5 trigram table for
   * queries of 3+ characters (shorter ones have no trigram and scan).
   */
  private nameContains(query: string) {
    const pattern = containsPattern(query.toLowerCase());
    if (this.dialect === 'postgres' || [...query].length < 3)
      return sql<boolean>`lower(${sql.ref('file_entries.name')}) like ${pattern} escape '\\'`;
    const phrase = `"${query.replace(/"/g, '""')}"`;
    const matching = sql`select rowid from file_entries_fts where file_entries_fts match ${phrase}`;
    return sql<boolean>`${sql.ref('file_entries.id')} in (${matching})`;
  }

  private filtered(query: AdminFilesQuery) {
    let q = this.db.selectFrom('file_entries');
    if (query.query) q = q.where(this.nameContains(query.query));
    // The folder flag the type implies lets a size sort read (is_folder, type, file_size).
    if (query.type)
      q = q
        .where('file_entries.type', '=', query.type)
        .where('file_entries.is_folder', '=', query.type === 'folder' ? 1 : 0);
    if (query.ownerId) q = q.where('file_entries.owner_id', '=', query.ownerId);
    if (query.sizeMin !== undefined) q = q.where('file_entries.file_size', '>=', query.sizeMin);
    if (query.sizeMax !== undefined) q = q.where('file_entries.file_size', '<=', query.sizeMax);
    if (query.createdFrom) q = q.where('file_entries.created_at', '>=', startOfDay(query.createdFrom));
    if (query.createdTo) q = q.where('file_entries.created_at', '<', endOfDay(query.createdTo));
    if (query.updatedFrom) q = q.where('file_entries.updated_at', '>=', startOfDay(query.updatedFrom));
    if (query.updatedTo) q = q.where('file_entries.updated_at', '<', endOfDay(query.updatedTo));
    if (query.inTrash !== undefined) q = q.where('file_entries.deleted_at', query.inTrash ? 'is not' : 'is', null);
    if (query.shared !== undefined)
      q = q.where((eb) => {
        const sharing = eb.or([
          eb.exists(
            eb
              .selectFrom('file_entry_shares')
              .select('file_entry_shares.id')
              .whereRef('file_entry_shares.file_entry_id', '=', 'file_entries.id'),
          ),
          eb.exists(
            eb
              .selectFrom('shareable_links')
              .select('shareable_links.id')
              .whereRef('shareable_links.file_entry_id', '=', 'file_entries.id')
              .where('shareable_links.enabled', '=', 1),
          ),
        ]);
        return query.shared ? sharing : eb.not(sharing);
      });
    return q;
  }
}
