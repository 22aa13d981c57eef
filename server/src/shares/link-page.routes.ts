import { clearFlowCookie } from '../http/cookies.ts';
import { HUMAN_CHECK_COOKIE } from '../recaptcha/recaptcha.service.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_PREFIX,
  FileEntriesResponseSchema,
  FileEntryResponseSchema,
  LINK_PASSWORD_ATTEMPTS,
  LINK_UNLOCK_SECONDS,
  LinkDownloadOneQuerySchema,
  LinkDownloadQuerySchema,
  LinkEntryParamsSchema,
  LinkHashParamsSchema,
  SaveLinkToDriveBodySchema,
  ShareableLinkPageQuerySchema,
  ShareableLinkPageSchema,
  UnlockShareableLinkBodySchema,
} from '@kosh/contracts';
import { z } from 'zod';
import type { ByteDelivery } from '../drive/byte-delivery.ts';
import { sendBundle, sendDownload } from '../drive/send-download.ts';
import { partsOf } from '../drive/upload.routes.ts';
import { perAddress, rateLimited } from '../http/rate-limits.ts';
import type { SharesModule } from './shares.module.ts';

const tags = ['shareable links'];
const inside = [
  'Only entries inside the linked entry (or it) are reachable: anything else answers 404, as does a link that is off,',
  'deleted, or whose entry is in trash; an expired link answers 410 link_expired.',
].join(' ');
const unlockNote = [
  'A password-protected link needs the unlock cookie the page call or POST password sets after the right password (403',
  'link_locked without it): the password is not sent with byte requests. A restricted link answers 401 to a logged-out',
  'visitor.',
].join(' ');

/** The unlock cookie of one link: httpOnly, signed, short-lived, sent only to that link's API paths. */
const unlockCookie = (hash: string) => `kosh_link_${hash}`;
const cookiePath = (hash: string) => `/${API_PREFIX}/shareable-links/${hash}`;
const tokenOf = (request: FastifyRequest, hash: string) => request.cookies[unlockCookie(hash)];

/**
 * The proof of a passed human check a password attempt spends (its cookie); the browser drops it
 * whatever the answer, as after registration. None without a password.
 */
function humanProof(request: FastifyRequest, reply: FastifyReply, password: string | undefined): string | undefined {
  if (!password) return undefined;
  const nonce = request.cookies[HUMAN_CHECK_COOKIE];
  if (nonce !== undefined) clearFlowCookie(reply, HUMAN_CHECK_COOKIE);
  return nonce;
}

/** The page call may carry ?password= (spec part 2, 7): its request log gets the address without it. */
const withoutPassword = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: request.url.replace(/([?&]password=)[^&#]*/gi, '$1[redacted]'),
    host: request.host,
    remoteAddress: request.ip,
  }),
};

function setUnlockCookie(request: FastifyRequest, reply: FastifyReply, hash: string, token: string): void {
  reply.setCookie(unlockCookie(hash), token, {
    path: cookiePath(hash),
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: LINK_UNLOCK_SECONDS,
  });
}

