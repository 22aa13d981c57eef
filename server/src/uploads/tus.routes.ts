import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CreateTusEntryBodySchema, TUS_ENDPOINT_PATH, UploadEntryResponseSchema } from '@kosh/contracts';
import type { UploadsModule } from './uploads.module.ts';

const tags = ['uploads'];

/** The resumable endpoint (tus 1.0) and the call that turns a finished upload into an entry. */
export async function tusRoutes(app: FastifyInstance, { uploads }: { uploads: UploadsModule }) {
  await app.register(async (tus) => {
    // @tus/server reads the body itself, as a stream: no parser here may touch it.
    tus.removeAllContentTypeParsers();
    tus.addContentTypeParser('*', (_request, _payload, done) => done(null));
    for (const url of [`/${TUS_ENDPOINT_PATH}`, `/${TUS_ENDPOINT_PATH}/:uploadId`]) {
      tus.route({
        method: ['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS'],
        url,
        schema: {
          tags,
          summary: url.endsWith('Id')
            ? 'A resumable upload: HEAD (offset), PATCH (bytes at Upload-Offset), DELETE (terminate).'
            : 'Create a resumable upload (tus 1.0 creation, creation-with-upload).',
          description: [
            [
              'The tus 1.0 protocol with the extensions creation, creation-with-upload, termination, expiration and',
              'checksum (sha1, sha256, md5; a mismatch answers 460 and none of its bytes are kept; on S3 storage a',
              'PATCH with Upload-Checksum carries at most 64 MiB, else 413).',
            ].join(' '),
            [
              'Session cookie plus X-XSRF-TOKEN on POST, PATCH and DELETE (or X-HTTP-Method-Override: PATCH/DELETE on',
              'a POST). Upload-Length is required (no deferred length).',
            ].join(' '),
            [
              'Upload-Metadata: name (or clientName), clientExtension, clientMime, clientSize, disk, parentId (folder',
              'id, empty = root), relativePath (a/b/file.txt: the folders are created when the upload finishes; ".."',
              'and absolute paths answer 422).',
            ].join(' '),
            [
              'Creation refuses, before any byte is stored: a size over uploads.max_size (413), a blocked type (422),',
              'a full drive (413; the size is reserved from the free space until the upload finishes, is terminated or',
              'expires).',
            ].join(' '),
            [
              'Upload-Expires tells when an upload without activity is removed (uploads.expiry_hours after the last',
              'PATCH). Errors answer JSON {message}. Finish with POST tus/entries. Permission files.create.',
            ].join(' '),
          ].join(' '),
        },
        handler: (request, reply) => uploads.tusHttp.handle(request, reply),
      });
    }
  });

  app.withTypeProvider<ZodTypeProvider>().post('/tus/entries', {
    schema: {
      tags,
      summary: 'Turn a finished resumable upload into a file entry (spec part 2, 7: POST tus/entries).',
      description: [
        'uploadKey is the id at the end of the upload URL. The bytes move under the drive (a rename on local disk;',
        'on S3 the object was completed in place) with their SHA-256, the folders of relativePath are created once,',
        'a taken name gets a number. Calling again answers the same entry; an upload not complete answers 409.',
      ].join(' '),
      body: CreateTusEntryBodySchema,
      response: { 201: UploadEntryResponseSchema },
    },
    handler: async (request, reply) =>
      reply.status(201).send({ fileEntry: await uploads.tus.finish(request.actor, request.body.uploadKey) }),
  });
}
