import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { GetValueListsParamsSchema, GetValueListsQuerySchema, ValueListsSchema } from '@kosh/contracts';
import type { Container } from '../container.ts';

export async function valueListsRoutes(app: FastifyInstance, { container }: { container: Container }) {
  app.withTypeProvider<ZodTypeProvider>().get('/value-lists/:names', {
    schema: {
      tags: ['shell'],
      summary:
        'Comma-joined lists: timezones (grouped by region), countries (id, code, name), localizations, and states of ?countryId=.',
      params: GetValueListsParamsSchema,
      querystring: GetValueListsQuerySchema,
      response: { 200: ValueListsSchema },
    },
    handler: async (request) => container.services.valueLists.get(request.params.names, request.query.countryId),
  });
}
