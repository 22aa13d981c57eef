import type { Database } from '../db/database.ts';

export type LocalizationSummary = { id: number; language: string; name: string };

export class LocalizationsRepository {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  listSummaries(): Promise<LocalizationSummary[]> {
    return this.db.selectFrom('localizations').select(['id', 'language', 'name']).orderBy('id').execute();
  }

  async getByLanguage(
    language: string,
  ): Promise<(LocalizationSummary & { lines: Record<string, string> }) | undefined> {
    const row = await this.db
      .selectFrom('localizations')
      .selectAll()
      .where('language', '=', language)
      .executeTakeFirst();
    return row
      ? { id: row.id, language: row.language, name: row.name, lines: JSON.parse(row.lines) as Record<string, string> }
      : undefined;
  }
}
