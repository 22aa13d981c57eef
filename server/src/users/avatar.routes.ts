import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AVATAR_MAX_BYTES, GetUserResponseSchema, UploadAvatarBodySchema, UserIdParamsSchema } from '@kosh/contracts';
import { contextOf } from '../http/request-context.ts';
import { notFound, validation } from '../http/app-error.ts';
import { perAccount, rateLimited } from '../http/rate-limits.ts';
import type { AccountModule } from './account.module.ts';
import type { AvatarInput } from './avatar.service.ts';

/** Reads `file` (at most 2 MB) and `url` from a multipart form, or `url` from JSON. */
export async function readAvatarInput(request: FastifyRequest): Promise<AvatarInput> {
  if (!request.isMultipart()) {
    const parsed = UploadAvatarBodySchema.safeParse(request.body ?? {});
    if (!parsed.success) throw validation({ file: ['Please select an image.'] });
    return { url: parsed.data.url };
  }
  const input: AvatarInput = {};
  // Past 2 MB the file is cut off and flagged as truncated rather than failing the whole form.
  // throwFileSizeLimit is read at run time but missing from the plugin's option type.
  const options = {
    limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5 },
    throwFileSizeLimit: false,
  } as Parameters<typeof request.parts>[0];
  for await (const part of request.parts(options)) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer();
      if (part.fieldname !== 'file') continue;
      if (part.file.truncated) input.fileTooLarge = true;
      else input.file = bytes;
    } else if (part.fieldname === 'url' && typeof part.value === 'string') {
      input.url = part.value.slice(0, 2048);
    }
  }
  return input;
}

/** Profile images (spec part 1, 2.7 and 7.2) and the public address they are served from. */
export async function avatarRoutes(app: FastifyInstance, deps: { account: AccountModule }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { avatars, service: account } = deps.account;

  api.post('/users/:id/avatar', {
    preHandler: rateLimited(app, [perAccount('avatar', 20, (r) => r.actor.user?.id)]),
    schema: {
      tags: ['account'],
      summary: [
        'Set the profile image: multipart `file` (an image, at most 2 MB) or `url` (fetched by the server:',
        'http/https to public addresses only, 2 MB, 10 s). Re-encoded as WebP. Errors are on `file`.',
      ].join(' '),
      params: UserIdParamsSchema,
      response: { 200: GetUserResponseSchema },
    },
    handler: async (request) => {
      const input = await readAvatarInput(request);
      await avatars.upload(request.actor, request.params.id, input);
      return { user: await account.get(request.actor, request.params.id, contextOf(request)) };
    },
  });

  api.delete('/users/:id/avatar', {
    schema: {
      tags: ['account'],
      summary: 'Remove the profile image.',
      params: UserIdParamsSchema,
      response: { 200: GetUserResponseSchema },
    },
    handler: async (request) => {
      await avatars.remove(request.actor, request.params.id);
      return { user: await account.get(request.actor, request.params.id, contextOf(request)) };
    },
  });

  api.get('/avatars/:file', {
    schema: {
      tags: ['account'],
      summary: 'A profile image (public; names are random and never reused).',
      params: z.object({ file: z.string().max(100) }),
    },
    handler: async (request, reply) => {
      const stream = avatars.open(request.params.file);
      if (!stream) throw notFound();
      return reply
        .header('content-type', 'image/webp')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(stream);
    },
  });
}
