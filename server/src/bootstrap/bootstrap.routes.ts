import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BootstrapDataSchema } from '@kosh/contracts';
import type { Container } from '../container.ts';

export const LOCALE_COOKIE = 'kosh_locale';

/** The origin the browser used, for base_url (APP_URL wins when set). */
export const baseUrlOf = (request: FastifyRequest, appUrl: string | undefined): string =>
  appUrl ?? `${request.protocol}://${request.host}`;

export function bootstrapRequestOf(request: FastifyRequest, container: Container) {
  return {
    actor: request.actor,
    userAgent: request.headers['user-agent'],
    localeCookie: request.cookies[LOCALE_COOKIE],
    csrfToken: request.csrfToken,
    baseUrl: baseUrlOf(request, container.config.appUrl),
    sessionId: request.sessionId,
  };
}

export async function bootstrapRoutes(app: FastifyInstance, { container }: { container: Container }) {
  app.withTypeProvider<ZodTypeProvider>().get('/bootstrap-data', {
    schema: {
      tags: ['shell'],
      summary: 'The data the client starts from: user, public settings, themes, menus, i18n.',
      response: { 200: BootstrapDataSchema },
    },
    handler: async (request) => container.services.bootstrap.build(bootstrapRequestOf(request, container)),
  });
}
