import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_CODE_STATUS, ErrorResponseSchema, Permission } from '@kosh/contracts';
import { docsLogo, docsThemeCss } from './docs-theme.ts';

const ERROR_SCHEMA = 'Error';

/** Every code with the status it comes with, for the document's description. */
const codeList = Object.entries(ERROR_CODE_STATUS)
  .map(([code, status]) => `\`${code}\` (${status})`)
  .join(', ');

/** Error answers of every route: the shared Error schema (its `code` enum) for 4XX and 5XX. */
const errorResponses = {
  '4XX': { description: 'Refused: `{message, code, errors?}`.', $ref: `#/components/schemas/${ERROR_SCHEMA}` },
  '5XX': { description: 'Failed: `{message, code}`.', $ref: `#/components/schemas/${ERROR_SCHEMA}` },
};

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
/** The routes' zod schemas as JSON Schema, each visible route with the shared error answers added. */
function transform(input: TransformInput) {
  const out = jsonSchemaTransform(input);
  const schema = out.schema as { hide?: boolean; response?: Record<string, unknown> } | undefined;
  if (!schema || schema.hide) return out;
  const response = schema.response ?? { 200: { description: 'Default Response' } };
  return { ...out, schema: { ...schema, response: { ...response, ...errorResponses } } };
}

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
          'Errors answer `{message, code}` (the Error schema); 422 adds `errors: {field: [messages]}`.',
          '`message` is for people, `code` for programs: stable across releases and languages.',
          `Codes: ${codeList}.`,
        ].join(' '),
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'kosh_session' },
        },
        schemas: {
          [ERROR_SCHEMA]: z.toJSONSchema(ErrorResponseSchema, { target: 'openapi-3.0' }) as Record<string, unknown>,
        },
      },
    },
    transform,
  });
  const logo = docsLogo();
  await app.register(swaggerUi, {
    routePrefix: '/api-docs',
    // Only this origin, and no inline script or style: the theme is a stylesheet, the logo and font data: URLs.
    staticCSP: {
      'default-src': ["'self'"],
      'base-uri': ["'self'"],
      'font-src': ["'self'", 'data:'],
      'frame-ancestors': ["'self'"],
      'img-src': ["'self'", 'data:'],
      'object-src': ["'none'"],
      'script-src': ["'self'"],
      'script-src-attr': ["'none'"],
      // Swagger UI injects one fixed <style> at start: allowed by its hash alone (the docs journey catches a change).
      'style-src': ["'self'", "'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='"],
      'connect-src': ["'self'"],
      'form-action': ["'self'"],
    },
    theme: {
      title: 'Kosh API',
      css: [{ filename: 'kosh.css', content: docsThemeCss() }],
      ...(logo && {
        favicon: [{ filename: 'favicon.svg', rel: 'icon', sizes: 'any', type: 'image/svg+xml', content: logo }],
      }),
    },
    ...(logo && { logo: { type: 'image/svg+xml', content: logo, href: '/', target: '_self' } }),
    uiHooks: {
      onRequest: async (request) => request.actor.authorize(Permission.apiAccess),
    },
  });
}
