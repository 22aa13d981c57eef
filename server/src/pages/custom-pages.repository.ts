import { sql } from 'kysely';
import { containsPattern } from '../admin/list-page.ts';
import type { Database } from '../db/database.ts';

export class CustomPagesRepository {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  getById(id: number) {
    return this.db.selectFrom('custom_pages').selectAll().where('id', '=', id).executeTakeFirst();
  }

  getBySlug(slug: string) {
    return this.db.selectFrom('custom_pages').selectAll().where('slug', '=', slug).executeTakeFirst();
  }

  /** Pages by last change, newest first, optionally those whose title or slug holds `query`. */
  listRecent(perPage: number, query?: string) {
    let q = this.db
      .selectFrom('custom_pages')
      .select(['id', 'title', 'slug', 'updated_at'])
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(perPage);
    if (query) {
      // Lower-cased on both sides: PostgreSQL's LIKE is case-sensitive, SQLite's is not for ASCII.
      const like = containsPattern(query.toLowerCase());
      q = q.where(sql<boolean>`(lower(title) like ${like} escape '\\' or lower(slug) like ${like} escape '\\')`);
    }
    return q.execute();
  }

  /** Every page's slug and last change, by slug (for the sitemap). */
  listSlugs() {
    return this.db.selectFrom('custom_pages').select(['slug', 'updated_at']).orderBy('slug').execute();
  }
}
