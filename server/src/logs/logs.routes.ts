import type { FastifyInstance } from 'fastify';
import type { LogsModule } from './logs.module.ts';

export async function logsRoutes(app: FastifyInstance, { logs }: { logs: LogsModule }) {
  app.get('/logs/error/download-latest', {
    schema: { tags: ['admin'], summary: 'Download the latest error log (permission logs.view).' },
    handler: async (request, reply) => {
      const log = await logs.service.openLatestErrorLog(request.actor);
      reply.header('content-type', 'text/plain; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="${log.name}"`);
      reply.header('x-content-type-options', 'nosniff');
      return reply.send(log.stream);
    },
  });
}
