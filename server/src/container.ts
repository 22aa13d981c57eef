import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Database, Dialect } from './db/database.ts';
import { ActorResolver } from './http/auth-context.ts';
import { AccessTokensRepository } from './auth/access-tokens.repository.ts';
import { RolesRepository } from './auth/roles.repository.ts';
import { SessionsRepository } from './auth/sessions.repository.ts';
import { BootstrapService } from './bootstrap/bootstrap.service.ts';
import { LocaleService } from './i18n/locale.service.ts';
import { LocalizationsRepository } from './i18n/localizations.repository.ts';
import { LogsService } from './logs/logs.service.ts';
import { MenusRepository } from './menus/menus.repository.ts';
import { CustomPagesRepository } from './pages/custom-pages.repository.ts';
import { CustomPagesService } from './pages/custom-pages.service.ts';
import { SettingsRepository } from './settings/settings.repository.ts';
import { SettingsService } from './settings/settings.service.ts';
import { ThemesRepository } from './themes/themes.repository.ts';
import { UsersRepository } from './users/users.repository.ts';
import { UsersService } from './users/users.service.ts';
import { ValueListsService } from './value-lists/value-lists.service.ts';

/** Wires repositories and services once per process (or per test app). */
export function createContainer(deps: { config: Config; db: Database; dialect: Dialect; logger: Logger }) {
  const { db } = deps;
  const repos = {
    users: new UsersRepository(db),
    roles: new RolesRepository(db),
    sessions: new SessionsRepository(db),
    accessTokens: new AccessTokensRepository(db),
    settings: new SettingsRepository(db),
    themes: new ThemesRepository(db),
    menus: new MenusRepository(db),
    localizations: new LocalizationsRepository(db),
    pages: new CustomPagesRepository(db),
  };
  const settings = new SettingsService(repos.settings);
  const locale = new LocaleService(repos.localizations, repos.users, settings);
  const services = {
    settings,
    locale,
    users: new UsersService(repos.users, repos.roles),
    bootstrap: new BootstrapService({ settings, themes: repos.themes, menus: repos.menus, localizations: repos.localizations, locale, users: repos.users, roles: repos.roles }),
    pages: new CustomPagesService(repos.pages),
    valueLists: new ValueListsService(repos.localizations),
    logs: new LogsService(deps.config.dataDir),
  };
  const container = { ...deps, repos, services, actorResolver: null as unknown as ActorResolver };
  container.actorResolver = new ActorResolver(container);
  return container;
}

export type Container = ReturnType<typeof createContainer>;
