import { sql } from 'kysely';
import type { AdminCustomPagesQuery } from '@kosh/contracts';
import type { Database } from '../../db/database.ts';
import { containsPattern, containsText, pageOf } from '../list-page.ts';

/** A page's stored columns as the admin area writes them. */
export type CustomPageFields = { slug: string; title: string; body: string; seo: string | null };

const OWNER_COLUMNS = [
  'users.id as owner_id',
  'users.email as owner_email',
  'users.first_name as owner_first_name',
  'users.last_name as owner_last_name',
] as const;
const SUMMARY_COLUMNS = [
  'custom_pages.id',
  'custom_pages.title',
  'custom_pages.slug',
  'custom_pages.created_at',
  'custom_pages.updated_at',
] as const;

/** Custom pages as staff manage them: the list with owners, one page, create, update, delete. */
export class PagesAdminRepository {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  /** A page of pages with their owners; the search finds text in the title or the slug. */
  async list(query: AdminCustomPagesQuery) {
    let base = this.db.selectFrom('custom_pages').leftJoin('users', 'users.id', 'custom_pages.user_id');
    const search = query.query;
    if (search)
      base = base.where((eb) =>
        eb.or([containsText('custom_pages.title', search), containsText('custom_pages.slug', search)]),
      );
    const column = query.orderBy ?? 'updated_at';
    const dir = query.orderDir ?? (column === 'title' || column === 'slug' ? 'asc' : 'desc');
    const rows = base
      .select([...SUMMARY_COLUMNS, ...OWNER_COLUMNS])
      .orderBy(`custom_pages.${column}`, dir)
      .orderBy('custom_pages.id', dir);
    return pageOf(
      rows,
      base.select((eb) => eb.fn.countAll<number>().as('total')),
      query,
    );
  }

  getById(id: number, db: Database = this.db) {
    return db
      .selectFrom('custom_pages')
      .leftJoin('users', 'users.id', 'custom_pages.user_id')
      .select([...SUMMARY_COLUMNS, 'custom_pages.body', 'custom_pages.seo', ...OWNER_COLUMNS])
      .where('custom_pages.id', '=', id)
      .executeTakeFirst();
  }

  async slugTaken(slug: string, exceptId: number | null, db: Database = this.db): Promise<boolean> {
    let q = db.selectFrom('custom_pages').select('id').where('slug', '=', slug);
    if (exceptId !== null) q = q.where('id', '!=', exceptId);
    return Boolean(await q.executeTakeFirst());
  }

  async create(page: CustomPageFields, userId: number | null, at: string, db: Database = this.db): Promise<number> {
    const row = await db
      .insertInto('custom_pages')
      .values({ ...page, user_id: userId, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, page: CustomPageFields, at: string, db: Database = this.db): Promise<void> {
    await db
      .updateTable('custom_pages')
      .set({ ...page, updated_at: at })
      .where('id', '=', id)
      .execute();
  }

  getManyByIds(ids: number[], db: Database = this.db) {
    return db
      .selectFrom('custom_pages')
      .select(['id', 'slug', 'title', 'body', 'seo'])
      .where('id', 'in', ids)
      .execute();
  }

  async deleteMany(ids: number[], db: Database): Promise<void> {
    await db.deleteFrom('custom_pages').where('id', 'in', ids).execute();
  }

  /** Whether any page's body still names the text (an image's name, after a page that showed it went). */
  async anyBodyContains(text: string, db: Database = this.db): Promise<boolean> {
    const row = await db
      .selectFrom('custom_pages')
      .select('id')
      .where(sql<boolean>`body like ${containsPattern(text)} escape '\\'`)
      .limit(1)
      .executeTakeFirst();
    return Boolean(row);
  }
}

export type AdminCustomPageRow = NonNullable<Awaited<ReturnType<PagesAdminRepository['getById']>>>;
export type CustomPageSummaryRow = Awaited<ReturnType<PagesAdminRepository['list']>>['rows'][number];
