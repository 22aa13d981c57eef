import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CreateAccessTokenBodySchema,
  CreateAccessTokenResponseSchema,
  DeleteAccessTokenParamsSchema,
  ListUserSessionsResponseSchema,
  LogoutOtherSessionsBodySchema,
  MessageResponseSchema,
  ResendEmailVerificationBodySchema,
  VerifyEmailBodySchema,
} from '@kosh/contracts';
import { bodyField, perAccount, perAddress, rateLimited } from '../http/rate-limits.ts';
import { contextOf } from '../http/request-context.ts';
import type { AuthModule } from './auth.module.ts';

/** Email verification, sessions and API tokens, under api/v1 (spec part 1, 2.5, 2.7, 7.2). */
export async function accountSecurityRoutes(app: FastifyInstance, { auth }: { auth: AuthModule }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { emailVerification, sessions, accessTokens } = auth;
  const message = { 200: MessageResponseSchema };

  api.post('/validate-email-verification-otp', {
    preHandler: rateLimited(app, [
      perAccount('otp-account', 5, (r) => r.actor.user?.id),
      perAddress('otp-address', 20),
    ]),
    schema: {
      tags: ['account'],
      summary: 'Verify the signed-in user’s address with the 6-digit code from the mail (valid 30 minutes).',
      body: VerifyEmailBodySchema,
      response: message,
    },
    handler: async (request) => {
      await emailVerification.verify(request.actor, request.body.code);
      return { message: 'Your email address is verified.' };
    },
  });

  api.post('/resend-email-verification', {
    preHandler: rateLimited(app, [
      perAccount('resend-account', 3, bodyField('email')),
      perAddress('resend-address', 10),
    ]),
    schema: {
      tags: ['account'],
      summary: [
        'Mail a new verification code (the old one stops working). Signed in: to your own address. Visitors get the',
        'same answer whether or not the address has an account.',
      ].join(' '),
      body: ResendEmailVerificationBodySchema,
      response: message,
    },
    handler: async (request) => {
      await emailVerification.resend(request.actor, request.body.email, { ifNonePending: request.body.ifNonePending });
      return { message: 'Email sent' };
    },
  });

  api.get('/user-sessions', {
    schema: {
      tags: ['account'],
      summary: 'The signed-in user’s sessions, most recently active first.',
      response: { 200: ListUserSessionsResponseSchema },
    },
    handler: async (request) => ({ sessions: await sessions.list(request.actor, contextOf(request)) }),
  });

  api.post('/user-sessions/logout-other', {
    preHandler: rateLimited(app, [perAccount('logout-other', 5, (r) => r.actor.user?.id)]),
    schema: {
      tags: ['account'],
      summary: [
        'End every other session of the user. Needs the password and a password confirmation within 9000 s (423',
        'otherwise).',
      ].join(' '),
      body: LogoutOtherSessionsBodySchema,
      response: message,
    },
    handler: async (request) => {
      await sessions.logoutOthers(request.actor, contextOf(request), request.body.password);
      return { message: 'Logged out other sessions.' };
    },
  });

  api.post('/access-tokens', {
    preHandler: rateLimited(app, [perAccount('token-create', 10, (r) => r.actor.user?.id)]),
    schema: {
      tags: ['account'],
      summary: [
        'Create a personal API token (permission api.access, setting api.integrated). The plain token is in this',
        'answer only.',
      ].join(' '),
      body: CreateAccessTokenBodySchema,
      response: { 200: CreateAccessTokenResponseSchema },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return accessTokens.create(request.actor, request.body.tokenName);
    },
  });

  api.delete('/access-tokens/:id', {
    schema: {
      tags: ['account'],
      summary: 'Delete one of your own API tokens (404 for anyone else’s).',
      params: DeleteAccessTokenParamsSchema,
      response: message,
    },
    handler: async (request) => {
      await accessTokens.delete(request.actor, request.params.id);
      return { message: 'Token deleted' };
    },
  });
}
