import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AdminUserIdParamsSchema, AdminUserResponseSchema, SuspendAdminUserBodySchema } from '@kosh/contracts';
import type { AdminUsersModule } from './admin-users.module.ts';

const tags = ['admin'];

/** Suspension and the security tab of a user (admin area, users). */
export async function adminUserSecurityRoutes(app: FastifyInstance, deps: { adminUsers: AdminUsersModule }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { suspension } = deps.adminUsers;
  const source = (request: FastifyRequest) => ({ actor: request.actor, ip: request.ip });

  api.post('/admin/users/:id/suspend', {
    schema: {
      tags,
      summary: 'Suspend a user until a date, or for good.',
      description: [
        'Permission users.update. until is a calendar date in UTC (the suspension ends as that day begins; it',
        'must be after today, else 422) or null for a permanent suspension; reason (at most 250 characters) is',
        'for staff. Every session of the user ends at once; signing in (password, two-factor, social) answers',
        '403 account_suspended "Your account has been suspended." (with the end date when there is one); their',
        'API tokens answer 401 with the same message; their shareable links answer 404 like unknown ones.',
        'Nothing is deleted: unsuspending, or the end date passing, gives it all back. Refused with 403 for your',
        'own account and for a holder of admin. Suspending again replaces the date and reason. Audit-logged',
        '(user.suspend).',
      ].join(' '),
      params: AdminUserIdParamsSchema,
      body: SuspendAdminUserBodySchema,
      response: { 200: AdminUserResponseSchema },
    },
    handler: async (request) => ({
      user: await suspension.suspend(source(request), request.params.id, request.body),
    }),
  });

  api.post('/admin/users/:id/unsuspend', {
    schema: {
      tags,
      summary: 'Lift a user’s suspension: they may sign in again and their links open again.',
      description:
        'Permission users.update. A user who is not suspended is answered as is. Audit-logged (user.unsuspend).',
      params: AdminUserIdParamsSchema,
      response: { 200: AdminUserResponseSchema },
    },
    handler: async (request) => ({ user: await suspension.unsuspend(source(request), request.params.id) }),
  });
}
