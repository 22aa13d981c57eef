import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ChangeLocaleBodySchema, ChangeLocaleResponseSchema } from '@kosh/contracts';
import { LOCALE_COOKIE } from '../bootstrap/bootstrap-answers.ts';
import type { I18nModule } from './i18n.module.ts';

const ONE_YEAR_S = 365 * 24 * 3600;

export async function localeRoutes(app: FastifyInstance, { i18n }: { i18n: I18nModule }) {
  app.withTypeProvider<ZodTypeProvider>().post('/users/me/locale', {
    // A person switches language a few times at most; this bounds scripted writes.
    config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    schema: {
      tags: ['shell'],
      summary:
        "Switch the interface language; kept on the user, or in a cookie for visitors. Answers the language's lines.",
      body: ChangeLocaleBodySchema,
      response: { 200: ChangeLocaleResponseSchema },
    },
    handler: async (request, reply) => {
      const locale = await i18n.locale.change(request.actor, request.body.locale);
      reply.setCookie(LOCALE_COOKIE, locale.language, {
        path: '/',
        sameSite: 'lax',
        httpOnly: true,
        maxAge: ONE_YEAR_S,
        secure: request.protocol === 'https',
      });
      return { locale };
    },
  });
}
