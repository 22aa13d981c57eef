import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../http/app-error.ts';
import { AD_FRAME_CSP, AD_PREVIEW_DOCUMENT, adDocument } from './ad-document.ts';
import type { AdsModule } from './ads.module.ts';

/**
 * GET /ads/:slot, outside the API: the HTML document of one ad slot, framed by the web app in a
 * sandboxed iframe. It carries its own policy and sets no cookie.
 */
export async function adsRoutes(app: FastifyInstance, { ads }: { ads: AdsModule }) {
  const frameHeaders = (reply: FastifyReply) =>
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer')
      .header('content-security-policy', AD_FRAME_CSP);
  // The anti-forgery cookie every other answer may set has no business in an ad's frame.
  const setNoCookie = async (_request: FastifyRequest, reply: FastifyReply) => {
    reply.removeHeader('set-cookie');
  };

  // The admin area's live preview of unsaved ad code: the same frame, filled by its parent page.
  app.get('/ads/preview', { schema: { hide: true }, onSend: setNoCookie }, async (_request, reply) =>
    frameHeaders(reply).send(AD_PREVIEW_DOCUMENT),
  );

  app.withTypeProvider<ZodTypeProvider>().get('/ads/:slot', {
    schema: { hide: true, params: z.object({ slot: z.string().max(50) }) },
    onSend: setNoCookie,
    handler: async (request, reply) => {
      const snippet = await ads.service.snippetFor(request.actor, request.params.slot);
      if (snippet === undefined) throw notFound('No ad here.');
      return frameHeaders(reply).send(adDocument(snippet));
    },
  });
}
