import type { Database } from '../db/database.ts';
import { now } from '../db/database.ts';

export class SettingsRepository {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  /** Runs `work` in one transaction, with a repository and database bound to it. */
  async transaction<T>(work: (repo: SettingsRepository, db: Database) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new SettingsRepository(trx), trx));
  }

  /** Every stored key with its parsed value. */
  async getAll(): Promise<Map<string, unknown>> {
    const rows = await this.db.selectFrom('settings').select(['key', 'value']).execute();
    return new Map(rows.map((r) => [r.key, JSON.parse(r.value) as unknown]));
  }

  async get(key: string): Promise<unknown | undefined> {
    const row = await this.db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
    return row ? (JSON.parse(row.value) as unknown) : undefined;
  }

  async set(key: string, value: unknown, isPrivate: boolean): Promise<void> {
    const row = { key, value: JSON.stringify(value), is_private: isPrivate ? 1 : 0, updated_at: now() };
    await this.db
      .insertInto('settings')
      .values(row)
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: row.value, updated_at: row.updated_at }))
      .execute();
  }

  /** Inserts keys that are missing; existing values are kept. */
  async insertMissing(entries: Array<{ key: string; value: unknown; isPrivate: boolean }>): Promise<void> {
    if (!entries.length) return;
    const at = now();
    await this.db
      .insertInto('settings')
      .values(
        entries.map((e) => ({
          key: e.key,
          value: JSON.stringify(e.value),
          is_private: e.isPrivate ? 1 : 0,
          updated_at: at,
        })),
      )
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  }
}
