import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CUSTOM_PAGE_IMAGE_MAX_BYTES, CustomPageImageResponseSchema } from '@kosh/contracts';
import { validation } from '../../http/app-error.ts';
import type { IncomingImage } from './page-images.service.ts';
import type { PagesAdminModule } from './pages-admin.module.ts';

/**
 * The form's `file` part as it streams in. Past the limit it is cut off and flagged rather than
 * failing the form, so the service can answer 413. throwFileSizeLimit is read at run time but is
 * missing from the plugin's option type.
 */
export async function readImage(
  request: FastifyRequest,
  maxBytes: number = CUSTOM_PAGE_IMAGE_MAX_BYTES,
): Promise<IncomingImage | undefined> {
  if (!request.isMultipart()) throw validation({ file: ['Send the image as multipart/form-data.'] });
  const options = {
    limits: { fileSize: maxBytes, files: 1, fields: 2, parts: 3 },
    throwFileSizeLimit: false,
  } as Parameters<typeof request.file>[0];
  const part = await request.file(options);
  if (part?.fieldname === 'file')
    return { stream: part.file, type: part.mimetype, isTruncated: () => part.file.truncated };
  // A file under another name is let through unread: the form's parser waits for its end.
  part?.file.resume();
  return undefined;
}

/** Images uploaded into custom pages, and the public address pages show them from. */
export async function pageImagesRoutes(app: FastifyInstance, deps: { pages: PagesAdminModule }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const images = deps.pages.images;

  api.post('/admin/custom-pages/images', {
    schema: {
      tags: ['admin'],
      summary: 'Upload an image for a custom page: multipart `file`, JPEG, PNG, WebP, GIF or AVIF.',
      description: [
        `Permission custom_pages.update. At most ${CUSTOM_PAGE_IMAGE_MAX_BYTES / 1024 / 1024} MB (413 past it);`,
        'anything that is not such an image is 422 errors.file. Re-encoded as WebP (at most 1600 px a side) and',
        'stored like any file; answers the address to put in the page and its size in pixels.',
      ].join(' '),
      response: { 201: CustomPageImageResponseSchema },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await images.upload(request.actor, () => readImage(request))),
  });

  api.get('/custom-pages/images/:name', {
    schema: {
      tags: ['pages'],
      summary: 'An image of a custom page (public; names are random and never reused).',
      params: z.object({ name: z.string().max(100) }),
    },
    handler: async (request, reply) => {
      const stream = await images.open(request.params.name);
      return reply
        .header('content-type', 'image/webp')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(stream);
    },
  });
}
