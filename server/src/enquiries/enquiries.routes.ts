import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type SendEnquiryBody, SendEnquiryBodySchema, SendEnquiryResponseSchema } from '@kosh/contracts';
import { clearFlowCookie } from '../http/cookies.ts';
import { type LimitRule, bodyField, perAccount, perAddress, rateLimited } from '../http/rate-limits.ts';
import { contextOf } from '../http/request-context.ts';
import { HUMAN_CHECK_COOKIE } from '../recaptcha/recaptcha.service.ts';
import type { EnquiriesModule } from './enquiries.module.ts';
import type { EnquiryKind } from './enquiries.service.ts';

const HOUR = 60 * 60_000;
/** Four fields of at most a few KB; anything far bigger is not a form. */
const ENQUIRY_BODY_LIMIT = 32 * 1024;

/**
 * Per client network and per sender address, an hour each, counted across both forms (same
 * names, so alternating between them gains nothing) and across processes (the database store).
 */
const LIMITS: LimitRule[] = [
  { ...perAddress('enquiry-address', 5), windowMs: HOUR },
  { ...perAccount('enquiry-email', 3, bodyField('email')), windowMs: HOUR },
];

const HOW = [
  'No sign-in needed. Needs a passed human check (POST recaptcha/verify, action contact) when',
  'recaptcha.enable.contact is on, spent by this call (403 "Could not verify you are human." without one).',
  'The enquiry is stored, then mailed to contact.email (or the first admin) with Reply-To the sender; a',
  'failed mail keeps it stored and still answers success. 429 past 5 an hour from one client network or 3 an',
  'hour from one sender address.',
].join(' ');

/** POST contact-page and POST reseller (spec part 2, 7 "Commercial"). */
export async function enquiriesRoutes(app: FastifyInstance, { enquiries }: { enquiries: EnquiriesModule }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = rateLimited(app, LIMITS);

  const send =
    (kind: EnquiryKind) => async (request: FastifyRequest<{ Body: SendEnquiryBody }>, reply: FastifyReply) => {
      const nonce = request.cookies[HUMAN_CHECK_COOKIE];
      // A proof serves one form: the browser drops it whatever the answer, as after registration.
      if (nonce !== undefined) clearFlowCookie(reply, HUMAN_CHECK_COOKIE);
      return enquiries.service.send(kind, request.body, {
        userId: request.actor.user?.id ?? null,
        ctx: contextOf(request),
        humanNonce: nonce,
      });
    };

  api.post('/contact-page', {
    preHandler,
    bodyLimit: ENQUIRY_BODY_LIMIT,
    schema: {
      tags: ['site'],
      summary: 'Send a message from the contact page or the calculator’s contact modal.',
      description: HOW,
      body: SendEnquiryBodySchema,
      response: { 200: SendEnquiryResponseSchema },
    },
    handler: send('contact'),
  });

  api.post('/reseller', {
    preHandler,
    bodyLimit: ENQUIRY_BODY_LIMIT,
    schema: {
      tags: ['site'],
      summary: 'Send a reseller enquiry from the landing page form.',
      description: HOW,
      body: SendEnquiryBodySchema,
      response: { 200: SendEnquiryResponseSchema },
    },
    handler: send('reseller'),
  });
}
