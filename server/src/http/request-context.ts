import type { FastifyRequest } from 'fastify';

/** What account services need to know of the HTTP call, without depending on Fastify. */
export type RequestContext = {
  ip: string;
  userAgent: string | undefined;
  /** The cookie session of the call; null for visitors and bearer-token calls. */
  sessionId: string | null;
  /** Origin for links in mail, notifications and OAuth callbacks: APP_URL, else a trusted host (http/base-url.ts). */
  baseUrl: string;
};

export const contextOf = (request: FastifyRequest): RequestContext => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
  sessionId: request.sessionId,
  baseUrl: request.linkBaseUrl,
});
