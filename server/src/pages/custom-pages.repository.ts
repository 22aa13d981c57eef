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

  /** Every page's slug and last change, by slug (for the sitemap). */
  listSlugs() {
    return this.db.selectFrom('custom_pages').select(['slug', 'updated_at']).orderBy('slug').execute();
  }
}
