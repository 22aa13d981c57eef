import { StorageStatusSchema } from '@kosh/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { perAccount, rateLimited } from '../../http/rate-limits.ts';
import type { StorageAdminService } from './storage-admin.service.ts';

/** The origin browsers upload from: APP_URL's, else the one the admin is using. */
const originOf = (baseUrl: string) => new URL(baseUrl).origin;

export async function storageAdminRoutes(app: FastifyInstance, deps: { storage: StorageAdminService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Each call writes to the bucket; a few a minute are plenty for a person checking.
  const limited = rateLimited(app, [perAccount('storage-check', 20, (r) => r.actor.user?.id)]);
  api.get('/admin/storage', {
    preHandler: limited,
    schema: {
      tags: ['admin'],
      summary:
        'The storage driver, tried live, and (S3) the CORS rule for direct uploads (permission settings.update).',
      response: { 200: StorageStatusSchema },
    },
    handler: async (request) =>
      deps.storage.status({ actor: request.actor, ip: request.ip }, originOf(request.baseUrl)),
  });
  api.post('/admin/storage/cors', {
    preHandler: limited,
    schema: {
      tags: ['admin'],
      summary: "Let browsers at this site's origin upload straight to the bucket (S3; permission settings.update).",
      response: { 200: StorageStatusSchema },
    },
    handler: async (request) =>
      deps.storage.allowBrowserUploads({ actor: request.actor, ip: request.ip }, originOf(request.baseUrl)),
  });
}
