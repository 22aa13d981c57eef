import type { AuditService } from '../admin/audit/audit.service.ts';
import { LocalizationLinesService } from '../admin/localizations/localization-lines.service.ts';
import { LocalizationsAdminRepository } from '../admin/localizations/localizations-admin.repository.ts';
import { LocalizationsAdminService } from '../admin/localizations/localizations-admin.service.ts';
import type { Clock } from '../clock.ts';
import type { Database, Dialect } from '../db/database.ts';
import { EN_LINES } from '../db/seed/lines-en.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import { LocaleService } from './locale.service.ts';
import { LocalizationsRepository } from './localizations.repository.ts';

/**
 * Translations and the caller's language (spec part 1, 1 and 5), and the admin area's
 * localizations and translation editor (part 2, 2).
 */
export function createI18nModule(deps: {
  db: Database;
  dialect: Dialect;
  users: UsersRepository;
  settings: SettingsService;
  audit: AuditService;
  clock: Clock;
}) {
  const localizations = new LocalizationsRepository(deps.db);
  const admin = {
    db: deps.db,
    dialect: deps.dialect,
    repo: new LocalizationsAdminRepository(deps.db, deps.dialect),
    audit: deps.audit,
    settings: deps.settings,
    clock: deps.clock,
    source: EN_LINES,
  };
  return {
    repos: { localizations },
    locale: new LocaleService(localizations, deps.users, deps.settings),
    admin: { localizations: new LocalizationsAdminService(admin), lines: new LocalizationLinesService(admin) },
  };
}

export type I18nModule = ReturnType<typeof createI18nModule>;
