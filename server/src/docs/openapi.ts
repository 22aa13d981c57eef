import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { Permission } from '@kosh/contracts';

/**
 * The OpenAPI document generated from the route schemas, at /api-docs (UI) and
 * /api-docs/json, for holders of api.access; visitors pass when the guest role holds it.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Kosh API',
        version: '1.0.0',
        description: [
          'Kosh, a self-hostable cloud drive. Paths are under /api/v1 except auth and secure routes.',
          'Conventions: PUT, PATCH and DELETE may be sent as POST with `X-HTTP-Method-Override` or `_method`;',
          'cookie-authenticated state-changing calls must echo the `XSRF-TOKEN` cookie as `X-XSRF-TOKEN`;',
          'every call accepts `workspaceId` (0 is the default workspace).',
          'Errors: 422 `{message, errors: {field: [messages]}}`; 401, 403, 404, 405, 413, 429 `{message}`.',
        ].join(' '),
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'kosh_session' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api-docs',
    staticCSP: true,
    uiHooks: {
      onRequest: async (request) => request.actor.authorize(Permission.apiAccess),
    },
  });
}
