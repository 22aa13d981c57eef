import type { FastifyInstance } from 'fastify';
import { COOKIE, LogoutUserResponseSchema } from '@kosh/contracts';
import { bootstrapRequestOf } from '../bootstrap/bootstrap.routes.ts';
import type { Container } from '../container.ts';

export async function logoutRoutes(app: FastifyInstance, { container }: { container: Container }) {
  app.post('/logout', {
    schema: {
      tags: ['auth'],
      summary: 'End this session; answers the bootstrap data of a visitor.',
      response: { 200: LogoutUserResponseSchema },
    },
    handler: async (request, reply) => {
      if (request.sessionId) await container.repos.sessions.delete(request.sessionId);
      reply.clearCookie(COOKIE.session, { path: '/' });
      const actor = await container.actorResolver.guestActor();
      return {
        bootstrapData: await container.services.bootstrap.build({ ...bootstrapRequestOf(request, container), actor }),
      };
    },
  });
}
