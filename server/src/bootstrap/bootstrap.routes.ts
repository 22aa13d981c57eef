import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BootstrapDataSchema } from '@kosh/contracts';
import type { BootstrapAnswers } from './bootstrap-answers.ts';

export async function bootstrapRoutes(app: FastifyInstance, { answers }: { answers: BootstrapAnswers }) {
  app.withTypeProvider<ZodTypeProvider>().get('/bootstrap-data', {
    schema: {
      tags: ['shell'],
      summary: 'The data the client starts from: user, public settings, themes, menus, i18n.',
      response: { 200: BootstrapDataSchema },
    },
    handler: async (request) => answers.forCaller(request),
  });
}
