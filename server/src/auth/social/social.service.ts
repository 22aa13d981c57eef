import { BLOCKED_DOMAIN_MESSAGE, isBlockedDomain } from '../blocked-domains.ts';
import type { Logger } from 'pino';
import type { SocialAuthStatus, SocialService as ServiceName } from '@kosh/contracts';
import type { Actor } from '../actor.ts';
import { systemClock, type Clock } from '../../clock.ts';
import { AppError, forbidden, validation } from '../../http/app-error.ts';
import type { SettingsService } from '../../settings/settings.service.ts';
import type { UserRow, UsersRepository } from '../../users/users.repository.ts';
import { generatePassword, type UsersService } from '../../users/users.service.ts';
import type { KeyRing } from '../key-ring.ts';
import { THROTTLES, type FailureThrottle } from '../failure-throttle.ts';
import { verifyPassword } from '../password.ts';
import type { RequestContext } from '../../http/request-context.ts';
import type { SessionService } from '../session.service.ts';
import { TwoFactorService } from '../two-factor.service.ts';
import type { Flow, OAuthClient, ProviderConfig, ProviderProfile } from './oauth-client.ts';
import type { SocialProfilesRepository } from './social-profiles.repository.ts';

export const SOCIAL_FLOW_SECONDS = 10 * 60;
const STATE_PURPOSE = 'social-state';
const PENDING_PURPOSE = 'social-connect';

type Mode = 'login' | 'connect';
type StatePayload = Flow & { service: string; mode: Mode; uid: number | null };
type PendingPayload = {
  service: string;
  uid: number;
  profileId: string;
  username: string | null;
  email: string | null;
};
export type SocialOutcome =
  | { status: Extract<SocialAuthStatus, 'SUCCESS'>; userId: number; session: { token: string; id: string } | null }
  | { status: Extract<SocialAuthStatus, 'ALREADY_LOGGED_IN'> }
  | { status: Extract<SocialAuthStatus, 'REQUEST_PASSWORD'>; pending: string }
  | { status: Extract<SocialAuthStatus, 'ERROR'>; message: string };

const label = (service: string) =>
  service === 'twitter' ? 'X (Twitter)' : service[0].toUpperCase() + service.slice(1);
const failure = (message: string): SocialOutcome => ({ status: 'ERROR', message });

type Deps = {
  settings: Pick<SettingsService, 'get'>;
  users: Pick<UsersRepository, 'getById' | 'getByEmail'>;
  usersService: Pick<UsersService, 'createUser'>;
  profiles: Pick<SocialProfilesRepository, 'getByServiceId' | 'link' | 'unlink'>;
  sessions: Pick<SessionService, 'start'>;
  keys: KeyRing;
  throttle: Pick<FailureThrottle, 'attempt'>;
  oauth: OAuthClient;
  logger: Logger;
  /** A new account whose address the provider vouched for (pending share invitations apply); never throws. */
  onVerifiedSignUp?: (user: { id: number; email: string }) => Promise<unknown>;
  clock?: Clock;
};

/** Sign-in and account linking through Google, Facebook, X and Envato (spec part 1, 2.8 and 4). */
export class SocialService {
  private readonly deps: Deps;
  private readonly clock: Clock;
  constructor(deps: Deps) {
    this.deps = deps;
    this.clock = deps.clock ?? systemClock;
  }

  /** Where the popup goes first, and the signed state to keep in a cookie until the provider calls back. */
  async begin(
    actor: Actor,
    service: ServiceName,
    mode: Mode,
    ctx: RequestContext,
  ): Promise<{ url: string; state: string }> {
    const provider = await this.provider(service);
    if (mode === 'connect') actor.requireUser();
    const flow = this.deps.oauth.newFlow();
    const state = await this.deps.keys.sign(
      STATE_PURPOSE,
      { ...flow, service, mode, uid: actor.user?.id ?? null } satisfies StatePayload,
      SOCIAL_FLOW_SECONDS,
    );
    return { url: await this.deps.oauth.authorizationUrl(provider, this.redirectUri(service, ctx), flow), state };
  }

