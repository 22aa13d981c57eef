import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ConnectSocialBodySchema,
  ConnectSocialResponseSchema,
  MessageResponseSchema,
  SocialServiceParamsSchema,
  type SocialService as ServiceName,
} from '@kosh/contracts';
import type { BootstrapAnswers } from '../../bootstrap/bootstrap-answers.ts';
import { AppError } from '../../http/app-error.ts';
import { perAddress, rateLimited } from '../../http/rate-limits.ts';
import { clearFlowCookie, setFlowCookie, setSessionCookie } from '../../http/cookies.ts';
import { contextOf } from '../../http/request-context.ts';
import type { AuthModule } from '../auth.module.ts';
import { answerSignedIn } from '../sign-in.ts';
import { sendPopupResult } from './social-popup.ts';
import { SOCIAL_FLOW_SECONDS } from './social.service.ts';

const STATE_COOKIE = 'kosh_oauth';
const PENDING_COOKIE = 'kosh_social';
const COOKIE_PATH = '/secure/auth/social';
const GENERIC_ERROR = 'An error occurred. Please try again later';

/** Social sign-in popups and account links, under /secure (spec part 1, 2.8 and 7.2). */
export async function socialRoutes(
  app: FastifyInstance,
  { auth, answers }: { auth: AuthModule; answers: BootstrapAnswers },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const social = auth.social;
  const originOf = (request: FastifyRequest) => new URL(contextOf(request).baseUrl).origin;
  const popupError = (request: FastifyRequest, reply: FastifyReply, error: unknown) => {
    if (!(error instanceof AppError)) request.log.error({ err: error }, 'social sign-in failed');
    return sendPopupResult(reply, originOf(request), {
      status: 'ERROR',
      callbackData: { errorMessage: error instanceof AppError ? error.message : GENERIC_ERROR },
    });
  };

  const begin =
    (mode: 'login' | 'connect') =>
    async (request: FastifyRequest<{ Params: { service: ServiceName } }>, reply: FastifyReply) => {
      try {
        const { url, state } = await social.begin(request.actor, request.params.service, mode, contextOf(request));
        setFlowCookie(request, reply, STATE_COOKIE, state, SOCIAL_FLOW_SECONDS, COOKIE_PATH);
        return reply.header('cross-origin-opener-policy', 'unsafe-none').redirect(url);
      } catch (error) {
        return popupError(request, reply, error);
      }
    };
  const popupRoute = { tags: ['auth'], params: SocialServiceParamsSchema };
  api.get('/auth/social/:service/login', {
    schema: { ...popupRoute, summary: 'Popup: sign in with the provider (redirects to it).' },
    handler: begin('login'),
  });
  api.get('/auth/social/:service/connect', {
    schema: { ...popupRoute, summary: 'Popup: link the provider account to the signed-in user.' },
    handler: begin('connect'),
  });

  api.get('/auth/social/:service/callback', {
    schema: {
      ...popupRoute,
      summary: [
        "The provider's redirect back: answers a page that posts {type: 'social-auth', status, callbackData} to the",
        'opener.',
      ].join(' '),
    },
    handler: async (request, reply) => {
      try {
        const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
        const outcome = await social.complete(
          request.actor,
          request.params.service,
          query,
          request.cookies[STATE_COOKIE],
          contextOf(request),
        );
        clearFlowCookie(reply, STATE_COOKIE, COOKIE_PATH);
        if (outcome.status === 'ERROR')
          return sendPopupResult(reply, originOf(request), {
            status: 'ERROR',
            callbackData: { errorMessage: outcome.message },
          });
        if (outcome.status === 'ALREADY_LOGGED_IN')
          return sendPopupResult(reply, originOf(request), { status: 'ALREADY_LOGGED_IN', callbackData: {} });
        if (outcome.status === 'REQUEST_PASSWORD') {
          setFlowCookie(request, reply, PENDING_COOKIE, outcome.pending, SOCIAL_FLOW_SECONDS, COOKIE_PATH);
          return sendPopupResult(reply, originOf(request), { status: 'REQUEST_PASSWORD', callbackData: {} });
        }
        if (outcome.session) setSessionCookie(request, reply, outcome.session.token, true);
        const bootstrapData = await answers.forUser(request, outcome.userId, outcome.session?.id ?? request.sessionId);
        return sendPopupResult(reply, originOf(request), { status: 'SUCCESS', callbackData: { bootstrapData } });
      } catch (error) {
        return popupError(request, reply, error);
      }
    },
  });

  api.post('/auth/social/connect', {
    preHandler: rateLimited(app, [perAddress('social-connect-address', 10)]),
    schema: {
      tags: ['auth'],
      summary: [
        'After REQUEST_PASSWORD: the password of the existing account with the provider’s address links the two and',
        'signs in. Answers {bootstrapData}.',
      ].join(' '),
      body: ConnectSocialBodySchema,
      response: { 200: ConnectSocialResponseSchema },
    },
    handler: async (request, reply) => {
      const signedIn = await social.connectWithPassword(
        request.cookies[PENDING_COOKIE],
        request.body.password,
        contextOf(request),
      );
      clearFlowCookie(reply, PENDING_COOKIE, COOKIE_PATH);
      return { bootstrapData: await answerSignedIn(request, reply, answers, { ...signedIn, remember: true }) };
    },
  });

  api.post('/auth/social/:service/disconnect', {
    schema: {
      tags: ['auth'],
      summary: 'Unlink the provider account from the signed-in user.',
      params: SocialServiceParamsSchema,
      response: { 200: MessageResponseSchema },
    },
    handler: async (request) => {
      await social.disconnect(request.actor, request.params.service);
      return { message: 'Disconnected.' };
    },
  });
}
