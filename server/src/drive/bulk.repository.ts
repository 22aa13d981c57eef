import {
  sql,
  type Expression,
  type RawBuilder,
  type ExpressionBuilder,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import type { Database, Dialect } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { subtreeRange, type DriveScope, type EntryRow } from './file-entries.repository.ts';

/** A place whose entries a bulk call selects: a folder of a drive, or the drive's root (folder null). */
export type Place = { scope: DriveScope; folder: EntryRow | null };
/** A trash root with what a restore needs to know of its home. */
export type TrashRoot = { id: number; parent_id: number | null; lowerName: string; parentLive: boolean };

const prefixOf = (place: Place) => place.folder?.path ?? '/';

/**
 * Set-based statements over every entry of a place at once (select all in a folder of any size):
 * one UPDATE or DELETE over the place's path range, the entries left out named in `NOT IN`.
 * A row's "top" is the child of the place its path passes through: /place/top/.../row/.
 */
export class BulkRepository {
  private readonly db: Database;
  private readonly dialect: Dialect;
  constructor(db: Database, dialect: Dialect) {
    this.db = db;
    this.dialect = dialect;
  }

  /** The id of the place's child a row lies under, read from its path (the two dialects split strings apart). */
  private topOf(place: Place): Expression<number> {
    const from = prefixOf(place).length + 1;
    // Qualified: inside a correlated subquery a bare path would name the subquery's row.
    const path = sql.ref('file_entries.path');
    return this.dialect === 'postgres'
      ? sql<number>`cast(split_part(substr(${path}, ${from}::int), '/', 1) as integer)`
      : sql<number>`cast(substr(${path}, ${from}, instr(substr(${path}, ${from}), '/') - 1) as integer)`;
  }

  /**
   * `column not in ids` for a list of any length: a bound list beyond a few thousand ids outgrows
   * both drivers' parameter limits, so a long one travels as one array (PostgreSQL hashes it).
   */
  private notAmong(column: string | Expression<number>, ids: number[]): RawBuilder<SqlBool> {
    const ref = typeof column === 'string' ? sql.ref(column) : column;
    if (!ids.length) return sql<SqlBool>`true`;
    if (ids.length <= 1000) return sql<SqlBool>`${ref} not in (${sql.join(ids)})`;
    return this.dialect === 'postgres'
      ? sql<SqlBool>`not (${ref} = any(${ids}::int[]))`
      : sql<SqlBool>`${ref} not in (select value from json_each(${JSON.stringify(ids)}))`;
  }

  /** Rows of the place's subtree (the place itself excluded), scope first so a root place stays in its drive. */
  private inPlace(place: Place) {
    const { scope, folder } = place;
    return (eb: ExpressionBuilder<DB, 'file_entries'>): Expression<SqlBool> => {
      const where = [
        scope.workspaceId === null
          ? eb.and([eb('owner_id', '=', scope.ownerId), eb('workspace_id', 'is', null)])
          : eb('workspace_id', '=', scope.workspaceId),
      ];
      if (folder) {
        const [low, high] = subtreeRange(folder.path);
        where.push(eb('path', '>', low), eb('path', '<', high));
      }
      return eb.and(where);
    };
  }

  /** Rows whose parent is the place (a folder, or the root of its drive). */
  private childOf(place: Place) {
    const { scope, folder } = place;
    return (eb: ExpressionBuilder<DB, 'file_entries'>): Expression<SqlBool> => {
      if (folder) return eb('parent_id', '=', folder.id);
      return eb.and([
        eb('parent_id', 'is', null),
        scope.workspaceId === null
          ? eb.and([eb('owner_id', '=', scope.ownerId), eb('workspace_id', 'is', null)])
          : eb('workspace_id', '=', scope.workspaceId),
      ]);
    };
  }

  /** Live (or trashed) children of the place but `exclude`. */
  private children(place: Place, exclude: number[], db: Database, state: 'live' | 'trashed' = 'live') {
    return db
      .selectFrom('file_entries')
      .where('deleted_at', state === 'live' ? 'is' : 'is not', null)
      .where(this.childOf(place))
      .where(this.notAmong('file_entries.id', exclude));
  }

  /** The same filter on an aliased copy (c) of the table, for correlated subqueries. */
  private liveChildFilter<Q extends SelectQueryBuilder<DB & { c: DB['file_entries'] }, 'c', { id: number }>>(
    place: Place,
    exclude: number[],
    q: Q,
  ) {
    const { scope, folder } = place;
    let out = q.where('c.deleted_at', 'is', null);
    if (folder) out = out.where('c.parent_id', '=', folder.id);
    else {
      out = out.where('c.parent_id', 'is', null);
      out =
        scope.workspaceId === null
          ? out.where('c.owner_id', '=', scope.ownerId).where('c.workspace_id', 'is', null)
          : out.where('c.workspace_id', '=', scope.workspaceId);
    }
    return out.where(this.notAmong('c.id', exclude));
  }

  async countChildren(place: Place, exclude: number[], db: Database = this.db): Promise<number> {
    const row = await this.children(place, exclude, db)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Live children by id, a page at a time (the per-item path). */
  async listChildIds(
    place: Place,
    exclude: number[],
    range: { after: number; upTo: number },
    limit: number,
  ): Promise<number[]> {
    const rows = await this.children(place, exclude, this.db)
      .select('id')
      .where('id', '>', range.after)
      .where('id', '<=', range.upTo)
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }

  /** The highest id among the live children (0 for none). */
  async lastChildId(place: Place): Promise<number> {
    const row = await this.children(place, [], this.db)
      .select((eb) => eb.fn.max('id').as('last'))
      .executeTakeFirst();
    return Number(row?.last ?? 0);
  }

  /** Which of these ids are live children of the place. */
  async childrenAmong(place: Place, ids: number[], db: Database = this.db): Promise<number[]> {
    if (!ids.length) return [];
    const rows = await this.children(place, [], db).select('id').where('id', 'in', ids).execute();
    return rows.map((r) => r.id);
  }

  /** Trashes every live child but `exclude` with its live subtree; each row remembers its top as trash root. */
  async trashChildren(place: Place, exclude: number[], at: string, db: Database): Promise<number> {
    const top = this.topOf(place);
    let q = db
      .updateTable('file_entries')
      .set({ deleted_at: at, trash_root_id: top })
      .where(this.inPlace(place))
      .where('deleted_at', 'is', null);
    if (exclude.length) q = q.where(top, 'not in', exclude);
    const res = await q.executeTakeFirst();
    return Number(res.numUpdatedRows);
  }

  /** Live children of the place (but `exclude`) whose name a live entry of `into` already has, ignoring case. */
  async clashingChildren(
    place: Place,
    into: Place,
    exclude: number[],
    db: Database,
  ): Promise<Array<{ id: number; name: string }>> {
    // A lookup per child in the (parent, lower(name)) index rather than an IN list of every name.
    return this.children(place, exclude, db)
      .select(['id', 'name'])
      .where(({ exists, selectFrom }) =>
        exists(
          this.liveChildFilter(into, [], selectFrom('file_entries as c').select('c.id')).where(
            sql<string>`lower(c.name)`,
            '=',
            sql<string>`lower(file_entries.name)`,
          ),
        ),
      )
      .orderBy('id')
      .execute();
  }

  /**
   * Moves every live child of `from` but `exclude` into `to` (same drive), trashed descendants
   * included, in one statement: paths re-rooted, and the children's parent set on the way.
   */
  async moveChildren(from: Place, to: Place, exclude: number[], db: Database): Promise<void> {
    const top = this.topOf(from);
    const oldPrefix = prefixOf(from);
    // The rows staying are those under a child left out or in trash, named in a list: a join on
    // each row's top is planned on statistics that a bulk change just made stale, and PostgreSQL
    // can then pick a nested loop over the whole table (minutes for 100,000 rows).
    const trashed = await this.children(from, [], db, 'trashed').select('id').execute();
    // Among the rows moving, the children of `from` are live (a trashed child stays) and have its id as parent.
    const child = from.folder ? sql<SqlBool>`parent_id = ${from.folder.id}` : sql<SqlBool>`parent_id is null`;
    await db
      .updateTable('file_entries')
      .set({
        path: sql<string>`${prefixOf(to)} || substr(path, ${oldPrefix.length + 1})`,
        parent_id: sql<number | null>`case when ${child} then ${to.folder?.id ?? null} else parent_id end`,
      })
      .where(this.inPlace(from))
      .where(this.notAmong(top, [...exclude, ...trashed.map((r) => r.id)]))
      .execute();
  }

  async starChildren(userId: number, place: Place, exclude: number[], at: string): Promise<void> {
    await this.db
      .insertInto('stars')
      .columns(['user_id', 'file_entry_id', 'created_at'])
      .expression(
        this.children(place, exclude, this.db).select((eb) => [
          eb.val(userId).as('user_id'),
          'id',
          eb.val(at).as('created_at'),
        ]),
      )
      .onConflict((oc) => oc.columns(['user_id', 'file_entry_id']).doNothing())
      .execute();
  }

  async unstarChildren(userId: number, place: Place, exclude: number[]): Promise<void> {
    await this.db
      .deleteFrom('stars')
      .where('user_id', '=', userId)
      .where(({ exists, selectFrom }) =>
        exists(
          this.liveChildFilter(place, exclude, selectFrom('file_entries as c').select('c.id')).where(
            'c.id',
            '=',
            sql.ref<number>('stars.file_entry_id'),
          ),
        ),
      )
      .execute();
  }

  /** Trash roots of a drive (what the trash lists) but `exclude`. */
  private trashRoots(scope: DriveScope, exclude: number[], db: Database) {
    return db
      .selectFrom('file_entries')
      .where(this.inPlace({ scope, folder: null }))
      .where('deleted_at', 'is not', null)
      .whereRef('trash_root_id', '=', 'id')
      .where(this.notAmong('file_entries.id', exclude));
  }

  async countTrashRoots(scope: DriveScope, exclude: number[], db: Database): Promise<number> {
    const row = await this.trashRoots(scope, exclude, db)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The trash roots with whether the folder they came from is live (names lowercased as the unique index does). */
  async listTrashRoots(scope: DriveScope, exclude: number[], db: Database): Promise<TrashRoot[]> {
    const rows = await this.trashRoots(scope, exclude, db)
      .select(['id', 'parent_id', sql<string>`lower(name)`.as('name')])
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom('file_entries as p')
              .select('p.id')
              .whereRef('p.id', '=', 'file_entries.parent_id')
              .where('p.deleted_at', 'is', null),
          )
          .as('parent_live'),
      )
      .execute();
    return rows.map((r) => ({
      id: r.id,
      parent_id: r.parent_id,
      lowerName: r.name,
      parentLive: Boolean(r.parent_live),
    }));
  }

  /** Live names (lowercased) in the given folders, and at the drive's root when `root` is set. */
  async liveNames(scope: DriveScope, parentIds: number[], root: boolean, db: Database): Promise<Set<string>> {
    const out = new Set<string>();
    const add = (parent: number | null, rows: Array<{ parent_id: number | null; n: string }>) => {
      for (const r of rows) out.add(`${r.parent_id ?? parent}/${r.n}`);
    };
    for (let i = 0; i < parentIds.length; i += 1000) {
      const rows = await db
        .selectFrom('file_entries')
        .select(['parent_id', sql<string>`lower(name)`.as('n')])
        .where('deleted_at', 'is', null)
        .where('parent_id', 'in', parentIds.slice(i, i + 1000))
        .execute();
      add(null, rows);
    }
    if (root)
      add(
        null,
        await this.children({ scope, folder: null }, [], db)
          .select(['parent_id', sql<string>`lower(name)`.as('n')])
          .execute(),
      );
    return out;
  }

  /** Restores what the trash roots (all of the drive's but `exclude`) took to trash, in one statement. */
  async restoreRoots(scope: DriveScope, exclude: number[], db: Database): Promise<number> {
    // Every trashed row names its trash root, a trashed row of the same drive: the rows to restore
    // are the drive's trashed rows but those of the roots left out. A lookup of each row's root
    // instead is planned on statistics taken before the trashing, and on PostgreSQL that plan can
    // be a nested loop over the table (minutes for 100,000 rows).
    const res = await db
      .updateTable('file_entries')
      .set({ deleted_at: null, trash_root_id: null })
      .where(this.inPlace({ scope, folder: null }))
      .where('deleted_at', 'is not', null)
      .where(this.notAmong('file_entries.trash_root_id', exclude))
      .executeTakeFirst();
    return Number(res.numUpdatedRows);
  }

  /** Trashed rows of a drive but `keep` (what a trash root left out still holds). */
  private trashed(scope: DriveScope, keep: number[]) {
    const inDrive = this.inPlace({ scope, folder: null });
    return (eb: ExpressionBuilder<DB, 'file_entries'>): Expression<SqlBool> =>
      eb.and([inDrive(eb), eb('deleted_at', 'is not', null), this.notAmong('file_entries.id', keep)]);
  }

  rowsAmong(ids: number[], db: Database): Promise<EntryRow[]> {
    if (!ids.length) return Promise.resolve([]);
    return db.selectFrom('file_entries').selectAll().where('id', 'in', ids).execute();
  }

  /** Paths of trashed rows under these trash roots (to keep what a root left out of a delete holds). */
  async trashedUnder(paths: string[], db: Database): Promise<Array<{ id: number; path: string; isRoot: boolean }>> {
    const out: Array<{ id: number; path: string; isRoot: boolean }> = [];
    for (const path of paths) {
      const [low, high] = subtreeRange(path);
      const rows = await db
        .selectFrom('file_entries')
        .select(['id', 'path', 'trash_root_id'])
        .where('path', '>=', low)
        .where('path', '<', high)
        .execute();
      for (const r of rows) out.push({ id: r.id, path: r.path, isRoot: r.trash_root_id === r.id });
    }
    return out;
  }

  /** Storage keys (bytes and thumbnails) of the trashed rows but `keep`. */
  async trashedKeys(scope: DriveScope, keep: number[], db: Database): Promise<string[]> {
    const rows = await db
      .selectFrom('file_entries')
      .where(this.trashed(scope, keep))
      .select(['file_name', 'thumbnail'])
      .where('file_name', 'is not', null)
      .execute();
    return rows.flatMap((r) => [r.file_name, r.thumbnail]).filter((k): k is string => Boolean(k));
  }

  /** Removes the trashed rows but `keep` in one statement (stars and shares go by cascade). */
  async deleteTrashed(scope: DriveScope, keep: number[], db: Database): Promise<number> {
    const res = await db.deleteFrom('file_entries').where(this.trashed(scope, keep)).executeTakeFirst();
    return Number(res.numDeletedRows);
  }
}
