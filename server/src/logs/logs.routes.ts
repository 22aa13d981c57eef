import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { Container } from '../container.ts';

export async function logsRoutes(app: FastifyInstance, { container }: { container: Container }) {
  app.get('/logs/error/download-latest', {
    schema: { tags: ['admin'], summary: 'Download the latest error log (permission logs.view).' },
    handler: async (request, reply) => {
      const log = await container.services.logs.latestErrorLog(request.actor);
      reply.header('content-type', 'text/plain; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="${log.name}"`);
      reply.header('x-content-type-options', 'nosniff');
      return reply.send(fs.createReadStream(log.path));
    },
  });
}
