import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DownloadOneQuerySchema, DownloadQuerySchema, EntryHashParamsSchema } from '@kosh/contracts';
import type { DriveModule } from './drive.module.ts';
import { sendBundle, sendDownload } from './send-download.ts';

const tags = ['drive'];

/** Bytes out: one file (Range, ETag, Last-Modified), several entries as a ZIP, thumbnails. */
export async function downloadRoutes(app: FastifyInstance, { drive }: { drive: DriveModule }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/file-entries/:hash/download', {
    schema: {
      tags,
      summary: 'Download one file; the `url` of a file entry.',
      description: [
        [
          'Supports one HTTP Range (206, 416), If-None-Match, If-Modified-Since and If-Range; sends ETag,',
          'Last-Modified, Accept-Ranges, X-Content-Type-Options: nosniff.',
        ].join(' '),
        [
          'inline=1 previews in the browser; HTML, SVG, XML and JavaScript are then sent under a sandboxing',
          'Content-Security-Policy, and always as attachments otherwise.',
        ].join(' '),
        [
          'With X_ACCEL_REDIRECT_PREFIX set (behind nginx) the answer is an X-Accel-Redirect for nginx to send.',
          'Permission files.download (files.view for inline previews); on a file shared with the caller, download',
          'permission (view permission for inline previews).',
        ].join(' '),
      ].join(' '),
      params: EntryHashParamsSchema,
      querystring: DownloadOneQuerySchema,
    },
    handler: async (request, reply) => {
      const inline = request.query.inline === '1' || request.query.inline === 'true';
      const file = await drive.downloads.file(request.actor, request.params.hash, { inline });
      return sendDownload(request, reply, file, { inline, ...drive.delivery(file.storageKey) });
    },
  });

  api.get('/file-entries/download', {
    schema: {
      tags,
      summary:
        'Download several entries: one file as itself, folders or several entries as one ZIP streamed as it is built.',
      description: [
        'hashes is a comma-separated list; place=folder with folderId (absent: the root) and except names every',
        'entry of a folder but some instead (select all, however many entries the client loaded): the ZIP is then',
        'named after the folder. Each entry needs what downloading it alone needs. The ZIP keeps folder structure,',
        'stores media uncompressed, and switches',
        'to ZIP64 past 4 GB. Permission files.download; entries shared with the caller need download permission (403',
        'with view only). 413 before anything is sent past the entry or byte cap of one ZIP; 429 with Retry-After',
        'when the caller already runs as many ZIPs as its account or address may.',
      ].join(' '),
      querystring: DownloadQuerySchema,
    },
    handler: async (request, reply) => {
      const result = await drive.downloads.selected(request.actor, request.query, request.workspaceId, request.ip);
      return sendBundle(request, reply, result, drive.delivery);
    },
  });

  api.get('/file-entries/:hash/thumbnail', {
    schema: {
      tags,
      summary: 'The grid thumbnail of an image (WebP, 320 px), once made after the upload; 404 before.',
      params: EntryHashParamsSchema,
    },
    handler: async (request, reply) => {
      const file = await drive.downloads.thumbnail(request.actor, request.params.hash);
      return sendDownload(request, reply, file, { inline: true, cacheControl: 'private, max-age=86400' });
    },
  });
}
