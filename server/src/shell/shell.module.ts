import { BootstrapAnswers } from '../bootstrap/bootstrap-answers.ts';
import { BootstrapService, type BootstrapDeps } from '../bootstrap/bootstrap.service.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { I18nModule } from '../i18n/i18n.module.ts';
import { MenusRepository } from '../menus/menus.repository.ts';
import type { NotificationsModule } from '../notifications/notifications.module.ts';
import { CustomPagesRepository } from '../pages/custom-pages.repository.ts';
import { CustomPagesService } from '../pages/custom-pages.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { ThemesRepository } from '../themes/themes.repository.ts';
import type { AccountPresenter } from '../users/account.presenter.ts';
import type { UsersModule } from '../users/users.module.ts';
import { ValueListsService } from '../value-lists/value-lists.service.ts';
import { SiteSeoService } from './site-seo.service.ts';
import { WebManifestService } from './web-manifest.ts';

/**
 * What the web app's shell shows around every screen (spec part 1, 1): the bootstrap data
 * (user, public settings, themes, menus, translations), custom pages and value lists.
 */
export function createShellModule(deps: {
  db: Database;
  config: Pick<Config, 'storageDriver'>;
  settings: SettingsService;
  users: UsersModule;
  /** The workspace a user signing in opens (the one they used last, while still a member). */
  lastWorkspaceOf: (userId: number) => Promise<number>;
  i18n: I18nModule;
  accountPresenter: AccountPresenter;
  notifications: NotificationsModule;
  /** The ad slots each caller sees, for the bootstrap data. */
  ads?: BootstrapDeps['ads'];
}) {
  const { db, users, i18n, notifications } = deps;
  const repos = {
    themes: new ThemesRepository(db),
    menus: new MenusRepository(db),
    pages: new CustomPagesRepository(db),
  };
  const bootstrap = new BootstrapService({
    settings: deps.settings,
    themes: repos.themes,
    menus: repos.menus,
    localizations: i18n.repos.localizations,
    locale: i18n.locale,
    users: users.repos.users,
    roles: users.repos.roles,
    accountPresenter: deps.accountPresenter,
    storageDriver: deps.config.storageDriver,
    notifications: {
      unreadCount: (userId) => notifications.inbox.unreadCount(userId),
      vapidPublicKey: () => notifications.vapid.publicKey(),
    },
    ads: deps.ads,
  });
  return {
    repos,
    bootstrap,
    /** The bootstrap data of a call, or of the user a sign-in just made (or the visitor a logout made). */
    answers: new BootstrapAnswers({ bootstrap, actors: users.actors, lastWorkspaceOf: deps.lastWorkspaceOf }),
    pages: new CustomPagesService(repos.pages),
    valueLists: new ValueListsService(i18n.repos.localizations),
    /** The sitemap and robots.txt of the public site. */
    seo: new SiteSeoService(repos.pages),
    /** The web app manifest (name, icons, colours) browsers install the site with. */
    manifest: new WebManifestService({ settings: deps.settings, themes: repos.themes }),
  };
}

export type ShellModule = ReturnType<typeof createShellModule>;
