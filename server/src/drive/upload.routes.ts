import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { FileEntryResponseSchema } from '@kosh/contracts';
import { validation } from '../http/app-error.ts';
import type { DriveModule } from './drive.module.ts';
import type { UploadPart } from './upload.service.ts';

/**
 * Per-request multipart limits over the app-wide ones (which suit avatars): no byte cap here,
 * the upload service stops the stream at the size, type and space limits itself.
 */
const UPLOAD_LIMITS = { fileSize: Number.POSITIVE_INFINITY, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 30 };

/** The request's parts in the neutral shape the service reads. */
export async function* partsOf(request: FastifyRequest): AsyncIterable<UploadPart> {
  if (!request.isMultipart()) throw validation({ file: ['Send the file as multipart/form-data.'] });
  for await (const part of request.parts({ limits: UPLOAD_LIMITS, fileHwm: 1024 * 1024 } as Parameters<
    FastifyRequest['parts']
  >[0])) {
    if (part.type === 'file')
      yield { kind: 'file', name: part.fieldname, filename: part.filename, mimetype: part.mimetype, stream: part.file };
    else yield { kind: 'field', name: part.fieldname, value: String(part.value) };
  }
}

export async function uploadRoutes(app: FastifyInstance, { drive }: { drive: DriveModule }) {
  app.withTypeProvider<ZodTypeProvider>().post('/file-entries', {
    schema: {
      tags: ['drive'],
      summary: 'Upload one file (multipart/form-data), the plain upload of spec part 2, 7.',
      description: [
        [
          'Fields: file; clientMime, clientExtension (optional); metadata, a JSON string with parentId (folder id,',
          "absent or null = root) and relativePath (the file's path inside an uploaded folder, its own name last:",
          'missing folders are created, "..", absolute paths, control characters and over-long paths are refused with',
          '422).',
        ].join(' '),
        [
          'Send metadata before file. The bytes stream to storage with their SHA-256; size over uploads.max_size',
          'answers 413 "The file exceeds the maximum allowed size of {size}", a blocked type 422 "This file type is',
          'not allowed.", a full drive 413.',
        ].join(' '),
        'A name taken in the folder gets a number. Permission files.create.',
      ].join(' '),
      consumes: ['multipart/form-data'],
      response: { 201: FileEntryResponseSchema },
    },
    // The body is read as a stream by the handler, not by a schema.
    validatorCompiler: () => () => ({ value: undefined }),
    handler: async (request, reply) => {
      const length = Number(request.headers['content-length']);
      const fileEntry = await drive.uploads.upload(
        request.actor,
        request.workspaceId,
        partsOf(request),
        Number.isSafeInteger(length) ? length : undefined,
      );
      return reply.status(201).send({ fileEntry });
    },
  });
}
