import {
  Permission,
  type AdminLocalization,
  type AdminLocalizationsPage,
  type AdminLocalizationsQuery,
  type CreateLocalizationBody,
  type UpdateLocalizationBody,
} from '@kosh/contracts';
import type { Actor } from '../../auth/actor.ts';
import type { Clock } from '../../clock.ts';
import type { Database, Dialect } from '../../db/database.ts';
import { immediateTransaction } from '../../drive/owner-transaction.ts';
import { conflict, notFound, validation } from '../../http/app-error.ts';
import { isUniqueViolation } from '../../http/driver-errors.ts';
import type { SettingsReader } from '../../settings/settings.service.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { countTranslated, nonEmptyLines, type Lines } from './localization-lines.ts';
import { isDefaultLanguage, linesOf, presentLocalization } from './localizations-admin.presenter.ts';
import type { LocalizationsAdminRepository } from './localizations-admin.repository.ts';

export type LocalizationsSource = { actor: Actor; ip: string };
export type LocalizationsDeps = {
  db: Database;
  dialect: Dialect;
  repo: LocalizationsAdminRepository;
  audit: AuditService;
  settings: SettingsReader;
  clock: Clock;
  /** The app's English lines: every key there is to translate (server/src/db/seed/lines-en.ts). */
  source: Lines;
};

export const LANGUAGE_TAKEN = 'Another localization already has this language code.';
export const NAME_TAKEN = 'Another localization already has this name.';
export const LAST_LOCALIZATION = 'There must be at least one localization.';
export const DEFAULT_LANGUAGE_DELETE =
  "This is the site's default language. Choose another default language in Settings before deleting it.";
export const DEFAULT_LANGUAGE_RECODE =
  "This is the site's default language. Choose another default language in Settings before changing its code.";

/** A code or name taken meanwhile (another process) surfaces as the unique index refusing the row. */
async function claimingLanguage<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw validation({ language: [LANGUAGE_TAKEN] });
    throw error;
  }
}

/**
 * The admin area's localizations (permission localizations.update, checked here): the list with
 * each one's progress, create (a copy of the default language's lines), rename, delete. Each
 * change writes its audit row in its own transaction. Visitors are served lines read from the
 * database on every request (i18n/locale.service.ts), so a change reaches every process at once.
 */
export class LocalizationsAdminService {
  private readonly deps: LocalizationsDeps;
  constructor(deps: LocalizationsDeps) {
    this.deps = deps;
  }

  async list(actor: Actor, query: AdminLocalizationsQuery): Promise<AdminLocalizationsPage> {
    actor.authorize(Permission.localizationsUpdate);
    const { rows, page } = await this.deps.repo.list(query);
    const fallback = await this.defaultLanguage();
    return { pagination: { ...page, data: rows.map((row) => presentLocalization(row, this.deps.source, fallback)) } };
  }

  /** A new localization whose lines are a copy of the default language's (else English's). */
  async create(source: LocalizationsSource, body: CreateLocalizationBody): Promise<AdminLocalization> {
    source.actor.authorize(Permission.localizationsUpdate);
    const { name, language } = body;
    const fallback = await this.defaultLanguage();
    const at = this.deps.clock().toISOString();
    const id = await claimingLanguage(() =>
      this.write(async (trx) => {
        await this.checkUnique({ name, language }, null, trx);
        const template =
          (await this.deps.repo.getByLanguage(fallback, trx)) ?? (await this.deps.repo.getByLanguage('en', trx));
        const lines = template ? nonEmptyLines(linesOf(template)) : {};
        const id = await this.deps.repo.create({ name, language, lines: JSON.stringify(lines) }, at, trx);
        await this.deps.audit.record(
          source,
          {
            action: 'localization.create',
            targetType: 'localization',
            targetId: id,
            targetLabel: language,
            before: null,
            after: {
              name,
              language,
              copied_from: template?.language ?? null,
              lines_translated: countTranslated(lines, this.deps.source),
            },
          },
          trx,
        );
        return id;
      }),
    );
    return this.get(id);
  }

