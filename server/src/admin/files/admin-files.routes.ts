import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminBulkIdsSchema,
  AdminFileIdParamsSchema,
  AdminFilePreviewQuerySchema,
  AdminFilesPageSchema,
  AdminFilesQuerySchema,
  DeleteAdminFilesResponseSchema,
} from '@kosh/contracts';
import { sendDownload } from '../../drive/send-download.ts';
import type { AdminFilesModule } from './admin-files.module.ts';

const tags = ['admin'];

/** The admin files list, previews of any entry's bytes, and delete forever (admin area, files). */
export async function adminFilesRoutes(app: FastifyInstance, deps: { adminFiles: AdminFilesModule }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { files, delivery } = deps.adminFiles;

  api.get('/admin/files', {
    schema: {
      tags,
      summary: 'A page of every file and folder in every drive, trash included, with owner and sharing.',
      description: [
        'Permission files.update. The search (query) finds text anywhere in the name, wildcards taken literally.',
        'Filters: type (the drive’s categories; default is “other”), ownerId, sizeMin/sizeMax (bytes, inclusive),',
        'createdFrom/createdTo and updatedFrom/updatedTo (inclusive calendar dates in UTC), inTrash, shared',
        '(shared with people, invitations included, or by an enabled link). Sorted by orderBy (name, file_size,',
        'created_at, updated_at; default created_at) and orderDir (default desc), then by id. 422 for an unknown',
        'sort, a date that is not one, or a smallest size above the largest.',
      ].join(' '),
      querystring: AdminFilesQuerySchema,
      response: { 200: AdminFilesPageSchema },
    },
    handler: async (request) => files.list(request.actor, request.query),
  });

  api.get('/admin/files/:id/preview', {
    schema: {
      tags,
      summary: 'The bytes of any file, inline for a preview or as an attachment with download=1.',
      description: [
        'Permission files.update; the file may be in trash. Sent as the drive sends its own downloads: one Range',
        '(206, 416), ETag and Last-Modified, nosniff, and HTML, SVG, XML and JavaScript inline only under a',
        'sandboxing Content-Security-Policy. 404 for an unknown id or a folder.',
      ].join(' '),
      params: AdminFileIdParamsSchema,
      querystring: AdminFilePreviewQuerySchema,
    },
    handler: async (request, reply) => {
      const inline = !(request.query.download === '1' || request.query.download === 'true');
      const file = await files.file(request.actor, request.params.id);
      return sendDownload(request, reply, file, {
        inline,
        cacheControl: 'private, no-store',
        ...delivery(file.storageKey),
      });
    },
  });

  api.get('/admin/files/:id/thumbnail', {
    schema: {
      tags,
      summary: 'The thumbnail of any image (WebP), once made after the upload; 404 before.',
      description: 'Permission files.update. The row’s has_thumbnail says whether there is one.',
      params: AdminFileIdParamsSchema,
    },
    handler: async (request, reply) => {
      const file = await files.thumbnail(request.actor, request.params.id);
      return sendDownload(request, reply, file, { inline: true, cacheControl: 'private, max-age=86400' });
    },
  });

  api.post('/admin/files/delete', {
    schema: {
      tags,
      summary: 'Delete the picked files and folders forever, each answering for itself.',
      description: [
        'Permission files.update. At most 100 ids. A folder goes with everything in it, trash or not. The owners’',
        'space drops at once; shares and links of the entries go with them; the stored bytes and thumbnails are',
        'removed after the answer. An audit row (file.delete_forever) per entry names what it held. An id',
        'already gone answers ok: false. Cannot be undone.',
      ].join(' '),
      body: AdminBulkIdsSchema,
      response: { 200: DeleteAdminFilesResponseSchema },
    },
    handler: async (request) => files.deleteMany({ actor: request.actor, ip: request.ip }, request.body.ids),
  });
}
