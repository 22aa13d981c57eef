import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { COOKIE } from '@kosh/contracts';
import type { Actor } from '../auth/actor.ts';

/** Turns the credentials of a call into its actor (auth/actor-resolver.ts). */
export interface CallerResolver {
  /** The token's user; an unknown or revoked token throws 401. */
  fromBearerToken(token: string): Promise<Actor>;
  /** The session's user and its id, or the guest role (and null) without a live session. */
  fromSessionToken(token: string | undefined): Promise<{ actor: Actor; sessionId: string | null }>;
}

/** The token of an `Authorization: Bearer` header, if the call carries one. */
export const bearerTokenOf = (request: Pick<FastifyRequest, 'headers'>): string | undefined =>
  /^Bearer\s+(\S{1,200})$/i.exec(request.headers.authorization ?? '')?.[1];

/** Set by the onRequest hook below; read through the `actor` getter. */
const actors = new WeakMap<FastifyRequest, Actor>();

/**
 * Resolves the caller: a bearer token (API clients; cookies are then ignored) or the session
 * cookie; visitors get the guest role's permissions. An unknown bearer token is a 401.
 */
export const authContextPlugin = fp<{ resolver: CallerResolver }>(async (app, { resolver }) => {
  app.decorateRequest('actor', {
    getter(this: FastifyRequest): Actor {
      const actor = actors.get(this);
      if (!actor) throw new Error('request.actor read before the auth-context hook set it');
      return actor;
    },
    setter(this: FastifyRequest, actor: Actor) {
      actors.set(this, actor);
    },
  });
  app.decorateRequest('sessionId', null);
  app.decorateRequest('isBearer', false);
  app.addHook('onRequest', async (request) => {
    const bearer = bearerTokenOf(request);
    request.isBearer = Boolean(bearer);
    if (bearer) {
      request.actor = await resolver.fromBearerToken(bearer);
      return;
    }
    const { actor, sessionId } = await resolver.fromSessionToken(request.cookies[COOKIE.session]);
    request.actor = actor;
    request.sessionId = sessionId;
  });
});
