import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { GetValueListsParamsSchema, GetValueListsQuerySchema, ValueListsSchema } from '@kosh/contracts';
import type { ShellModule } from '../shell/shell.module.ts';

export async function valueListsRoutes(app: FastifyInstance, { shell }: { shell: ShellModule }) {
  app.withTypeProvider<ZodTypeProvider>().get('/value-lists/:names', {
    schema: {
      tags: ['shell'],
      summary: [
        'Comma-joined lists: timezones (grouped by region), countries (id, code, name), localizations, and states of',
        '?countryId=.',
      ].join(' '),
      params: GetValueListsParamsSchema,
      querystring: GetValueListsQuerySchema,
      response: { 200: ValueListsSchema },
    },
    handler: async (request) => shell.valueLists.get(request.params.names, request.query.countryId),
  });
}
