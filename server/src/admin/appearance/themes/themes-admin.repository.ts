import { sql } from 'kysely';
import type { Theme } from '@kosh/contracts';
import type { Database, Dialect } from '../../../db/database.ts';
import type { Selectable } from 'kysely';
import type { ThemesTable } from '../../../db/schema.ts';

/** Arbitrary but fixed: the advisory lock that lets one change of themes run at a time (PostgreSQL). */
const THEMES_LOCK = 0x6b746d65; // "ktme"

export type DefaultFlag = 'default_light' | 'default_dark';
export type ThemeFields = Omit<Theme, 'id'>;

const present = (row: Selectable<ThemesTable>): Theme => ({
  id: row.id,
  name: row.name,
  is_dark: row.is_dark === 1,
  default_light: row.default_light === 1,
  default_dark: row.default_dark === 1,
  values: JSON.parse(row.values) as Record<string, string>,
});

const columns = (theme: ThemeFields) => ({
  name: theme.name,
  is_dark: theme.is_dark ? 1 : 0,
  default_light: theme.default_light ? 1 : 0,
  default_dark: theme.default_dark ? 1 : 0,
  values: JSON.stringify(theme.values),
});

/** The themes as the appearance editor changes them; rows come back in the contract's shape. */
export class ThemesAdminRepository {
  private readonly db: Database;
  private readonly dialect: Dialect;
  constructor(db: Database, dialect: Dialect) {
    this.db = db;
    this.dialect = dialect;
  }

  /** Every theme, oldest first. */
  async listAll(db: Database = this.db): Promise<Theme[]> {
    const rows = await db.selectFrom('themes').selectAll().orderBy('id').execute();
    return rows.map(present);
  }

  async getById(id: number, db: Database = this.db): Promise<Theme | undefined> {
    const row = await db.selectFrom('themes').selectAll().where('id', '=', id).executeTakeFirst();
    return row && present(row);
  }

  /**
   * Makes changes of themes run one at a time until the transaction ends (PostgreSQL; SQLite's
   * immediate transactions already write one at a time), so the checks over all themes (the last
   * light one, the one default) hold when the write lands.
   */
  async lock(db: Database): Promise<void> {
    if (this.dialect === 'postgres') await sql`select pg_advisory_xact_lock(${THEMES_LOCK}::int)`.execute(db);
  }

  async create(theme: ThemeFields, at: string, db: Database = this.db): Promise<number> {
    const row = await db
      .insertInto('themes')
      .values({ ...columns(theme), created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, theme: ThemeFields, at: string, db: Database = this.db): Promise<void> {
    await db
      .updateTable('themes')
      .set({ ...columns(theme), updated_at: at })
      .where('id', '=', id)
      .execute();
  }

  /** Takes the flag off every theme but the given one. */
  async clearFlag(flag: DefaultFlag, exceptId: number, at: string, db: Database): Promise<void> {
    await db
      .updateTable('themes')
      .set({ [flag]: 0, updated_at: at })
      .where(flag, '=', 1)
      .where('id', '!=', exceptId)
      .execute();
  }

  async setFlag(flag: DefaultFlag, id: number, at: string, db: Database): Promise<void> {
    await db
      .updateTable('themes')
      .set({ [flag]: 1, updated_at: at })
      .where('id', '=', id)
      .execute();
  }

  async delete(id: number, db: Database): Promise<void> {
    await db.deleteFrom('themes').where('id', '=', id).execute();
  }
}
