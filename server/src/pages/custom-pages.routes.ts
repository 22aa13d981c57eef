import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { GetCustomPageParamsSchema, GetCustomPageResponseSchema } from '@kosh/contracts';
import type { ShellModule } from '../shell/shell.module.ts';

export async function customPagesRoutes(app: FastifyInstance, { shell }: { shell: ShellModule }) {
  app.withTypeProvider<ZodTypeProvider>().get('/custom-pages/:idOrSlug', {
    schema: {
      tags: ['pages'],
      summary: 'A custom page by id or slug, with its body sanitised.',
      params: GetCustomPageParamsSchema,
      response: { 200: GetCustomPageResponseSchema },
    },
    handler: async (request) => ({ page: await shell.pages.get(request.params.idOrSlug) }),
  });
}
