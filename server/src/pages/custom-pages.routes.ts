import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminCustomPagesQuerySchema,
  AdminCustomPagesSchema,
  GetCustomPageParamsSchema,
  GetCustomPageResponseSchema,
} from '@kosh/contracts';
import type { ShellModule } from '../shell/shell.module.ts';

export async function customPagesRoutes(app: FastifyInstance, { shell }: { shell: ShellModule }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/admin/custom-pages', {
    schema: {
      tags: ['admin'],
      summary: 'Custom pages, newest change first (permission custom_pages.update or settings.update).',
      querystring: AdminCustomPagesQuerySchema,
      response: { 200: AdminCustomPagesSchema },
    },
    handler: async (request) => shell.pages.listForAdmin(request.actor, request.query),
  });
  api.get('/custom-pages/:idOrSlug', {
    schema: {
      tags: ['pages'],
      summary: 'A custom page by id or slug, with its body sanitised.',
      params: GetCustomPageParamsSchema,
      response: { 200: GetCustomPageResponseSchema },
    },
    handler: async (request) => ({ page: await shell.pages.get(request.params.idOrSlug) }),
  });
}
