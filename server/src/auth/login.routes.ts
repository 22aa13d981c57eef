import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ChallengeTwoFactorBodySchema,
  ChallengeTwoFactorResponseSchema,
  LoginUserBodySchema,
  LoginUserResponseSchema,
  RegisterUserBodySchema,
  RegisterUserResponseSchema,
} from '@kosh/contracts';
import type { BootstrapAnswers } from '../bootstrap/bootstrap-answers.ts';
import { perAddress, rateLimited } from '../http/rate-limits.ts';
import { HUMAN_CHECK_COOKIE } from '../recaptcha/recaptcha.service.ts';
import { TWO_FACTOR_CHALLENGE_SECONDS, TWO_FACTOR_COOKIE } from './login.service.ts';
import { clearFlowCookie, setFlowCookie } from '../http/cookies.ts';
import { contextOf } from '../http/request-context.ts';
import type { AuthModule } from './auth.module.ts';
import { answerSignedIn } from './sign-in.ts';

/** Sign-in, its two-factor step and registration, under /auth (spec part 1, 7.2). */
export async function loginRoutes(
  app: FastifyInstance,
  { auth, answers }: { auth: AuthModule; answers: BootstrapAnswers },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { login, registration } = auth;

  api.post('/login', {
    preHandler: rateLimited(app, [perAddress('login-address', 10)]),
    schema: {
      tags: ['auth'],
      summary: [
        'Sign in with email and password. Answers {two_factor: true} when the account has two-factor on (then call',
        'two-factor-challenge), else {bootstrapData} with a session cookie (30 days with remember).',
      ].join(' '),
      body: LoginUserBodySchema,
      response: { 200: LoginUserResponseSchema },
    },
    handler: async (request, reply) => {
      const outcome = await login.attempt(request.body, contextOf(request));
      if (outcome.kind === 'two_factor') {
        setFlowCookie(request, reply, TWO_FACTOR_COOKIE, outcome.challenge, TWO_FACTOR_CHALLENGE_SECONDS, '/auth');
        return { two_factor: true as const };
      }
      return {
        bootstrapData: await answerSignedIn(request, reply, answers, {
          userId: outcome.user.id,
          session: outcome.session,
          remember: outcome.remember,
        }),
      };
    },
  });

  api.post('/two-factor-challenge', {
    preHandler: rateLimited(app, [perAddress('2fa-address', 10)]),
    schema: {
      tags: ['auth'],
      summary: [
        'The second step of a sign-in: a 6-digit authenticator code or a 21-character recovery code (each recovery',
        'code works once). Answers {bootstrapData}.',
      ].join(' '),
      body: ChallengeTwoFactorBodySchema,
      response: { 200: ChallengeTwoFactorResponseSchema },
    },
    handler: async (request, reply) => {
      const signedIn = await login.challenge(request.cookies[TWO_FACTOR_COOKIE], request.body, contextOf(request));
      clearFlowCookie(reply, TWO_FACTOR_COOKIE, '/auth');
      return {
        bootstrapData: await answerSignedIn(request, reply, answers, {
          userId: signedIn.user.id,
          session: signedIn.session,
          remember: signedIn.remember,
        }),
      };
    },
  });

  api.post('/register', {
    preHandler: rateLimited(app, [perAddress('register-address', 10)]),
    schema: {
      tags: ['auth'],
      summary: [
        'Create an account and sign in. One boolean per registration policy id (setting registration.policies) must',
        'be true. Refused (403) when registration is disabled, unless an invitation allows it, and without a passed',
        'human check when recaptcha.enable.register is on. status is needs_email_verification when',
        'require_email_confirmation is on.',
      ].join(' '),
      body: RegisterUserBodySchema,
      response: { 200: RegisterUserResponseSchema },
    },
    handler: async (request, reply) => {
      const result = await registration.register(request.body, contextOf(request), request.cookies[HUMAN_CHECK_COOKIE]);
      clearFlowCookie(reply, HUMAN_CHECK_COOKIE);
      const bootstrapData = await answerSignedIn(request, reply, answers, {
        userId: result.user.id,
        session: result.session,
        remember: false,
      });
      return { status: result.status, bootstrapData };
    },
  });
}
