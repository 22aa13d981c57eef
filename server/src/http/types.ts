import type { Actor } from '../auth/actor.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is calling: a user, or the guest role (http/auth-context.ts). */
    actor: Actor;
    /** Session id (hashed token) when authenticated by cookie. */
    sessionId: string | null;
    /** The workspace the call works in; 0 is the built-in default (spec part 1 section 4). */
    workspaceId: number;
    /** This request's anti-forgery token, also set as the XSRF-TOKEN cookie. */
    csrfToken: string;
    /** Set when the caller authenticated with a bearer token, which exempts it from CSRF. */
    isBearer: boolean;
    /** Origin for base_url and answers to this browser: APP_URL, else the one it used (http/base-url.ts). */
    readonly baseUrl: string;
    /** Origin for links sent to others (mail, notifications): APP_URL, else a host the caller cannot pick. */
    readonly linkBaseUrl: string;
  }
  interface FastifyContextConfig {
    /**
     * A route called by servers, never by a browser session (payment gateways' webhooks): no
     * anti-forgery token; the caller proves itself otherwise (a signature over the body).
     */
    serverToServer?: boolean;
  }
}
