import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { COOKIE, XSRF_HEADER } from '@kosh/contracts';
import { forbidden } from './app-error.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Refuses a cookie caller whose X-XSRF-TOKEN header does not repeat its XSRF-TOKEN cookie. */
function checkToken(request: FastifyRequest): void {
  if (request.isBearer) return;
  const existing = request.cookies[COOKIE.xsrf];
  const header = request.headers[XSRF_HEADER];
  const sent = Array.isArray(header) ? header[0] : header;
  if (!existing || !sent || !sameToken(sent, existing))
    throw forbidden('CSRF token mismatch. Reload the page and try again.', 'csrf_token_invalid');
}

/**
 * For the few GET routes the spec gives that change state (joining a workspace by invite): a
 * route-level onRequest hook. A lured top-level navigation or <img> cannot send the header.
 */
export async function requireCsrfToken(request: FastifyRequest): Promise<void> {
  checkToken(request);
}

/**
 * Double-submit anti-forgery: the XSRF-TOKEN cookie (readable by the app) must come back
 * as the X-XSRF-TOKEN header on every state-changing call. Bearer-token calls are exempt:
 * a browser never attaches those by itself. Runs after auth-context sets isBearer.
 */
export const csrfPlugin = fp(async (app) => {
  app.decorateRequest('csrfToken', '');
  app.addHook('onRequest', async (request, reply) => {
    const existing = request.cookies[COOKIE.xsrf];
    request.csrfToken =
      existing && /^[A-Za-z0-9_-]{20,100}$/.test(existing) ? existing : randomBytes(32).toString('base64url');
    if (request.csrfToken !== existing) {
      reply.setCookie(COOKIE.xsrf, request.csrfToken, {
        path: '/',
        sameSite: 'lax',
        httpOnly: false,
        secure: request.protocol === 'https',
      });
    }
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config.serverToServer) return;
    checkToken(request);
  });
});