/** The shareable link page and what a visitor does through a link (spec part 2, 2-4 and 7). */
export async function linkPageRoutes(
  app: FastifyInstance,
  { shares, delivery }: { shares: SharesModule; delivery: ByteDelivery },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const access = shares.access;
  // Password guesses from one client network across links; per link and network, the service counts.
  const passwordAttempts = rateLimited(app, [perAddress('link-password-address', LINK_PASSWORD_ATTEMPTS.perAddress)]);
  // Probing for hashes: a network past its unknown hashes is refused before any lookup; every 404 counts.
  app.addHook('onRequest', async (request) => {
    await access.refuseProbing(request.ip);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    // An expired link (410) tells that a hash exists, so it counts like an unknown one.
    if (reply.statusCode === 404 || reply.statusCode === 410) await access.countProbe(request.ip);
    return payload;
  });
  const attempt = (request: FastifyRequest, reply: FastifyReply) => async () => {
    await passwordAttempts.call(app, request, reply);
  };

  api.get('/shareable-links/:hash', {
    schema: {
      tags,
      summary:
        "The shareable link page: the link, whether its password is wanted, and the folder's children page by page.",
      description: [
        [
          'Query: loader=shareableLinkPage (also list children), page, perPage, order as orderBy:orderDir (default',
          'updated_at:desc), password, folderHash (a folder inside the linked one).',
        ].join(' '),
        [
          'Answers {link, passwordInvalid, folderChildren: {data, current_page, last_page}} (spec part 2, 3):',
          'link.permissions is the JSON of {allow_download, allow_edit, restricted}; folderChildren is null for a',
          'file.',
        ].join(' '),
        [
          'With a password and none or a wrong one given: passwordInvalid true, link.entry and folderChildren null.',
          'The right password sets the unlock cookie. Wrong passwords are limited per link and client network (429).',
        ].join(' '),
        `${inside} A restricted link answers 401 to a logged-out visitor. Permission links.view (guests hold it).`,
      ].join(' '),
      params: LinkHashParamsSchema,
      querystring: ShareableLinkPageQuerySchema,
      response: { 200: ShareableLinkPageSchema },
    },
    logSerializers: withoutPassword,
    handler: async (request, reply) => {
      const { hash } = request.params;
      const { page, token } = await access.page(request.actor, hash, request.query, {
        token: tokenOf(request, hash),
        password: request.query.password,
        ip: request.ip,
        beforeAttempt: attempt(request, reply),
        humanNonce: humanProof(request, reply, request.query.password),
      });
      if (token) setUnlockCookie(request, reply, hash, token);
      reply.header('cache-control', 'private, no-store');
      return page;
    },
  });

  api.post('/shareable-links/:hash/password', {
    schema: {
      tags,
      summary: 'Unlock a password-protected link without putting the password in an address.',
      description: [
        'The right password sets the unlock cookie (an hour); answers {passwordInvalid}. Wrong passwords are limited',
        'per link and client network, and per network across links (429).',
      ].join(' '),
      params: LinkHashParamsSchema,
      body: UnlockShareableLinkBodySchema,
      response: { 200: z.object({ passwordInvalid: z.boolean() }) },
    },
    handler: async (request, reply) => {
      const { hash } = request.params;
      const token = await access.unlockWith(request.actor, hash, {
        token: tokenOf(request, hash),
        password: request.body.password,
        ip: request.ip,
        beforeAttempt: attempt(request, reply),
        humanNonce: humanProof(request, reply, request.body.password),
      });
      if (token) setUnlockCookie(request, reply, hash, token);
      return { passwordInvalid: token === null };
    },
  });

  api.get('/shareable-links/:hash/entries/:entryHash/download', {
    schema: {
      tags,
      summary: [
        'One file through a link: a preview (inline=1) always, an attachment when the link allows downloads (403',
        'otherwise).',
      ].join(' '),
      description: `Range (206, 416), ETag and the other validators as for a drive download. ${unlockNote} ${inside}`,
      params: LinkEntryParamsSchema,
      querystring: LinkDownloadOneQuerySchema,
    },
    handler: async (request, reply) => {
      const { hash, entryHash } = request.params;
      const inline = request.query.inline === '1' || request.query.inline === 'true';
      const file = await access.file(request.actor, hash, entryHash, tokenOf(request, hash), { inline });
      return sendDownload(request, reply, file, { inline, ...delivery(file.storageKey) });
    },
  });

  api.get('/shareable-links/:hash/entries/:entryHash/thumbnail', {
    schema: {
      tags,
      summary: 'The grid thumbnail of an image inside a link.',
      description: `${unlockNote} ${inside}`,
      params: LinkEntryParamsSchema,
    },
    handler: async (request, reply) => {
      const { hash, entryHash } = request.params;
      const file = await access.thumbnail(request.actor, hash, entryHash, tokenOf(request, hash));
      return sendDownload(request, reply, file, { inline: true, cacheControl: 'private, max-age=86400' });
    },
  });

  api.get('/shareable-links/:hash/download', {
    schema: {
      tags,
      summary: [
        'Download through a link: the linked entry (or hashes inside it), one file as itself, a folder or several',
        'entries as a ZIP streamed as it is built.',
      ].join(' '),
      description: [
        'place=folder with folderId (a folder inside the link; absent: the linked folder) and except names every',
        'entry of that folder but some instead (select all, however many entries the page loaded): the ZIP is then',
        'named after the folder. Needs the link to allow downloads (403 otherwise). 413 before anything is sent past',
        'the entry or byte cap of one ZIP; 429 when the link or address already runs as many ZIPs as it may.',
        `${unlockNote} ${inside}`,
      ].join(' '),
      params: LinkHashParamsSchema,
      querystring: LinkDownloadQuerySchema,
    },
    handler: async (request, reply) => {
      const { hash } = request.params;
      const result = await access.selected(request.actor, hash, request.query, tokenOf(request, hash), request.ip);
      return sendBundle(request, reply, result, delivery);
    },
  });

  api.post('/shareable-links/:hash/save', {
    schema: {
      tags,
      summary: "Save to my drive: copy the linked entry into the caller's drive (root, or destinationId).",
      description: [
        `Logged-in visitors only (401); the link must allow downloads (403). The copy counts against the caller's`,
        `space (413 when it does not fit). ${unlockNote}`,
      ].join(' '),
      params: LinkHashParamsSchema,
      body: SaveLinkToDriveBodySchema,
      response: { 201: FileEntriesResponseSchema },
    },
    handler: async (request, reply) => {
      const { hash } = request.params;
      return reply
        .status(201)
        .send({ entries: await access.saveToDrive(request.actor, hash, tokenOf(request, hash), request.body) });
    },
  });

  api.post('/shareable-links/:hash/upload', {
    schema: {
      tags,
      summary:
        'Upload a file into a linked folder whose link allows editing (multipart/form-data, as POST file-entries).',
      description: [
        `metadata.parentId names a folder inside the link (absent: the linked folder); relativePath creates folders`,
        `inside it. The file belongs to the link's owner and counts against the owner's space. 403 when editing is`,
        `off or the link is to a file. ${unlockNote} ${inside}`,
      ].join(' '),
      params: LinkHashParamsSchema,
      consumes: ['multipart/form-data'],
      response: { 201: FileEntryResponseSchema },
    },
    validatorCompiler:
      ({ httpPart }) =>
      (data: unknown) =>
        httpPart === 'body'
          ? { value: undefined }
          : LinkHashParamsSchema.safeParse(data).success
            ? { value: LinkHashParamsSchema.parse(data) }
            : { error: new Error('Invalid link.') },
    handler: async (request, reply) => {
      const { hash } = request.params;
      const length = Number(request.headers['content-length']);
      const fileEntry = await access.upload(
        request.actor,
        hash,
        tokenOf(request, hash),
        partsOf(request),
        Number.isSafeInteger(length) ? length : undefined,
      );
      return reply.status(201).send({ fileEntry });
    },
  });
}
