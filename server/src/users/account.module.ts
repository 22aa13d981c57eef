import path from 'node:path';
import type { AuthModule } from '../auth/auth.module.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { LocalizationsRepository } from '../i18n/localizations.repository.ts';
import { SafeFetcher } from '../net/safe-fetch.ts';
import { AccountPresenter, type SubscriptionsOf } from './account.presenter.ts';
import { AccountService } from './account.service.ts';
import { AvatarService } from './avatar.service.ts';
import { LocalAvatarStore } from './avatar.store.ts';
import type { HoldsAdmin } from './user-access.ts';
import type { UsersModule } from './users.module.ts';

/** The account pages (spec part 1, 3-4): the user's record with its sessions, tokens and avatar. */
export function createAccountModule(deps: {
  config: Pick<Config, 'dataDir'>;
  users: UsersModule;
  auth: AuthModule;
  localizations: LocalizationsRepository;
  /** Provided by the admin users module, whose deletion this is (called only once both exist). */
  eraseAccount: (userId: number) => Promise<void>;
  /** Provided by the admin users module too: staff without admin leave admins' accounts alone. */
  holdsAdmin: HoldsAdmin;
  /** The user's subscriptions as their record carries them (billing). */
  subscriptionsOf: SubscriptionsOf;
  clock?: Clock;
}) {
  const { users, auth, clock } = deps;
  const presenter = new AccountPresenter({
    roles: users.repos.roles,
    socialProfiles: auth.repos.socialProfiles,
    accessTokens: auth.repos.accessTokens,
    sessions: auth.sessions,
    twoFactor: auth.twoFactor,
    subscriptionsOf: deps.subscriptionsOf,
  });
  const avatars = new AvatarService({
    users: users.repos.users,
    store: new LocalAvatarStore(path.join(deps.config.dataDir, 'avatars')),
    fetcher: new SafeFetcher(),
    holdsAdmin: deps.holdsAdmin,
    clock,
  });
  return {
    presenter,
    avatars,
    service: new AccountService({
      users: users.repos.users,
      presenter,
      sessions: auth.sessions,
      localizations: deps.localizations,
      avatars,
      eraseAccount: deps.eraseAccount,
      holdsAdmin: deps.holdsAdmin,
      clock,
    }),
  };
}

export type AccountModule = ReturnType<typeof createAccountModule>;