  /**
   * Renames: the name, the code, or both. Users of the old code keep their language under the new
   * one. The default language keeps its code (the setting names it): choose another default first.
   */
  async update(source: LocalizationsSource, id: number, body: UpdateLocalizationBody): Promise<AdminLocalization> {
    source.actor.authorize(Permission.localizationsUpdate);
    const fallback = await this.defaultLanguage();
    await claimingLanguage(() =>
      this.write(async (trx) => {
        await this.deps.repo.lock(id, trx);
        const before = await this.deps.repo.getById(id, trx);
        if (!before) throw notFound('There is no such localization.');
        const name = body.name ?? before.name;
        const language = body.language ?? before.language;
        if (name === before.name && language === before.language) return;
        const isRecode = language !== before.language;
        if (isRecode && isDefaultLanguage(before.language, fallback))
          throw validation({ language: [DEFAULT_LANGUAGE_RECODE] });
        await this.checkUnique({ name, language }, id, trx);
        const at = this.deps.clock().toISOString();
        await this.deps.repo.update(id, { name, language, updated_at: at }, trx);
        const usersMoved = isRecode ? await this.deps.repo.moveUsers(before.language, language, at, trx) : 0;
        await this.deps.audit.record(
          source,
          {
            action: 'localization.update',
            targetType: 'localization',
            targetId: id,
            targetLabel: language,
            before: { name: before.name, language: before.language },
            after: { name, language, ...(isRecode ? { users_moved: usersMoved } : {}) },
          },
          trx,
        );
      }),
    );
    return this.get(id);
  }

  /**
   * Deletes a localization; its users fall back to the site default. Never the last one, never the
   * default language (409). Every row is locked first, so two deletes at once leave one standing.
   */
  async delete(source: LocalizationsSource, id: number): Promise<void> {
    source.actor.authorize(Permission.localizationsUpdate);
    const fallback = await this.defaultLanguage();
    await this.write(async (trx) => {
      await this.deps.repo.lockAll(trx);
      const row = await this.deps.repo.getById(id, trx);
      if (!row) throw notFound('There is no such localization.');
      if ((await this.deps.repo.count(trx)) <= 1) throw conflict(LAST_LOCALIZATION);
      if (isDefaultLanguage(row.language, fallback)) throw conflict(DEFAULT_LANGUAGE_DELETE);
      const at = this.deps.clock().toISOString();
      const usersReset = await this.deps.repo.moveUsers(row.language, null, at, trx);
      await this.deps.repo.delete(id, trx);
      await this.deps.audit.record(
        source,
        {
          action: 'localization.delete',
          targetType: 'localization',
          targetId: id,
          targetLabel: row.language,
          before: {
            name: row.name,
            language: row.language,
            lines_translated: countTranslated(linesOf(row), this.deps.source),
          },
          after: { users_reset_to_default: usersReset },
        },
        trx,
      );
    });
  }

  /** The localization as the list shows it. */
  async get(id: number, db: Database = this.deps.db): Promise<AdminLocalization> {
    const row = await this.deps.repo.getById(id, db);
    if (!row) throw notFound('There is no such localization.');
    return presentLocalization(row, this.deps.source, await this.defaultLanguage());
  }

  /** The setting names the default language; read each time, as another process may change it. */
  defaultLanguage(): Promise<string> {
    return this.deps.settings.get<string>('i18n.default_localization');
  }

  private async checkUnique(value: { name: string; language: string }, exceptId: number | null, db: Database) {
    const errors: Record<string, string[]> = {};
    if (await this.deps.repo.nameTaken(value.name, exceptId, db)) errors.name = [NAME_TAKEN];
    if (await this.deps.repo.languageTaken(value.language, exceptId, db)) errors.language = [LANGUAGE_TAKEN];
    if (Object.keys(errors).length) throw validation(errors);
  }

  /**
   * Every change reads, then writes: on SQLite the write lock is taken at BEGIN, else a write
   * committed by another process in between fails the transaction (SQLITE_BUSY_SNAPSHOT).
   */
  private write<T>(work: (trx: Database) => Promise<T>): Promise<T> {
    return immediateTransaction(this.deps.db, this.deps.dialect, work);
  }
}
