import { MenuItemSchema, type Menu } from '@kosh/contracts';
import type { Database } from '../db/database.ts';

export class MenusRepository {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  async listAll(): Promise<Menu[]> {
    const rows = await this.db.selectFrom('menus').selectAll().orderBy('id').execute();
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      positions: JSON.parse(r.positions) as string[],
      items: (JSON.parse(r.items) as unknown[]).map((i) => MenuItemSchema.parse(i)),
    }));
  }
}
