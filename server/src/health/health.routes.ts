import type { FastifyInstance } from 'fastify';
import type { HealthModule } from './health.module.ts';

export async function healthRoutes(app: FastifyInstance, { health }: { health: HealthModule }) {
  app.get('/health', {
    schema: { tags: ['shell'], summary: 'Liveness and database reachability.' },
    handler: async (_request, reply) => {
      const report = await health.service.check();
      return report ?? reply.status(503).send({ message: 'The database is not reachable.' });
    },
  });
}
