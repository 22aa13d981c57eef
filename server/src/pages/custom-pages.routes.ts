import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { GetCustomPageParamsSchema, GetCustomPageResponseSchema } from '@kosh/contracts';
import type { ShellModule } from '../shell/shell.module.ts';

/** The public custom page (the admin area's pages are admin/pages/pages-admin.routes.ts). */
export async function customPagesRoutes(app: FastifyInstance, { shell }: { shell: ShellModule }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
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
