import type { FastifyInstance } from 'fastify';
import { LogoutUserResponseSchema } from '@kosh/contracts';
import type { BootstrapAnswers } from '../bootstrap/bootstrap-answers.ts';
import { clearSessionCookie } from '../http/cookies.ts';
import type { AuthModule } from './auth.module.ts';

export async function logoutRoutes(
  app: FastifyInstance,
  { auth, answers }: { auth: AuthModule; answers: BootstrapAnswers },
) {
  app.post('/logout', {
    schema: {
      tags: ['auth'],
      summary: 'End this session; answers the bootstrap data of a visitor.',
      response: { 200: LogoutUserResponseSchema },
    },
    handler: async (request, reply) => {
      await auth.sessions.end(request.sessionId);
      clearSessionCookie(reply);
      return { bootstrapData: await answers.forGuest(request) };
    },
  });
}
