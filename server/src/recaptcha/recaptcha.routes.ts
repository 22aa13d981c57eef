import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { VerifyRecaptchaBodySchema, VerifyRecaptchaResponseSchema } from '@kosh/contracts';
import { setFlowCookie } from '../http/cookies.ts';
import { perAddress, rateLimited } from '../http/rate-limits.ts';
import type { RecaptchaModule } from './recaptcha.module.ts';
import { HUMAN_CHECK_COOKIE, HUMAN_CHECK_SECONDS } from './recaptcha.service.ts';

export async function recaptchaRoutes(app: FastifyInstance, { recaptcha }: { recaptcha: RecaptchaModule }) {
  app.withTypeProvider<ZodTypeProvider>().post('/recaptcha/verify', {
    preHandler: rateLimited(app, [perAddress('recaptcha', 20)]),
    schema: {
      tags: ['auth'],
      summary: [
        'Verify a human-check token with the provider. On success the browser gets a one-time proof (10 minutes)',
        'that registration, or a contact or reseller enquiry, spends.',
      ].join(' '),
      body: VerifyRecaptchaBodySchema,
      response: { 200: VerifyRecaptchaResponseSchema },
    },
    handler: async (request, reply) => {
      const result = await recaptcha.service.verify(request.body.token, request.ip);
      if (result.nonce) setFlowCookie(request, reply, HUMAN_CHECK_COOKIE, result.nonce, HUMAN_CHECK_SECONDS);
      return { success: result.success };
    },
  });
}
