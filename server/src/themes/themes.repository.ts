import type { Theme } from '@kosh/contracts';
import type { Database } from '../db/database.ts';

export class ThemesRepository {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  async listAll(): Promise<Theme[]> {
    const rows = await this.db.selectFrom('themes').selectAll().orderBy('id').execute();
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      is_dark: r.is_dark === 1,
      default_light: r.default_light === 1,
      default_dark: r.default_dark === 1,
      values: JSON.parse(r.values) as Record<string, string>,
    }));
  }
}
