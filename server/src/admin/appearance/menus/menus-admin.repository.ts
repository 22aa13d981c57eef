import { sql } from 'kysely';
import type { Menu, MenuItem } from '@kosh/contracts';
import type { Database, Dialect } from '../../../db/database.ts';
import type { Selectable } from 'kysely';
import type { MenusTable } from '../../../db/schema.ts';

/** Arbitrary but fixed: the advisory lock that lets one change of menus run at a time (PostgreSQL). */
const MENUS_LOCK = 0x6b6d6e75; // "kmnu"

export type MenuFields = Omit<Menu, 'id'>;

const present = (row: Selectable<MenusTable>): Menu => ({
  id: row.id,
  name: row.name,
  positions: JSON.parse(row.positions) as string[],
  items: JSON.parse(row.items) as MenuItem[],
});

/** The menus as the appearance editor changes them, and the pages and roles their items name. */
export class MenusAdminRepository {
  private readonly db: Database;
  private readonly dialect: Dialect;
  constructor(db: Database, dialect: Dialect) {
    this.db = db;
    this.dialect = dialect;
  }

  /** Every menu, oldest first; items as stored. */
  async listAll(db: Database = this.db): Promise<Menu[]> {
    const rows = await db.selectFrom('menus').selectAll().orderBy('id').execute();
    return rows.map(present);
  }

  async getById(id: number, db: Database = this.db): Promise<Menu | undefined> {
    const row = await db.selectFrom('menus').selectAll().where('id', '=', id).executeTakeFirst();
    return row && present(row);
  }

  /**
   * Makes changes of menus run one at a time until the transaction ends (PostgreSQL; SQLite's
   * immediate transactions already write one at a time), so two saves cannot both take a position.
   */
  async lock(db: Database): Promise<void> {
    if (this.dialect === 'postgres') await sql`select pg_advisory_xact_lock(${MENUS_LOCK}::int)`.execute(db);
  }

  async create(menu: MenuFields, at: string, db: Database = this.db): Promise<number> {
    const row = await db
      .insertInto('menus')
      .values({
        name: menu.name,
        positions: JSON.stringify(menu.positions),
        items: JSON.stringify(menu.items),
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, menu: MenuFields, at: string, db: Database = this.db): Promise<void> {
    await db
      .updateTable('menus')
      .set({
        name: menu.name,
        positions: JSON.stringify(menu.positions),
        items: JSON.stringify(menu.items),
        updated_at: at,
      })
      .where('id', '=', id)
      .execute();
  }

  async setPositions(id: number, positions: string[], at: string, db: Database): Promise<void> {
    await db
      .updateTable('menus')
      .set({ positions: JSON.stringify(positions), updated_at: at })
      .where('id', '=', id)
      .execute();
  }

  async delete(id: number, db: Database): Promise<void> {
    await db.deleteFrom('menus').where('id', '=', id).execute();
  }

  /** The custom pages among the given slugs, as id and slug. */
  async pagesBySlug(slugs: string[], db: Database = this.db): Promise<Array<{ id: number; slug: string }>> {
    if (!slugs.length) return [];
    return db.selectFrom('custom_pages').select(['id', 'slug']).where('slug', 'in', slugs).execute();
  }

  /** The ids among the given ones that are roles. */
  async existingRoleIds(ids: number[], db: Database = this.db): Promise<number[]> {
    if (!ids.length) return [];
    const rows = await db.selectFrom('roles').select('id').where('id', 'in', ids).execute();
    return rows.map((r) => r.id);
  }
}
