import path from 'node:path';
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
import { AccessTokensService } from './auth/access-tokens.service.ts';
import { EmailCodesRepository } from './auth/email-codes.repository.ts';
import { EmailVerificationService } from './auth/email-verification.service.ts';
import { GeoIpLocator } from './auth/geoip.ts';
import { KeyRing } from './auth/key-ring.ts';
import { LoginService } from './auth/login.service.ts';
import { PasswordResetsRepository } from './auth/password-resets.repository.ts';
import { PasswordService } from './auth/password.service.ts';
import { NO_INVITES, RegistrationService } from './auth/registration.service.ts';
import { SessionService } from './auth/session.service.ts';
import { OpenIdOAuthClient } from './auth/social/oauth-client.ts';
import { SocialProfilesRepository } from './auth/social/social-profiles.repository.ts';
import { SocialService } from './auth/social/social.service.ts';
import { TwoFactorRepository } from './auth/two-factor.repository.ts';
import { TwoFactorService } from './auth/two-factor.service.ts';
import { createMailer } from './mail/mailer.ts';
import { SafeFetcher } from './net/safe-fetch.ts';
import { HumanChecksRepository } from './recaptcha/human-checks.repository.ts';
import { SiteVerifyClient } from './recaptcha/recaptcha.client.ts';
import { RecaptchaService } from './recaptcha/recaptcha.service.ts';
import { AccountPresenter } from './users/account.presenter.ts';
import { AccountService } from './users/account.service.ts';
import { AvatarService } from './users/avatar.service.ts';
import { LocalAvatarStore } from './users/avatar.store.ts';
import { createDriveModule } from './drive/drive.module.ts';
import { createNotificationsModule } from './notifications/notifications.module.ts';
import { anyInvite } from './shares/invitations.service.ts';
import { createSharesModule } from './shares/shares.module.ts';
import { createStorageDriver } from './storage/create-driver.ts';
import { createUploadsModule } from './uploads/uploads.module.ts';
import { createWorkspacesService } from './workspaces/workspaces.module.ts';

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
    passwordResets: new PasswordResetsRepository(db),
    emailCodes: new EmailCodesRepository(db),
    twoFactor: new TwoFactorRepository(db),
    socialProfiles: new SocialProfilesRepository(db),
    humanChecks: new HumanChecksRepository(db),
  };
  const settings = new SettingsService(repos.settings);
  const locale = new LocaleService(repos.localizations, repos.users, settings);
  // Adapters to the world outside the process: services reach mail, the network and disk only through these.
  const adapters = {
    keys: new KeyRing(async () => String((await repos.settings.get('app.key')) ?? '')),
    mailer: createMailer(deps.config, deps.logger),
    geo: new GeoIpLocator(),
    oauth: new OpenIdOAuthClient(),
    humanCheck: new SiteVerifyClient(),
    avatarStore: new LocalAvatarStore(path.join(deps.config.dataDir, 'avatars')),
    invites: NO_INVITES,
    storage: createStorageDriver(deps.config),
  };
  const { keys, mailer } = adapters;
  // Before sessions, drive and shares: they notify through it.
  const notifications = createNotificationsModule({
    db,
    dialect: deps.dialect,
    config: deps.config,
    mailer,
    settings,
    users: repos.users,
    logger: deps.logger,
  });
  const users = new UsersService(repos.users, repos.roles);
  const sessions = new SessionService(repos.sessions, repos.users, adapters.geo, notifications.security);
  const twoFactor = new TwoFactorService({
    users: repos.users,
    repo: repos.twoFactor,
    keys,
    sessions,
    settings,
    notices: notifications.security,
  });
  const emailVerification = new EmailVerificationService({
    users: repos.users,
    codes: repos.emailCodes,
    keys,
    mailer,
    settings,
    logger: deps.logger,
    onVerified: (row) => shares.invitations.afterVerification(row),
  });
  const recaptcha = new RecaptchaService({ settings, checks: repos.humanChecks, client: adapters.humanCheck });
  const accountPresenter = new AccountPresenter({
    roles: repos.roles,
    socialProfiles: repos.socialProfiles,
    accessTokens: repos.accessTokens,
    sessions,
    twoFactor,
  });
  const avatars = new AvatarService({ users: repos.users, store: adapters.avatarStore, fetcher: new SafeFetcher() });
  const drive = createDriveModule({
    db,
    dialect: deps.dialect,
    storage: adapters.storage,
    settings,
    notifier: notifications,
    logger: deps.logger,
  });
  const shares = createSharesModule({
    db,
    drive,
    mailer,
    settings,
    keys,
    notifier: notifications,
    logger: deps.logger,
  });
  const workspaces = createWorkspacesService({
    db,
    drive,
    notifier: notifications,
    mailer,
    settings,
    logger: deps.logger,
  });
  const services = {
    settings,
    locale,
    users,
    sessions,
    twoFactor,
    emailVerification,
    recaptcha,
    avatars,
    login: new LoginService({ users: repos.users, sessions, twoFactor, keys }),
    registration: new RegistrationService({
      users: repos.users,
      usersService: users,
      settings,
      sessions,
      emailVerification,
      recaptcha,
      // Share invitations also let their address register while registration is disabled.
      invites: anyInvite(adapters.invites, shares.invitations, workspaces),
      onRegistered: (user, invite, addressTrusted) =>
        shares.invitations.afterRegistration(user, invite, addressTrusted),
    }),
    passwords: new PasswordService({
      users: repos.users,
      resets: repos.passwordResets,
      sessions,
      mailer,
      settings,
      logger: deps.logger,
    }),
    accessTokens: new AccessTokensService(repos.accessTokens, settings),
    account: new AccountService({
      users: repos.users,
      presenter: accountPresenter,
      sessions,
      localizations: repos.localizations,
      avatars,
    }),
    social: new SocialService({
      settings,
      users: repos.users,
      usersService: users,
      profiles: repos.socialProfiles,
      sessions,
      keys,
      oauth: adapters.oauth,
      logger: deps.logger,
      onVerifiedSignUp: (user) => shares.invitations.afterVerification(user),
    }),
    bootstrap: new BootstrapService({
      settings,
      themes: repos.themes,
      menus: repos.menus,
      localizations: repos.localizations,
      locale,
      users: repos.users,
      roles: repos.roles,
      accountPresenter,
      storageDriver: deps.config.storageDriver,
      notifications: {
        unreadCount: (userId) => notifications.inbox.unreadCount(userId),
        vapidPublicKey: () => notifications.vapid.publicKey(),
      },
    }),
    pages: new CustomPagesService(repos.pages),
    valueLists: new ValueListsService(repos.localizations),
    logs: new LogsService(deps.config.dataDir),
    notifications,
    drive,
    shares,
    workspaces,
    uploads: createUploadsModule({
      db,
      dialect: deps.dialect,
      config: deps.config,
      storage: adapters.storage,
      settings,
      drive,
      logger: deps.logger,
    }),
  };
  const container = { ...deps, repos, adapters, services, actorResolver: null as unknown as ActorResolver };
  container.actorResolver = new ActorResolver(container);
  return container;
}

export type Container = ReturnType<typeof createContainer>;
