import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Container } from '../container.ts';

export async function healthRoutes(app: FastifyInstance, { container }: { container: Container }) {
  app.get('/health', {
    schema: { tags: ['shell'], summary: 'Liveness and database reachability.' },
    handler: async (_request, reply) => {
      try {
        await sql`select 1`.execute(container.db);
        return { status: 'ok', database: container.dialect };
      } catch {
        return reply.status(503).send({ message: 'The database is not reachable.' });
      }
    },
  });
}
