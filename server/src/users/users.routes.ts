import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DeleteUserBodySchema,
  GetUserResponseSchema,
  MessageResponseSchema,
  UpdateUserBodySchema,
  UserIdParamsSchema,
} from '@kosh/contracts';
import { clearSessionCookie } from '../http/cookies.ts';
import { contextOf } from '../http/request-context.ts';
import type { AccountModule } from './account.module.ts';

/** The account as the settings page reads and edits it, under api/v1 (spec part 1, 2.7 and 7.2). */
export async function usersRoutes(app: FastifyInstance, deps: { account: AccountModule }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const account = deps.account.service;
  const userAnswer = { 200: GetUserResponseSchema };

  api.get('/me', {
    schema: {
      tags: ['account'],
      summary: 'The signed-in user, with email and email_verified_at.',
      response: userAnswer,
    },
    handler: async (request) => ({ user: await account.me(request.actor, contextOf(request)) }),
  });

  // Registered before users/:id; the router prefers the static segment anyway.
  api.put('/users/skipCounter', {
    schema: {
      tags: ['account'],
      summary: 'Count a "Skip" of the profile prompt.',
      response: { 200: MessageResponseSchema },
    },
    handler: async (request) => {
      await account.skipProfile(request.actor);
      return { message: 'Skipped.' };
    },
  });

  api.get('/users/:id', {
    schema: {
      tags: ['account'],
      summary: 'A user: yourself, or anyone with permission users.update.',
      params: UserIdParamsSchema,
      response: userAnswer,
    },
    handler: async (request) => ({
      user: await account.get(request.actor, request.params.id, contextOf(request)),
    }),
  });

  api.put('/users/:id', {
    schema: {
      tags: ['account'],
      summary: [
        'Update account details (names, country, state, language, timezone, date format); email is read-only.',
        'Yourself, or with users.update.',
      ].join(' '),
      params: UserIdParamsSchema,
      body: UpdateUserBodySchema,
      response: userAnswer,
    },
    handler: async (request) => ({
      user: await account.update(request.actor, request.params.id, request.body, contextOf(request)),
    }),
  });

  api.delete('/users/:id', {
    schema: {
      tags: ['account'],
      summary: [
        'Delete your own account (only your own), with its sessions and tokens. Needs a password confirmation within',
        '9000 s (423 otherwise). Subscriptions not yet ended are cancelled at Stripe first; 502 and nothing deleted',
        'while Stripe cannot be reached.',
      ].join(' '),
      params: UserIdParamsSchema,
      body: DeleteUserBodySchema,
      response: { 200: MessageResponseSchema },
    },
    handler: async (request, reply) => {
      await account.delete(request.actor, request.params.id, contextOf(request));
      clearSessionCookie(reply);
      return { message: 'Account deleted' };
    },
  });
}
