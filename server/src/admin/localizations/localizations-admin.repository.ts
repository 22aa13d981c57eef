import { sql } from 'kysely';
import type { AdminLocalizationsQuery } from '@kosh/contracts';
import type { Database, Dialect } from '../../db/database.ts';
import { containsText, pageOf } from '../list-page.ts';

export type LocalizationRow = {
  id: number;
  name: string;
  language: string;
  /** JSON text: key to translated line. */
  lines: string;
  created_at: string;
  updated_at: string;
};

/** The localizations as staff manage them: list, create, rename, their lines, delete. */
export class LocalizationsAdminRepository {
  private readonly db: Database;
  private readonly dialect: Dialect;
  constructor(db: Database, dialect: Dialect) {
    this.db = db;
    this.dialect = dialect;
  }

  /** A page of localizations, searched in name and code. Few rows: their lines come along to be counted. */
  async list(query: AdminLocalizationsQuery) {
    let base = this.db.selectFrom('localizations');
    const search = query.query;
    if (search) base = base.where((eb) => eb.or([containsText('name', search), containsText('language', search)]));
    const column = query.orderBy ?? 'name';
    const dir = query.orderDir ?? (column === 'updated_at' ? 'desc' : 'asc');
    const rows = base
      .selectAll()
      .orderBy(column === 'updated_at' ? column : sql`lower(${sql.ref(column)})`, dir)
      .orderBy('id', dir);
    return pageOf(
      rows,
      base.select((eb) => eb.fn.countAll<number>().as('total')),
      query,
    );
  }

  getById(id: number, db: Database = this.db): Promise<LocalizationRow | undefined> {
    return db.selectFrom('localizations').selectAll().where('id', '=', id).executeTakeFirst();
  }

  getByLanguage(language: string, db: Database = this.db): Promise<LocalizationRow | undefined> {
    return db.selectFrom('localizations').selectAll().where('language', '=', language).executeTakeFirst();
  }

  /**
   * Locks the localization's row until the transaction ends (PostgreSQL; SQLite transactions
   * write one at a time from BEGIN IMMEDIATE), so a read-modify-write of its lines sees the last
   * save and no other save lands in between.
   */
  async lock(id: number, db: Database): Promise<void> {
    if (this.dialect !== 'postgres') return;
    await db.selectFrom('localizations').select('id').where('id', '=', id).forUpdate().execute();
  }

  /** Locks every localization (there are few): two deletes at once cannot both pass "not the last one". */
  async lockAll(db: Database): Promise<void> {
    if (this.dialect !== 'postgres') return;
    await db.selectFrom('localizations').select('id').orderBy('id').forUpdate().execute();
  }

  async count(db: Database = this.db): Promise<number> {
    const row = await db
      .selectFrom('localizations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Another localization has the code, in any case (pt-br and pt-BR are one language). */
  async languageTaken(language: string, exceptId: number | null, db: Database = this.db): Promise<boolean> {
    let q = db
      .selectFrom('localizations')
      .select('id')
      .where(sql<boolean>`lower(language) = ${language.toLowerCase()}`);
    if (exceptId !== null) q = q.where('id', '!=', exceptId);
    return Boolean(await q.executeTakeFirst());
  }

  async nameTaken(name: string, exceptId: number | null, db: Database = this.db): Promise<boolean> {
    let q = db.selectFrom('localizations').select('id').where(sql<boolean>`lower(name) = ${name.toLowerCase()}`);
    if (exceptId !== null) q = q.where('id', '!=', exceptId);
    return Boolean(await q.executeTakeFirst());
  }

  async create(row: { name: string; language: string; lines: string }, at: string, db: Database): Promise<number> {
    const created = await db
      .insertInto('localizations')
      .values({ ...row, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return created.id;
  }

  async update(
    id: number,
    patch: { name?: string; language?: string; lines?: string; updated_at: string },
    db: Database,
  ): Promise<void> {
    await db.updateTable('localizations').set(patch).where('id', '=', id).execute();
  }

  async delete(id: number, db: Database): Promise<void> {
    await db.deleteFrom('localizations').where('id', '=', id).execute();
  }

  /** Moves the users of one language to another (null: the site default); answers how many. */
  async moveUsers(from: string, to: string | null, at: string, db: Database): Promise<number> {
    const result = await db
      .updateTable('users')
      .set({ language: to, updated_at: at })
      .where('language', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows ?? 0);
  }
}
