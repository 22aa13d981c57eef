import type { FastifyReply, FastifyRequest } from 'fastify';
import { COOKIE, COOKIE_DEFAULT_DAYS, STAY_SIGNED_IN_DAYS } from '@kosh/contracts';

const isHttps = (request: FastifyRequest) => request.protocol === 'https';

/**
 * The session cookie: httpOnly, SameSite=Lax, path /. "Stay signed in" keeps it a month
 * (spec part 1, 9); otherwise it ends with the browser session.
 */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, remember: boolean): void {
  reply.setCookie(COOKIE.session, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(request),
    ...(remember ? { maxAge: STAY_SIGNED_IN_DAYS * 24 * 3600 } : {}),
  });
}

/**
 * The active workspace (spec part 1, 4): readable by the app, which sends it as workspaceId; it
 * names a workspace, never grants anything (every call checks membership).
 */
export function setActiveWorkspaceCookie(request: FastifyRequest, reply: FastifyReply, workspaceId: number): void {
  reply.setCookie(COOKIE.activeWorkspace, String(workspaceId), {
    path: '/',
    sameSite: 'lax',
    secure: isHttps(request),
    maxAge: COOKIE_DEFAULT_DAYS * 24 * 3600,
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(COOKIE.session, { path: '/' });
}

/** A short-lived httpOnly cookie that carries signed state between two calls of one flow. */
export function setFlowCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  name: string,
  value: string,
  maxAgeSeconds: number,
  path = '/',
): void {
  reply.setCookie(name, value, {
    path,
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(request),
    maxAge: maxAgeSeconds,
  });
}

export function clearFlowCookie(reply: FastifyReply, name: string, path = '/'): void {
  reply.clearCookie(name, { path });
}

/** Where a staff member's own session token waits while they act as another user ("log in as user"). */
export const IMPERSONATOR_COOKIE = 'kosh_impersonator';

/**
 * The staff member's session token, set aside during "log in as user": httpOnly, and SameSite
 * Strict since only the app's own "back to my account" call needs it; it ends with the browser.
 */
export function setImpersonatorCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(IMPERSONATOR_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: isHttps(request),
  });
}

export function clearImpersonatorCookie(reply: FastifyReply): void {
  reply.clearCookie(IMPERSONATOR_COOKIE, { path: '/' });
}
