import type { FastifyRequest } from 'fastify';
import { systemClock, type Clock } from '../clock.ts';
import { unauthenticated } from '../http/app-error.ts';
import { isSuspended, suspendedToken } from '../users/suspension.ts';
import { bearerTokenOf, type CallerResolver } from '../http/auth-context.ts';
import type { Actor } from './actor.ts';
import type { AccessTokensRepository } from './access-tokens.repository.ts';
import type { Actors } from './actors.ts';
import { sessionIdOf } from './session-token.ts';
import type { SessionsRepository } from './sessions.repository.ts';
import type { UsersRepository } from '../users/users.repository.ts';

/** Last-active times (of the session or token, and of the user) are written at most this often, not on every call. */
const TOUCH_INTERVAL_MS = 60_000;

/** Who is calling, from the session cookie or an API token (the auth-context hook asks on every call). */
export class ActorResolver implements CallerResolver {
  private readonly sessions: SessionsRepository;
  private readonly accessTokens: AccessTokensRepository;
  private readonly actors: Actors;
  private readonly users: Pick<UsersRepository, 'touchLastActive'>;
  private readonly clock: Clock;
  constructor(deps: {
    sessions: SessionsRepository;
    accessTokens: AccessTokensRepository;
    actors: Actors;
    users: Pick<UsersRepository, 'touchLastActive'>;
    clock?: Clock;
  }) {
    this.sessions = deps.sessions;
    this.accessTokens = deps.accessTokens;
    this.actors = deps.actors;
    this.users = deps.users;
    this.clock = deps.clock ?? systemClock;
  }

  async fromSessionToken(token: string | undefined): Promise<{ actor: Actor; sessionId: string | null }> {
    const guest = async () => ({ actor: await this.actors.guest(), sessionId: null });
    if (!token || token.length > 200) return guest();
    const at = this.clock();
    const id = sessionIdOf(token);
    const session = await this.sessions.getActive(id, at.toISOString());
    if (!session) return guest();
    const actor = await this.actors.forUserId(session.user_id);
    // A suspension ends the user's sessions; one that slipped past (another process) counts for nothing.
    if (!actor || (actor.suspension && isSuspended(actor.suspension, at))) return guest();
    if (session.impersonator_id !== null) {
      // "Log in as user": it lasts only while the staff member who opened it exists and holds admin.
      const staff = await this.actors.forUserId(session.impersonator_id);
      if (!staff?.user || !staff.isAdmin) return guest();
      actor.impersonator = staff.user;
    }
    if (at.getTime() - Date.parse(session.last_active) > TOUCH_INTERVAL_MS) {
      await this.sessions.touch(id, at.toISOString());
      // Staff acting as the user are not the user being active.
      if (!actor.impersonator) await this.users.touchLastActive(session.user_id, at.toISOString());
    }
    return { actor, sessionId: id };
  }

  async fromBearerToken(token: string): Promise<Actor> {
    const row = await this.accessTokens.getByHash(sessionIdOf(token));
    const actor = row ? await this.actors.forUserId(row.user_id) : undefined;
    if (!row || !actor) throw unauthenticated('Invalid API token.');
    const at = this.clock();
    if (actor.suspension && isSuspended(actor.suspension, at)) throw suspendedToken(actor.suspension);
    if (!row.last_used_at || at.getTime() - Date.parse(row.last_used_at) > TOUCH_INTERVAL_MS) {
      await this.accessTokens.touch(row.id, at.toISOString());
      await this.users.touchLastActive(row.user_id, at.toISOString());
    }
    return actor;
  }

  /**
   * Whether the sign-in a call was made with still holds (its session not ended, its token not
   * revoked): long-lived answers such as the notification stream ask it again now and then.
   */
  signInCheckOf(request: Pick<FastifyRequest, 'sessionId' | 'isBearer' | 'headers'>, userId: number) {
    const sessionId = request.sessionId;
    const bearer = request.isBearer ? bearerTokenOf(request) : undefined;
    return async (): Promise<boolean> => {
      if (sessionId) return Boolean(await this.sessions.getActive(sessionId, this.clock().toISOString()));
      if (bearer) return (await this.fromBearerToken(bearer)).user?.id === userId;
      return true;
    };
  }
}
