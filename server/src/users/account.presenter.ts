import type { SubscriptionSummary, User } from '@kosh/contracts';
import type { GrantedPermission } from '../auth/actor.ts';
import type { AccessTokensRepository } from '../auth/access-tokens.repository.ts';
import type { RolesRepository } from '../auth/roles.repository.ts';
import type { SessionService } from '../auth/session.service.ts';
import type { SocialProfilesRepository } from '../auth/social/social-profiles.repository.ts';
import type { TwoFactorService } from '../auth/two-factor.service.ts';
import { presentUser, type UserExtras } from './user.presenter.ts';
import type { UserRow } from './users.repository.ts';

/** Who is looking: the owner sees more of their own record than an administrator does. */
export type Viewer = { userId: number | null; sessionId: string | null };

/** A user's subscriptions, each with its valid flag, plan and price (spec part 1, 3). */
export type SubscriptionsOf = (userId: number) => Promise<SubscriptionSummary[]>;

type Deps = {
  roles: RolesRepository;
  socialProfiles: SocialProfilesRepository;
  accessTokens: AccessTokensRepository;
  sessions: SessionService;
  twoFactor: TwoFactorService;
  subscriptionsOf: SubscriptionsOf;
};

/** The user with the account parts of spec part 1, 3: subscriptions, social profiles, tokens, recovery codes. */
export class AccountPresenter {
  private readonly deps: Deps;
  constructor(deps: Deps) {
    this.deps = deps;
  }

  async present(row: UserRow, viewer: Viewer): Promise<User> {
    const roles = await this.deps.roles.listRolesOfUser(row.id);
    const permissions = await this.deps.roles.listPermissions(
      roles.map((r) => r.id),
      row.id,
    );
    return this.withExtras(row, roles, permissions, viewer);
  }

  async withExtras(
    row: UserRow,
    roles: Array<{ id: number; name: string }>,
    permissions: GrantedPermission[],
    viewer: Viewer,
  ): Promise<User> {
    return presentUser(row, roles, permissions, await this.extras(row, viewer));
  }

  private async extras(row: UserRow, viewer: Viewer): Promise<UserExtras> {
    const [profiles, subscriptions] = await Promise.all([
      this.deps.socialProfiles.listOfUser(row.id),
      this.deps.subscriptionsOf(row.id),
    ]);
    const extras: UserExtras = {
      social_profiles: profiles.map((p) => ({ service_name: p.service_name, username: p.username })),
      subscriptions,
    };
    if (viewer.userId !== row.id) return extras;
    extras.tokens = await this.deps.accessTokens.listOfUser(row.id);
    // Recovery codes: while setup is pending (to save them), or right after the owner confirmed the password.
    const pending = Boolean(row.two_factor_recovery_codes && !row.two_factor_confirmed_at);
    if (
      row.two_factor_recovery_codes &&
      (pending || (await this.deps.sessions.isPasswordConfirmed({ sessionId: viewer.sessionId })))
    ) {
      extras.two_factor_recovery_codes = await this.deps.twoFactor.recoveryCodesOf(row);
    }
    return extras;
  }
}
