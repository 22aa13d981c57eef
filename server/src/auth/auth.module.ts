import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { MailTemplates } from '../mail/mail-templates.service.ts';
import type { SecurityNotices } from '../notifications/security-notices.ts';
import type { RecaptchaService } from '../recaptcha/recaptcha.service.ts';
import type { SettingsModule } from '../settings/settings.module.ts';
import type { ShareInvitations } from '../shares/invitations.service.ts';
import type { UsersModule } from '../users/users.module.ts';
import { AccessTokensRepository } from './access-tokens.repository.ts';
import { AccessTokensService } from './access-tokens.service.ts';
import { ActorResolver } from './actor-resolver.ts';
import { EmailCodesRepository } from './email-codes.repository.ts';
import { EmailVerificationService } from './email-verification.service.ts';
import { FailureCountersRepository } from './failure-counters.repository.ts';
import { FailureThrottle } from './failure-throttle.ts';
import { GeoIpLocator } from './geoip.ts';
import { KnownNetworksRepository } from './known-networks.repository.ts';
import { LoginService } from './login.service.ts';
import { PasswordResetsRepository } from './password-resets.repository.ts';
import { PasswordService } from './password.service.ts';
import { type InviteLookup, RegistrationService } from './registration.service.ts';
import { SessionService } from './session.service.ts';
import { SessionsRepository } from './sessions.repository.ts';
import { OpenIdOAuthClient } from './social/oauth-client.ts';
import { SocialProfilesRepository } from './social/social-profiles.repository.ts';
import { SocialService } from './social/social.service.ts';
import { TwoFactorRepository } from './two-factor.repository.ts';
import { TwoFactorService } from './two-factor.service.ts';

/**
 * Signing in and staying signed in: sessions, API tokens, login and its two-factor step,
 * registration, passwords, email verification and social sign-in (spec part 1, 2 and 7.2).
 * Built after sharing and workspaces: their invitations let an address register and apply once
 * it is proven.
 */
export function createAuthModule(deps: {
  db: Database;
  users: UsersModule;
  settings: SettingsModule;
  mailer: Mailer;
  templates: MailTemplates;
  recaptcha: RecaptchaService;
  /** New sign-in and two-factor notifications. */
  notices: SecurityNotices;
  /** Share invitations: they apply once an address is proven or registers. */
  invitations: ShareInvitations;
  /** Invitations that let an address register while registration is disabled. */
  invites: InviteLookup;
  logger: Logger;
  clock?: Clock;
}) {
  const { db, mailer, templates, logger, clock, invitations } = deps;
  const users = deps.users.repos.users;
  const settings = deps.settings.service;
  const keys = deps.settings.keys;
  const repos = {
    sessions: new SessionsRepository(db),
    accessTokens: new AccessTokensRepository(db),
    passwordResets: new PasswordResetsRepository(db),
    emailCodes: new EmailCodesRepository(db),
    twoFactor: new TwoFactorRepository(db),
    socialProfiles: new SocialProfilesRepository(db),
    failureCounters: new FailureCountersRepository(db),
    knownNetworks: new KnownNetworksRepository(db),
  };
  const throttle = new FailureThrottle({ counters: repos.failureCounters, known: repos.knownNetworks, clock });
  const sessions = new SessionService(repos.sessions, users, new GeoIpLocator(), deps.notices, clock, throttle);
  const twoFactor = new TwoFactorService({
    users,
    repo: repos.twoFactor,
    keys,
    sessions,
    settings,
    notices: deps.notices,
    clock,
  });
  const emailVerification = new EmailVerificationService({
    users,
    codes: repos.emailCodes,
    keys,
    mailer,
    templates,
    settings,
    logger,
    onVerified: (row) => invitations.afterVerification(row),
    clock,
  });
  return {
    repos,
    /** Who calls: the auth-context hook resolves every request through it. */
    resolver: new ActorResolver({
      sessions: repos.sessions,
      accessTokens: repos.accessTokens,
      actors: deps.users.actors,
      users,
      clock,
    }),
    sessions,
    twoFactor,
    emailVerification,
    login: new LoginService({ users, sessions, twoFactor, keys, throttle }),
    registration: new RegistrationService({
      users,
      usersService: deps.users.service,
      settings,
      sessions,
      emailVerification,
      recaptcha: deps.recaptcha,
      invites: deps.invites,
      onRegistered: (user, invite) => invitations.afterRegistration(user, invite),
    }),
    passwords: new PasswordService({
      users,
      resets: repos.passwordResets,
      accessTokens: repos.accessTokens,
      sessions,
      throttle,
      mailer,
      templates,
      settings,
      logger,
      clock,
    }),
    accessTokens: new AccessTokensService(repos.accessTokens, settings, clock),
    social: new SocialService({
      settings,
      users,
      usersService: deps.users.service,
      profiles: repos.socialProfiles,
      sessions,
      keys,
      throttle,
      oauth: new OpenIdOAuthClient(),
      logger,
      onVerifiedSignUp: (user) => invitations.afterVerification(user),
      clock,
    }),
  };
}

export type AuthModule = ReturnType<typeof createAuthModule>;
