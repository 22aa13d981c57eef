import { CachesSchema } from '@kosh/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { CacheRegistry } from './cache-registry.ts';

export async function cacheRoutes(app: FastifyInstance, deps: { caches: CacheRegistry }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/admin/cache', {
    schema: {
      tags: ['admin'],
      summary: "The server's in-memory caches with this process's entries (permission settings.update).",
      response: { 200: CachesSchema },
    },
    handler: async (request) => deps.caches.list({ actor: request.actor, ip: request.ip }),
  });
  api.post('/admin/cache/clear', {
    schema: {
      tags: ['admin'],
      summary: 'Clear every cache, here at once and in the other processes within 15 s (permission settings.update).',
      response: { 200: CachesSchema },
    },
    handler: async (request) => deps.caches.clear({ actor: request.actor, ip: request.ip }),
  });
}
