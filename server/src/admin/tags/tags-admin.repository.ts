import { sql } from 'kysely';
import type { AdminTagsQuery } from '@kosh/contracts';
import type { Database, Dialect } from '../../db/database.ts';
import type { TagRow } from '../../tags/tags.repository.ts';
import { containsText, pageOf } from '../list-page.ts';

export type AdminTagRow = TagRow & { entries_count: number };

/** Every tag as staff manage them: the list with link counts, create, rename, merge, delete. */
export class TagsAdminRepository {
  private readonly db: Database;
  private readonly dialect: Dialect;
  constructor(db: Database, dialect: Dialect) {
    this.db = db;
    this.dialect = dialect;
  }

  /**
   * A page of tags, each with its number of entries (counted on the (tag_id, entry_id) key for
   * the page's tags; sorting by it counts every matching tag's links).
   */
  async list(query: AdminTagsQuery) {
    let base = this.db.selectFrom('tags');
    if (query.type) base = base.where('type', '=', query.type);
    const search = query.query;
    if (search) base = base.where((eb) => eb.or([containsText('name', search), containsText('display_name', search)]));
    const column = query.orderBy ?? 'name';
    const dir = query.orderDir ?? (column === 'name' || column === 'display_name' ? 'asc' : 'desc');
    const rows = base
      .selectAll()
      .select((eb) =>
        eb
          .selectFrom('entry_tags')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('entry_tags.tag_id', '=', 'tags.id')
          .as('entries_count'),
      )
      .orderBy(column === 'entries_count' ? sql.ref('entries_count') : column, dir)
      .orderBy('id', dir);
    const page = await pageOf(
      rows,
      base.select((eb) => eb.fn.countAll<number>().as('total')),
      query,
    );
    return {
      ...page,
      rows: page.rows.map((r) => ({ ...r, entries_count: Number(r.entries_count ?? 0) }) as AdminTagRow),
    };
  }

  async getById(id: number, db: Database = this.db): Promise<AdminTagRow | undefined> {
    const row = await db
      .selectFrom('tags')
      .selectAll()
      .select((eb) =>
        eb
          .selectFrom('entry_tags')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('entry_tags.tag_id', '=', 'tags.id')
          .as('entries_count'),
      )
      .where('id', '=', id)
      .executeTakeFirst();
    return row && { ...row, entries_count: Number(row.entries_count ?? 0) };
  }

  /**
   * Locks the tags until the transaction ends, in id order so two merges cannot wait on each
   * other (PostgreSQL; SQLite transactions write one at a time). An attach that links to a locked
   * tag waits for the merge, then finds its tag gone or its links moved.
   */
  async lock(ids: number[], db: Database): Promise<void> {
    if (this.dialect !== 'postgres') return;
    await db.selectFrom('tags').select('id').where('id', 'in', ids).orderBy('id').forUpdate().execute();
  }

  async nameTaken(name: string, exceptId: number | null, db: Database = this.db): Promise<boolean> {
    let q = db.selectFrom('tags').select('id').where('name', '=', name);
    if (exceptId !== null) q = q.where('id', '!=', exceptId);
    return Boolean(await q.executeTakeFirst());
  }

  async create(
    tag: { name: string; display_name: string; type: string },
    at: string,
    db: Database = this.db,
  ): Promise<number> {
    const row = await db
      .insertInto('tags')
      .values({ ...tag, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(
    id: number,
    patch: { name: string; display_name: string; type: string; updated_at: string },
    db: Database = this.db,
  ): Promise<void> {
    await db.updateTable('tags').set(patch).where('id', '=', id).execute();
  }

  /** Puts the source's links on the target (an entry carrying both keeps one), then removes the source. */
  async merge(sourceId: number, targetId: number, at: string, db: Database): Promise<number> {
    const moved = await db
      .insertInto('entry_tags')
      .columns(['tag_id', 'entry_id', 'tagged_by', 'created_at'])
      .expression((eb) =>
        eb
          .selectFrom('entry_tags')
          .select([sql.lit(targetId).as('tag_id'), 'entry_id', 'tagged_by', 'created_at'])
          .where('tag_id', '=', sourceId),
      )
      .onConflict((oc) => oc.columns(['tag_id', 'entry_id']).doNothing())
      .executeTakeFirst();
    await db.deleteFrom('tags').where('id', '=', sourceId).execute();
    await db.updateTable('tags').set({ updated_at: at }).where('id', '=', targetId).execute();
    return Number(moved.numInsertedOrUpdatedRows ?? 0);
  }

  /** Removes the tags; their links go with them (the foreign key cascades). */
  async deleteMany(ids: number[], db: Database): Promise<void> {
    await db.deleteFrom('tags').where('id', 'in', ids).execute();
  }

  getManyByIds(ids: number[], db: Database = this.db) {
    return db.selectFrom('tags').select(['id', 'name', 'display_name']).where('id', 'in', ids).execute();
  }
}
