import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminUserIdParamsSchema,
  AdminUserResponseSchema,
  AdminUserTokenParamsSchema,
  AdminUserTokensResponseSchema,
  EndAdminUserSessionsResponseSchema,
  ListUserSessionsResponseSchema,
  MessageResponseSchema,
  SuspendAdminUserBodySchema,
} from '@kosh/contracts';
import type { AdminUsersModule } from './admin-users.module.ts';

const tags = ['admin'];
const ADMIN_ACCOUNTS = 'An admin’s account may be changed by admins only (403).';

/** Suspension and the security tab of a user (admin area, users). */
export async function adminUserSecurityRoutes(app: FastifyInstance, deps: { adminUsers: AdminUsersModule }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { suspension, security } = deps.adminUsers;
  const source = (request: FastifyRequest) => ({ actor: request.actor, ip: request.ip, baseUrl: request.linkBaseUrl });

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

  api.get('/admin/users/:id/sessions', {
    schema: {
      tags,
      summary: 'The user’s live sessions: device, browser, platform, place, address and last activity.',
      description: 'Permission users.update. Most recently active first. 404 for an unknown user.',
      params: AdminUserIdParamsSchema,
      response: { 200: ListUserSessionsResponseSchema },
    },
    handler: async (request) => ({ sessions: await security.sessions(request.actor, request.params.id) }),
  });

  api.delete('/admin/users/:id/sessions', {
    schema: {
      tags,
      summary: 'Log the user out everywhere: every session ends (API tokens stay; revoke them one by one).',
      description: `Permission users.update. ${ADMIN_ACCOUNTS} Audit-logged (user.sessions_end).`,
      params: AdminUserIdParamsSchema,
      response: { 200: EndAdminUserSessionsResponseSchema },
    },
    handler: async (request) => security.endSessions(source(request), request.params.id),
  });

  api.delete('/admin/users/:id/two-factor', {
    schema: {
      tags,
      summary: 'Turn off the user’s two-factor sign-in (a lost phone), or drop a setup under way.',
      description: [
        'Permission users.update. The user gets the security notification of two-factor being turned off (by',
        `their notification settings). 409 when it is not on. ${ADMIN_ACCOUNTS} Audit-logged (user.two_factor_off).`,
      ].join(' '),
      params: AdminUserIdParamsSchema,
      response: { 200: AdminUserResponseSchema },
    },
    handler: async (request) => ({ user: await security.disableTwoFactor(source(request), request.params.id) }),
  });

  api.post('/admin/users/:id/password-reset', {
    schema: {
      tags,
      summary: 'Mail the user a password reset link, as “Forgot your password” does.',
      description: [
        'Permission users.update. The link works once, within the hour; the one sent before stops working.',
        `${ADMIN_ACCOUNTS} Audit-logged (user.password_reset_mail).`,
      ].join(' '),
      params: AdminUserIdParamsSchema,
      response: { 200: MessageResponseSchema },
    },
    handler: async (request) => {
      await security.sendPasswordReset(source(request), request.params.id);
      return { message: 'Email sent' };
    },
  });

  api.get('/admin/users/:id/access-tokens', {
    schema: {
      tags,
      summary: 'The user’s API tokens: names and last use, never the tokens themselves.',
      description: 'Permission users.update. Newest first. 404 for an unknown user.',
      params: AdminUserIdParamsSchema,
      response: { 200: AdminUserTokensResponseSchema },
    },
    handler: async (request) => ({ tokens: await security.tokens(request.actor, request.params.id) }),
  });

  api.delete('/admin/users/:id/access-tokens/:tokenId', {
    schema: {
      tags,
      summary: 'Revoke one of the user’s API tokens; calls made with it answer 401 from then on.',
      description: [
        'Permission users.update. 404 for a token that is not the user’s.',
        `${ADMIN_ACCOUNTS} Audit-logged (user.token_revoke).`,
      ].join(' '),
      params: AdminUserTokenParamsSchema,
    },
    handler: async (request, reply) => {
      await security.revokeToken(source(request), request.params.id, request.params.tokenId);
      return reply.status(204).send();
    },
  });
}