  /** The provider sent the popup back: sign in, link, or ask for the password of the account with that address. */
  async complete(
    actor: Actor,
    service: ServiceName,
    query: string,
    stateCookie: string | undefined,
    ctx: RequestContext,
  ): Promise<SocialOutcome> {
    const state = await this.deps.keys.verify<StatePayload>(STATE_PURPOSE, stateCookie);
    if (!state || state.service !== service) return failure('Your sign-in attempt expired. Please try again.');
    if (new URLSearchParams(query).has('error')) return failure(`${label(service)} sign-in was cancelled.`);
    let profile: ProviderProfile;
    try {
      profile = await this.deps.oauth.fetchProfile(
        await this.provider(service),
        this.redirectUri(service, ctx),
        query,
        state,
      );
    } catch (err) {
      if (err instanceof AppError) return failure(err.message);
      this.deps.logger.warn({ err, service }, 'social sign-in failed at the provider');
      return failure(`Could not sign in with ${label(service)}. Please try again.`);
    }
    const linked = await this.deps.profiles.getByServiceId(service, profile.id);
    if (state.mode === 'connect') return this.connect(actor, state, profile, linked?.user_id);
    if (actor.user) return { status: 'ALREADY_LOGGED_IN' };
    if (linked) return this.signIn(await this.deps.users.getById(linked.user_id), ctx);
    if (!profile.email)
      return failure(
        `${label(service)} did not share an email address. ` +
          `Log in with your password, then connect ${label(service)} in account settings.`,
      );
    const existing = await this.deps.users.getByEmail(profile.email);
    if (existing) {
      const pending = await this.deps.keys.sign(
        PENDING_PURPOSE,
        {
          service,
          uid: existing.id,
          profileId: profile.id,
          username: profile.username,
          email: profile.email,
        } satisfies PendingPayload,
        SOCIAL_FLOW_SECONDS,
      );
      return { status: 'REQUEST_PASSWORD', pending };
    }
    if (await this.deps.settings.get<boolean>('registration.disable')) return failure('Registration is disabled.');
    if (isBlockedDomain(profile.email, await this.deps.settings.get<string[]>('auth.domain_blacklist')))
      return failure(BLOCKED_DOMAIN_MESSAGE);
    const verified = profile.emailVerified !== false;
    const user = await this.deps.usersService.createUser({
      email: profile.email,
      password: generatePassword(),
      verified,
    });
    await this.link(user.id, service, profile);
    if (verified) await this.deps.onVerifiedSignUp?.(user);
    return this.signIn(user, ctx);
  }

  /** Links the account named by the pending cookie once its password is given, and signs in. */
  async connectWithPassword(
    pendingCookie: string | undefined,
    password: string,
    ctx: RequestContext,
  ): Promise<{ userId: number; session: { token: string; id: string } }> {
    const pending = await this.deps.keys.verify<PendingPayload>(PENDING_PURPOSE, pendingCookie);
    if (!pending)
      throw new AppError(401, 'Your sign-in attempt expired. Please try again.', { code: 'unauthenticated' });
    const row = await this.deps.users.getById(pending.uid);
    const counted = await this.deps.throttle.attempt(THROTTLES.socialConnect, {
      account: `user:${pending.uid}`,
      ip: ctx.ip,
      userId: pending.uid,
    });
    if (!row || !(await verifyPassword(row.password, password)))
      throw validation({ password: ['The provided password was incorrect.'] });
    await counted.succeeded();
    if (TwoFactorService.isEnabled(row)) throw forbidden(this.twoFactorMessage(), 'two_factor_required');
    await this.link(row.id, pending.service, {
      id: pending.profileId,
      username: pending.username,
      email: pending.email,
      emailVerified: null,
    });
    return { userId: row.id, session: await this.deps.sessions.start(row.id, ctx, true) };
  }

  async disconnect(actor: Actor, service: ServiceName): Promise<void> {
    const user = actor.requireUser();
    await this.deps.profiles.unlink(user.id, service);
  }

  private async connect(
    actor: Actor,
    state: StatePayload,
    profile: ProviderProfile,
    linkedTo: number | undefined,
  ): Promise<SocialOutcome> {
    // The popup must come back to the user who opened it.
    if (!actor.user || actor.user.id !== state.uid) return failure('Log in again, then connect the account.');
    if (linkedTo !== undefined && linkedTo !== actor.user.id)
      return failure(`This ${label(state.service)} account is already connected to another user.`);
    await this.link(actor.user.id, state.service, profile);
    return { status: 'SUCCESS', userId: actor.user.id, session: null };
  }

  private async signIn(row: UserRow | undefined, ctx: RequestContext): Promise<SocialOutcome> {
    if (!row) return failure('This account no longer exists.');
    // A provider login must not skip the second factor the user turned on.
    if (TwoFactorService.isEnabled(row)) return failure(this.twoFactorMessage());
    return { status: 'SUCCESS', userId: row.id, session: await this.deps.sessions.start(row.id, ctx, true) };
  }

  private async link(userId: number, service: string, profile: ProviderProfile): Promise<void> {
    await this.deps.profiles.link({
      user_id: userId,
      service_name: service,
      user_service_id: profile.id,
      username: profile.username,
      email: profile.email,
      at: this.clock().toISOString(),
    });
  }

  private twoFactorMessage(): string {
    return 'This account uses two factor authentication. Log in with your email, password and code.';
  }

  private redirectUri(service: string, ctx: RequestContext): string {
    return `${ctx.baseUrl}/secure/auth/social/${service}/callback`;
  }

  /** The provider's settings; a provider that is off or has no client id is refused. */
  private async provider(service: ServiceName): Promise<ProviderConfig> {
    const get = (key: string) => this.deps.settings.get<string>(`social.${service}.${key}`);
    const enabled = await this.deps.settings.get<boolean>(`social.${service}.enable`);
    const clientId = await get('client_id');
    if (!enabled || !clientId) throw forbidden(`Sign-in with ${label(service)} is not enabled.`);
    return {
      service,
      clientId,
      clientSecret: await get('client_secret'),
      authorizeUrl: await get('authorize_url'),
      tokenUrl: await get('token_url'),
      userinfoUrl: await get('userinfo_url'),
      scopes: await get('scopes'),
      issuer: await get('issuer'),
      clientAuth: service === 'twitter' ? 'basic' : 'post',
    };
  }
}
