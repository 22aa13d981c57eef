import type { Actor } from '../auth/actor.ts';
import { validation } from '../http/app-error.ts';
import { now } from '../db/database.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import type { LocalizationsRepository } from './localizations.repository.ts';

export type ResolvedLocale = { language: string; name: string; lines: Record<string, string> };

/** The lines a client is served: a removed translation is kept as '' in storage, and left out here. */
const served = (lines: Record<string, string>) => Object.fromEntries(Object.entries(lines).filter(([, line]) => line));

export class LocaleService {
  private readonly localizations: LocalizationsRepository;
  private readonly users: UsersRepository;
  private readonly settings: SettingsService;
  constructor(localizations: LocalizationsRepository, users: UsersRepository, settings: SettingsService) {
    this.localizations = localizations;
    this.users = users;
    this.settings = settings;
  }

  /** The user's language, else the visitor's cookie choice, else the site default, else English. */
  async resolve(preferred: Array<string | null | undefined>): Promise<ResolvedLocale> {
    const fallback = await this.settings.get<string>('i18n.default_localization');
    for (const language of [...preferred, fallback, 'en']) {
      if (!language) continue;
      const found = await this.localizations.getByLanguage(language);
      if (found) return { language: found.language, name: found.name, lines: served(found.lines) };
    }
    return { language: 'en', name: 'English', lines: {} };
  }

  /** Switches the language: stored on the user when logged in (the route keeps a cookie for visitors). */
  async change(actor: Actor, locale: string): Promise<ResolvedLocale> {
    const found = await this.localizations.getByLanguage(locale);
    if (!found) throw validation({ locale: ['The selected locale is invalid.'] });
    if (actor.user) await this.users.update(actor.user.id, { language: found.language, updated_at: now() });
    return { language: found.language, name: found.name, lines: served(found.lines) };
  }
}
