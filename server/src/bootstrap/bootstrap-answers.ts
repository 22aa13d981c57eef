import type { FastifyRequest } from 'fastify';
import type { BootstrapData } from '@kosh/contracts';
import type { ActorUser } from '../auth/actor.ts';
import type { Actors } from '../auth/actors.ts';
import { unauthenticated } from '../http/app-error.ts';
import type { BootstrapRequest, BootstrapService } from './bootstrap.service.ts';

export const LOCALE_COOKIE = 'kosh_locale';

/** What the bootstrap data depends on in a call: the caller, their browser and the origin they used. */
export function bootstrapRequestOf(request: FastifyRequest): BootstrapRequest {
  return {
    actor: request.actor,
    userAgent: request.headers['user-agent'],
    localeCookie: request.cookies[LOCALE_COOKIE],
    csrfToken: request.csrfToken,
    baseUrl: request.baseUrl,
    sessionId: request.sessionId,
  };
}

/**
 * The bootstrap data calls answer with: the caller's own (GET bootstrap-data, the HTML shell),
 * or, after a sign-in or a logout, as the new user or the visitor will see it.
 */
export class BootstrapAnswers {
  private readonly bootstrap: BootstrapService;
  private readonly actors: Actors;
  private readonly lastWorkspace: (userId: number) => Promise<number>;
  constructor(deps: {
    bootstrap: BootstrapService;
    actors: Actors;
    lastWorkspaceOf: (userId: number) => Promise<number>;
  }) {
    this.bootstrap = deps.bootstrap;
    this.actors = deps.actors;
    this.lastWorkspace = deps.lastWorkspaceOf;
  }

  /** The workspace a user signing in opens: the one they worked in last, on whatever device. */
  lastWorkspaceOf(userId: number): Promise<number> {
    return this.lastWorkspace(userId);
  }

  forCaller(request: FastifyRequest): Promise<BootstrapData> {
    return this.bootstrap.build(bootstrapRequestOf(request));
  }

  /**
   * As the given user and session will see it (the call itself was made before the sign-in); with
   * `impersonator`, as a staff member acting as the user sees it.
   */
  async forUser(
    request: FastifyRequest,
    userId: number,
    sessionId: string | null,
    impersonator: ActorUser | null = null,
  ): Promise<BootstrapData> {
    const actor = await this.actors.forUserId(userId);
    if (!actor) throw unauthenticated();
    actor.impersonator = impersonator;
    return this.bootstrap.build({ ...bootstrapRequestOf(request), actor, sessionId });
  }

  /** As a visitor sees it (after a logout). */
  async forGuest(request: FastifyRequest): Promise<BootstrapData> {
    return this.bootstrap.build({ ...bootstrapRequestOf(request), actor: await this.actors.guest() });
  }
}
