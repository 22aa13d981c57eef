import { sql, type SelectQueryBuilder } from 'kysely';
import type { Database, Dialect } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import type { DriveScope, EntryRow, Sort } from './file-entries.repository.ts';

export type Page = { limit: number; offset: number };
export type SearchFilters = {
  query?: string;
  /** The tag name the query stands for: entries carrying it match too. */
  queryTag?: string;
  types?: string[];
  modifiedAfter?: string;
  modifiedBefore?: string;
};
/** Whose shares widen a section beyond the scope (sharedWith), and a tag every entry must carry (tagged). */
export type Reach = { sharedWith?: number; tagged?: number };
type EntryQuery = SelectQueryBuilder<DB, 'file_entries', object>;

/** Escapes LIKE wildcards; the pattern is then used with ESCAPE '\'. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The sections beside folders: recent, starred, trash and search. Each answers a page and a total. */
export class DriveViewsRepository {
  private readonly db: Database;
  private readonly dialect: Dialect;
  constructor(db: Database, dialect: Dialect) {
    this.db = db;
    this.dialect = dialect;
  }

  /** Live files of a scope (and shared with the user), newest change first. */
  async recent(scope: DriveScope, page: Page, reach: Reach = {}): Promise<{ rows: EntryRow[]; total: number }> {
    const base = this.live(scope, reach).where('is_folder', '=', 0);
    const rows = await base
      .selectAll()
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    return { rows, total: await this.count(base) };
  }

  /** Live entries the user starred (their own, and ones shared with them), folders first. */
  async starred(
    userId: number,
    scope: DriveScope,
    sort: Sort,
    page: Page,
    reach: Reach = {},
  ): Promise<{ rows: EntryRow[]; total: number }> {
    const base = this.live(scope, reach).where('id', 'in', (eb) =>
      eb.selectFrom('stars').select('file_entry_id').where('user_id', '=', userId),
    );
    return { rows: await this.sorted(base, sort, page), total: await this.count(base) };
  }

  /** What the user trashed (the tops only: a trashed folder's children stay inside it). */
  async trash(scope: DriveScope, sort: Sort, page: Page): Promise<{ rows: EntryRow[]; total: number }> {
    const base = this.inScope(scope).where('deleted_at', 'is not', null).whereRef('trash_root_id', '=', 'id');
    return { rows: await this.sorted(base, sort, page), total: await this.count(base) };
  }

  /** Live entries whose name contains the query (case-insensitive), with type and date filters. */
  async search(
    scope: DriveScope,
    filters: SearchFilters,
    sort: Sort,
    page: Page,
    reach: Reach = {},
  ): Promise<{ rows: EntryRow[]; total: number }> {
    let base = this.live(scope, reach);
    const query = filters.query?.trim();
    const queryTag = filters.queryTag;
    if (query)
      base = base.where((eb) =>
        queryTag
          ? eb.or([
              this.nameContains(query),
              eb(
                'id',
                'in',
                eb
                  .selectFrom('entry_tags')
                  .innerJoin('tags', 'tags.id', 'entry_tags.tag_id')
                  .select('entry_tags.entry_id')
                  .where('tags.name', '=', queryTag),
              ),
            ])
          : this.nameContains(query),
      );
    if (filters.types?.length) base = base.where('type', 'in', filters.types);
    if (filters.modifiedAfter) base = base.where('updated_at', '>=', filters.modifiedAfter);
    if (filters.modifiedBefore) base = base.where('updated_at', '<=', filters.modifiedBefore);
    return { rows: await this.sorted(base, sort, page), total: await this.count(base) };
  }

  /**
   * Name search, one version per dialect: PostgreSQL's LIKE is served by the pg_trgm GIN
   * index on lower(name); SQLite asks its FTS5 trigram table (queries of 3+ characters:
   * shorter ones have no trigram and scan the scope's rows instead).
   */
  private nameContains(query: string) {
    const pattern = `%${likeEscape(query.toLowerCase())}%`;
    if (this.dialect === 'postgres') return sql<boolean>`lower(name) like ${pattern} escape '\\'`;
    if ([...query].length < 3) return sql<boolean>`lower(name) like ${pattern} escape '\\'`;
    const phrase = `"${query.replace(/"/g, '""')}"`;
    return sql<boolean>`id in (select rowid from file_entries_fts where file_entries_fts match ${phrase})`;
  }

  private inScope(scope: DriveScope): EntryQuery {
    const q = this.db.selectFrom('file_entries');
    return scope.workspaceId === null
      ? q.where('owner_id', '=', scope.ownerId).where('workspace_id', 'is', null)
      : q.where('workspace_id', '=', scope.workspaceId);
  }

  /**
   * Live entries of the scope; with `reach.sharedWith`, also those inside an entry shared with
   * that user (the materialized path of each starts with the shared entry's own path).
   */
  private live(scope: DriveScope, reach: Reach = {}): EntryQuery {
    const tagged = reach.tagged;
    if (tagged === undefined) return this.reached(scope, reach);
    return this.reached(scope, reach).where('id', 'in', (eb) =>
      eb.selectFrom('entry_tags').select('entry_id').where('tag_id', '=', tagged),
    );
  }

  private reached(scope: DriveScope, reach: Reach): EntryQuery {
    const userId = reach.sharedWith;
    if (userId === undefined) return this.inScope(scope).where('deleted_at', 'is', null);
    return this.db
      .selectFrom('file_entries')
      .where('deleted_at', 'is', null)
      .where((eb) =>
        eb.or([
          scope.workspaceId === null
            ? eb.and([eb('owner_id', '=', scope.ownerId), eb('workspace_id', 'is', null)])
            : eb('workspace_id', '=', scope.workspaceId),
          eb.exists(
            eb
              .selectFrom('file_entry_shares as s')
              .innerJoin('file_entries as top', 'top.id', 's.file_entry_id')
              .select(sql`1`.as('one'))
              .where('s.user_id', '=', userId)
              .where(sql<boolean>`${sql.ref('file_entries.path')} like ${sql.ref('top.path')} || '%'`),
          ),
        ]),
      );
  }

  private sorted(base: EntryQuery, sort: Sort, page: Page): Promise<EntryRow[]> {
    return base
      .selectAll()
      .orderBy('is_folder', 'desc')
      .orderBy(sort.column, sort.direction)
      .orderBy('id', sort.direction)
      .limit(page.limit)
      .offset(page.offset)
      .execute();
  }

  private async count(base: EntryQuery): Promise<number> {
    const row = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
