import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** The origin the browser used, for base_url and answers to that browser (APP_URL wins when set). */
export const baseUrlOf = (request: FastifyRequest, appUrl: string | undefined): string =>
  appUrl ?? `${request.protocol}://${request.host}`;

const LOOPBACK_HOST = /^(localhost|[a-z0-9.-]+\.localhost|127(\.\d{1,3}){3}|\[?::1\]?)$/i;

/** True for names that can only reach the caller's own machine: localhost, 127.0.0.0/8, ::1. */
export const isLoopbackHost = (hostname: string): boolean => LOOPBACK_HOST.test(hostname);

/**
 * The origin of links sent to someone else (mail, notifications, OAuth callbacks). The Host
 * header is the caller's to choose, so without APP_URL it is trusted only when it names the
 * caller's own machine; any other host gets links to this machine's own port instead of
 * the attacker's host (a reset link mailed to the victim would otherwise hand over the token).
 */
export const linkBaseUrlOf = (request: FastifyRequest, appUrl: string | undefined, port: number): string => {
  if (appUrl) return appUrl;
  if (isLoopbackHost(request.hostname)) return `${request.protocol}://${request.host}`;
  // The port this request came in on (PORT may be 0, a free port); injected test requests have none.
  return `http://localhost:${request.socket?.localPort ?? port}`;
};

/** `request.baseUrl` and `request.linkBaseUrl`: computed when read, so routes need no configuration. */
export const baseUrlPlugin = fp<{ appUrl: string | undefined; port: number }>(async (app, { appUrl, port }) => {
  app.decorateRequest('baseUrl', {
    getter(this: FastifyRequest) {
      return baseUrlOf(this, appUrl);
    },
  });
  app.decorateRequest('linkBaseUrl', {
    getter(this: FastifyRequest) {
      return linkBaseUrlOf(this, appUrl, port);
    },
  });
});
