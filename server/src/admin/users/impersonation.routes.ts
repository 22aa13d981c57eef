import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AdminUserIdParamsSchema, ImpersonationResponseSchema } from '@kosh/contracts';
import type { BootstrapAnswers } from '../../bootstrap/bootstrap-answers.ts';
import {
  IMPERSONATOR_COOKIE,
  clearImpersonatorCookie,
  clearSessionCookie,
  setActiveWorkspaceCookie,
  setImpersonatorCookie,
  setSessionCookie,
} from '../../http/cookies.ts';
import { contextOf } from '../../http/request-context.ts';
import type { AdminUsersModule } from './admin-users.module.ts';

const tags = ['admin'];

/** "Log in as user" and back (admin area, users). */
export async function impersonationRoutes(
  app: FastifyInstance,
  deps: { adminUsers: AdminUsersModule; answers: BootstrapAnswers },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { impersonation } = deps.adminUsers;
  const { answers } = deps;

  api.post('/admin/users/:id/impersonate', {
    schema: {
      tags,
      summary: 'Log in as the user, to see what they see; answers their bootstrap data.',
      description: [
        'Permission admin, from a signed-in browser (not an API token). Refused with 403 for yourself, another',
        'admin, or while already logged in as someone; 409 for a suspended user; 404 for an unknown one. The',
        'browser gets a session of the user (ending with the browser, and after 8 hours at most) and the admin’s',
        'own session is set aside under a new token in a separate httpOnly, SameSite=Strict cookie. While it lasts',
        'user.impersonator names the admin (for a banner), and changing the password, two-factor, API tokens,',
        'logging out other sessions and deleting the account answer 403 "Not available while logged in as',
        'another user.". The session ends when the admin loses admin. Audit-logged (user.impersonate).',
      ].join(' '),
      params: AdminUserIdParamsSchema,
      response: { 200: ImpersonationResponseSchema },
    },
    handler: async (request, reply) => {
      const started = await impersonation.start(request.actor, contextOf(request), request.params.id);
      setImpersonatorCookie(request, reply, started.stash);
      setSessionCookie(request, reply, started.session.token, false);
      setActiveWorkspaceCookie(request, reply, await answers.lastWorkspaceOf(started.userId));
      const staff = request.actor.requireUser();
      return { bootstrapData: await answers.forUser(request, started.userId, started.session.id, staff) };
    },
  });

  api.post('/admin/impersonation/stop', {
    schema: {
      tags,
      summary: 'Back to your own account after logging in as a user; answers your bootstrap data.',
      description: [
        'Ends the session of the user and restores the admin’s own, set aside at the start, under a new token;',
        'when that session has ended meanwhile, the browser is logged out and gets a visitor’s data. 409 when',
        'the call is not made as another user. Audit-logged (user.impersonate_stop) in the admin’s name.',
      ].join(' '),
      response: { 200: ImpersonationResponseSchema },
    },
    handler: async (request, reply) => {
      const stash = request.cookies[IMPERSONATOR_COOKIE];
      const { restored } = await impersonation.stop(request.actor, contextOf(request), stash);
      clearImpersonatorCookie(reply);
      if (!restored) {
        clearSessionCookie(reply);
        return { bootstrapData: await answers.forGuest(request) };
      }
      setSessionCookie(request, reply, restored.token, restored.remember);
      setActiveWorkspaceCookie(request, reply, await answers.lastWorkspaceOf(restored.userId));
      return { bootstrapData: await answers.forUser(request, restored.userId, restored.id) };
    },
  });
}
