import fp from 'fastify-plugin';
import { COOKIE } from '@kosh/contracts';
import { Actor } from '../auth/actor.ts';
import { sessionIdOf } from '../auth/session-token.ts';
import { unauthenticated } from './app-error.ts';
import type { Container } from '../container.ts';

const TOUCH_INTERVAL_MS = 60_000;

/**
 * Resolves the caller: a bearer token (API clients; cookies are then ignored) or the session
 * cookie; visitors get the guest role's permissions. An unknown bearer token is a 401.
 */
export const authContextPlugin = fp<{ container: Container }>(async (app, { container }) => {
  app.decorateRequest('actor', null as unknown as Actor);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('isBearer', false);
  app.addHook('onRequest', async (request) => {
    const bearer = /^Bearer\s+(\S{1,200})$/i.exec(request.headers.authorization ?? '')?.[1];
    request.isBearer = Boolean(bearer);
    request.actor = bearer
      ? await container.actorResolver.fromBearerToken(bearer)
      : await container.actorResolver.fromSessionToken(request.cookies[COOKIE.session], request);
  });
});

export class ActorResolver {
  private readonly container: Container;
  private guest: { actor: Actor; at: number } | null = null;
  constructor(container: Container) {
    this.container = container;
  }

  async fromSessionToken(token: string | undefined, request: { sessionId: string | null }): Promise<Actor> {
    if (!token || token.length > 200) return this.guestActor();
    const at = new Date();
    const id = sessionIdOf(token);
    const session = await this.container.repos.sessions.getActive(id, at.toISOString());
    if (!session) return this.guestActor();
    const user = await this.container.repos.users.getById(session.user_id);
    if (!user) return this.guestActor();
    request.sessionId = id;
    if (at.getTime() - Date.parse(session.last_active) > TOUCH_INTERVAL_MS)
      await this.container.repos.sessions.touch(id, at.toISOString());
    return this.forUser(user.id, user.email);
  }

  async fromBearerToken(token: string): Promise<Actor> {
    const row = await this.container.repos.accessTokens.getByHash(sessionIdOf(token));
    const user = row ? await this.container.repos.users.getById(row.user_id) : undefined;
    if (!row || !user) throw unauthenticated('Invalid API token.');
    const at = new Date();
    if (!row.last_used_at || at.getTime() - Date.parse(row.last_used_at) > TOUCH_INTERVAL_MS)
      await this.container.repos.accessTokens.touch(row.id, at.toISOString());
    return this.forUser(user.id, user.email);
  }

  async forUser(userId: number, email: string): Promise<Actor> {
    const roles = await this.container.repos.roles.listRolesOfUser(userId);
    const permissions = await this.container.repos.roles.listPermissions(
      roles.map((r) => r.id),
      userId,
    );
    return new Actor(
      { id: userId, email },
      roles.map((r) => r.id),
      permissions,
    );
  }

  /** Called when the guest role's permissions change in this process. */
  forgetGuestRole(): void {
    this.guest = null;
  }

  /** The guest role changes only through the admin area; a short cache spares a query per visit. */
  async guestActor(): Promise<Actor> {
    if (this.guest && Date.now() - this.guest.at < 5000) return this.guest.actor;
    const role = await this.container.repos.roles.getGuestRole();
    const permissions = role ? await this.container.repos.roles.listPermissions([role.id]) : [];
    const actor = new Actor(null, role ? [role.id] : [], permissions);
    this.guest = { actor, at: Date.now() };
    return actor;
  }
}
