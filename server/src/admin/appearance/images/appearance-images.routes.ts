import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CUSTOM_PAGE_IMAGE_MAX_BYTES, Permission, UploadedAppearanceImageSchema } from '@kosh/contracts';
import { readImage } from '../../pages/page-images.routes.ts';
import type { PageImagesService } from '../../pages/page-images.service.ts';
import type { FaviconService } from './favicon.service.ts';

/**
 * Images of the appearance editor (logos, favicon, landing images): stored and served as custom
 * pages' images are (re-encoded to WebP, public, a year in caches), and the favicon sizes made from them.
 */
export async function appearanceImagesRoutes(
  app: FastifyInstance,
  deps: { images: PageImagesService; favicons: FaviconService },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post('/admin/appearance/images', {
    schema: {
      tags: ['admin'],
      summary: 'Upload a logo, favicon or landing image: multipart `file`, JPEG, PNG, WebP, GIF or AVIF.',
      description: [
        `Permission appearance.update. At most ${CUSTOM_PAGE_IMAGE_MAX_BYTES / 1024 / 1024} MB (413 past it);`,
        'anything else, SVG included, is 422 errors.file. Re-encoded as WebP (at most 1600 px a side) and',
        "stored like custom pages' images; answers the address to save in the setting.",
      ].join(' '),
      response: { 201: UploadedAppearanceImageSchema },
    },
    handler: async (request, reply) => {
      const { url } = await deps.images.upload(request.actor, () => readImage(request), Permission.appearanceUpdate);
      return reply.status(201).send({ url });
    },
  });

  api.get('/appearance/favicons/:name', {
    schema: {
      tags: ['shell'],
      summary: 'A size of the uploaded favicon as PNG (public; the name holds the image and never changes).',
      params: z.object({ name: z.string().max(100) }),
    },
    handler: async (request, reply) => {
      const stream = await deps.favicons.open(request.params.name);
      return reply
        .header('content-type', 'image/png')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(stream);
    },
  });
}
