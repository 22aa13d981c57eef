import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { UserSpacePageSchema, UserSpaceQuerySchema } from '@kosh/contracts';
import type { AdminModule } from '../admin.module.ts';

/** The admin area's user space screen (guarded by the admin layout: admin.access). */
export async function userSpaceRoutes(app: FastifyInstance, deps: { admin: AdminModule }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/admin/user-space', {
    schema: {
      tags: ['admin'],
      summary: 'Users ranked by the space their files take, with their allowance and how full it is.',
      description: [
        'Permission admin.access. Lists users who store at least one file: used (trash included, as the allowance',
        'counts it), of it in trash, allowed (null: unlimited), percent, file count, plan, last upload. The plan',
        'is that of a valid subscription (the most space among them), else the free plan; allowed follows the',
        "user's own space rule (override, plan, roles, the free plan while billing is on, default). Filters:",
        'over (80, 90, 100 percent of the allowance), planId; the search finds text in the name or email. Sorts by',
        'used (default, largest first), percent, files or last upload. Totals: bytes on the store, outside trash and',
        'in trash. The figures are one pass over every file, kept a minute per server process (computed_at).',
      ].join(' '),
      querystring: UserSpaceQuerySchema,
      response: { 200: UserSpacePageSchema },
    },
    handler: async (request) => deps.admin.userSpace.list(request.actor, request.query),
  });
}
