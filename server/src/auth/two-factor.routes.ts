import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ConfirmTwoFactorBodySchema, GetTwoFactorQrCodeResponseSchema, MessageResponseSchema } from '@kosh/contracts';
import { perAccount, rateLimited } from '../http/rate-limits.ts';
import { contextOf } from '../http/request-context.ts';
import type { AuthModule } from './auth.module.ts';
import { setRotatedSession } from './sign-in.ts';

const NEEDS_CONFIRMATION = 'Needs a password confirmation within the last 9000 s (423 otherwise).';
const NEW_COOKIE = 'The session gets a new cookie (the old one stops working).';

/** Two-factor setup under /auth/user (spec part 1, 4 "Two-factor section" and 7.2). */
export async function twoFactorRoutes(app: FastifyInstance, { auth }: { auth: AuthModule }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { twoFactor } = auth;
  const message = { 200: MessageResponseSchema };

  api.post('/user/two-factor-authentication', {
    schema: {
      tags: ['auth'],
      summary: [
        'Start two-factor setup: a new secret and 8 recovery codes, pending until confirmed.',
        NEEDS_CONFIRMATION,
        NEW_COOKIE,
      ].join(' '),
      response: message,
    },
    handler: async (request, reply) => {
      setRotatedSession(request, reply, await twoFactor.enable(request.actor, contextOf(request)));
      return { message: 'Two factor authentication is pending confirmation.' };
    },
  });

  api.delete('/user/two-factor-authentication', {
    schema: {
      tags: ['auth'],
      summary: `Turn two-factor off (also cancels a pending setup). ${NEEDS_CONFIRMATION} ${NEW_COOKIE}`,
      response: message,
    },
    handler: async (request, reply) => {
      setRotatedSession(request, reply, await twoFactor.disable(request.actor, contextOf(request)));
      return { message: 'Two factor authentication has been disabled.' };
    },
  });

  api.get('/user/two-factor/qr-code', {
    schema: {
      tags: ['auth'],
      summary: [
        `The QR code (SVG) and setup key of a pending setup; once confirmed, the secret is never shown again.`,
        `${NEEDS_CONFIRMATION}`,
      ].join(' '),
      response: { 200: GetTwoFactorQrCodeResponseSchema },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return twoFactor.qrCode(request.actor, contextOf(request));
    },
  });

  api.post('/user/confirmed-two-factor-authentication', {
    preHandler: rateLimited(app, [perAccount('2fa-confirm', 5, (r) => r.actor.user?.id)]),
    schema: {
      tags: ['auth'],
      summary: `Finish setup with a current 6-digit code. ${NEEDS_CONFIRMATION} ${NEW_COOKIE}`,
      body: ConfirmTwoFactorBodySchema,
      response: message,
    },
    handler: async (request, reply) => {
      setRotatedSession(request, reply, await twoFactor.confirm(request.actor, contextOf(request), request.body.code));
      return { message: 'Two factor authentication has been enabled.' };
    },
  });

  api.post('/user/two-factor-recovery-codes', {
    schema: {
      tags: ['auth'],
      summary: `Replace the recovery codes with 8 new ones. ${NEEDS_CONFIRMATION}`,
      response: message,
    },
    handler: async (request) => {
      await twoFactor.regenerateRecoveryCodes(request.actor, contextOf(request));
      return { message: 'Recovery codes regenerated.' };
    },
  });
}
