import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** The origin the browser used, for base_url and links in mail (APP_URL wins when set). */
export const baseUrlOf = (request: FastifyRequest, appUrl: string | undefined): string =>
  appUrl ?? `${request.protocol}://${request.host}`;

/** `request.baseUrl`: computed when read, so routes need no configuration to build links. */
export const baseUrlPlugin = fp<{ appUrl: string | undefined }>(async (app, { appUrl }) => {
  app.decorateRequest('baseUrl', {
    getter(this: FastifyRequest) {
      return baseUrlOf(this, appUrl);
    },
  });
});
