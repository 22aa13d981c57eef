import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ConfirmPasswordBodySchema,
  GetPasswordConfirmationQuerySchema,
  GetPasswordConfirmationResponseSchema,
  MessageResponseSchema,
  ResetPasswordBodySchema,
  SendPasswordResetBodySchema,
  UpdatePasswordBodySchema,
} from '@kosh/contracts';
import { perAccount, perAddress, rateLimited } from '../http/rate-limits.ts';
import { contextOf } from '../http/request-context.ts';
import type { AuthModule } from './auth.module.ts';
import { setRotatedSession } from './sign-in.ts';

/** Forgotten, reset and changed passwords, and password confirmation, under /auth (spec part 1, 7.2). */
export async function passwordRoutes(app: FastifyInstance, { auth }: { auth: AuthModule }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { passwords, sessions } = auth;
  const message = { 200: MessageResponseSchema };

  api.post('/forgot-password', {
    preHandler: rateLimited(app, [perAddress('forgot-address', 10)]),
    schema: {
      tags: ['auth'],
      summary: [
        'Mail a reset link (valid 60 minutes, once) when the address has an account. The answer is the same either',
        'way.',
      ].join(' '),
      body: SendPasswordResetBodySchema,
      response: message,
    },
    handler: async (request) => {
      await passwords.requestReset(request.body.email, contextOf(request));
      return { message: 'If an account uses this address, we have emailed a link to reset its password.' };
    },
  });

  api.post('/reset-password', {
    preHandler: rateLimited(app, [perAddress('reset-address', 10)]),
    schema: {
      tags: ['auth'],
      summary: [
        'Set a new password with the emailed token. Every session of the account ends and every API token of it is',
        'revoked (whoever knew the old password may have made one); sign in again.',
      ].join(' '),
      body: ResetPasswordBodySchema,
      response: message,
    },
    handler: async (request) => {
      await passwords.reset(request.body);
      return { message: 'Your password has been reset!' };
    },
  });

  api.put('/user/password', {
    preHandler: rateLimited(app, [perAccount('password-change', 5, (r) => r.actor.user?.id)]),
    schema: {
      tags: ['auth'],
      summary: 'Change the password (current one required); the other sessions end, this one gets a new cookie.',
      body: UpdatePasswordBodySchema,
      response: message,
    },
    handler: async (request, reply) => {
      setRotatedSession(request, reply, await passwords.update(request.actor, contextOf(request), request.body));
      return { message: 'Password changed' };
    },
  });

  api.post('/user/confirm-password', {
    preHandler: rateLimited(app, [perAddress('confirm-address', 10)]),
    schema: {
      tags: ['auth'],
      summary: [
        'Confirm the password for this session; sensitive actions (two-factor, other sessions, account deletion)',
        'then pass for 9000 s. The session gets a new cookie.',
      ].join(' '),
      body: ConfirmPasswordBodySchema,
      response: message,
    },
    handler: async (request, reply) => {
      const rotated = await sessions.confirmPassword(request.actor, contextOf(request), request.body.password);
      setRotatedSession(request, reply, rotated);
      return { message: 'Password confirmed.' };
    },
  });

  api.get('/user/confirmed-password-status', {
    schema: {
      tags: ['auth'],
      summary: 'Whether this session confirmed its password within `seconds` (at most 9000).',
      querystring: GetPasswordConfirmationQuerySchema,
      response: { 200: GetPasswordConfirmationResponseSchema },
    },
    handler: async (request) => {
      request.actor.requireUser();
      return { confirmed: await sessions.isPasswordConfirmed(contextOf(request), request.query.seconds) };
    },
  });
}
