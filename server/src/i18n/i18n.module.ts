import type { SettingsService } from '../settings/settings.service.ts';
import type { Database } from '../db/database.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import { LocaleService } from './locale.service.ts';
import { LocalizationsRepository } from './localizations.repository.ts';

/** Translations and the caller's language (spec part 1, 1 and 5). */
export function createI18nModule(deps: { db: Database; users: UsersRepository; settings: SettingsService }) {
  const localizations = new LocalizationsRepository(deps.db);
  return {
    repos: { localizations },
    locale: new LocaleService(localizations, deps.users, deps.settings),
  };
}

export type I18nModule = ReturnType<typeof createI18nModule>;
