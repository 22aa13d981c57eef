import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CompleteS3MultipartBodySchema,
  CompleteS3MultipartResponseSchema,
  CreateS3EntryBodySchema,
  CreateS3MultipartBodySchema,
  CreateS3MultipartResponseSchema,
  PresignS3UploadBodySchema,
  PresignS3UploadResponseSchema,
  S3MultipartRefBodySchema,
  S3UploadedPartsResponseSchema,
  SignS3PartsBodySchema,
  SignS3PartsResponseSchema,
  UploadEntryResponseSchema,
} from '@kosh/contracts';
import type { UploadsModule } from './uploads.module.ts';

const tags = ['uploads'];
const mine = [
  'Only keys the server minted for the caller are accepted: anything else answers 404. Needs STORAGE_DRIVER=s3 and the',
  'setting uploads.direct_upload (else 403). Permission files.create.',
].join(' ');

/** Direct uploads to S3, simple and multipart (spec part 2, 4 and 7). */
export async function s3DirectRoutes(app: FastifyInstance, { uploads }: { uploads: UploadsModule }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const direct = uploads.direct;

  api.post('/s3/simple/presign', {
    schema: {
      tags,
      summary: 'Sign a PUT of one file straight to the bucket.',
      description: [
        `Checks name, type, size (uploads.max_size) and free space first, reserving the size. The URL is valid for an`,
        `hour and signs Content-Length (= size) and x-amz-acl (send acl as x-amz-acl); a body of another length is`,
        `refused by the store. Then POST s3/entries with the key. ${mine}`,
      ].join(' '),
      body: PresignS3UploadBodySchema,
      response: { 200: PresignS3UploadResponseSchema },
    },
    handler: async (request) => direct.presign(request.actor, request.workspaceId, request.body),
  });

  api.post('/s3/entries', {
    schema: {
      tags,
      summary: 'Turn a direct upload into a file entry.',
      description: [
        `The object's real size is read back from the store: when it differs from the declared size the object is`,
        `deleted and the call answers 422. The SHA-256 is computed in the background. Calling again answers the same`,
        `entry. ${mine}`,
      ].join(' '),
      body: CreateS3EntryBodySchema,
      response: { 201: UploadEntryResponseSchema },
    },
    handler: async (request, reply) =>
      reply.status(201).send({ fileEntry: await direct.createEntry(request.actor, request.body) }),
  });

  api.post('/s3/multipart/create', {
    schema: {
      tags,
      summary: 'Start a multipart upload straight to the bucket.',
      description: `Same checks and reservation as presign. ${mine}`,
      body: CreateS3MultipartBodySchema,
      response: { 200: CreateS3MultipartResponseSchema },
    },
    handler: async (request) => direct.createMultipart(request.actor, request.workspaceId, request.body),
  });

  api.post('/s3/multipart/get-uploaded-parts', {
    schema: {
      tags,
      summary: 'The parts stored so far (to resume).',
      description: mine,
      body: S3MultipartRefBodySchema,
      response: { 200: S3UploadedPartsResponseSchema },
    },
    handler: async (request) => direct.uploadedParts(request.actor, request.body),
  });

  api.post('/s3/multipart/batch-sign-part-urls', {
    schema: {
      tags,
      summary: 'Sign PUT addresses of up to 10 parts.',
      description: [
        `Part numbers beyond what the declared size can need (size / 5 MiB) are refused. The ETag header of each PUT`,
        `answer is needed to complete. ${mine}`,
      ].join(' '),
      body: SignS3PartsBodySchema,
      response: { 200: SignS3PartsResponseSchema },
    },
    handler: async (request) => direct.signParts(request.actor, request.body),
  });

  api.post('/s3/multipart/complete', {
    schema: {
      tags,
      summary: 'Complete a multipart upload.',
      description: [
        `The listed parts must be stored with those ETags and add up to the declared size; otherwise the upload is`,
        `aborted and 422 answered. The completed object's size is read back and checked again. ${mine}`,
      ].join(' '),
      body: CompleteS3MultipartBodySchema,
      response: { 200: CompleteS3MultipartResponseSchema },
    },
    handler: async (request) => direct.completeMultipart(request.actor, request.body),
  });

  api.post('/s3/multipart/abort', {
    schema: {
      tags,
      summary: 'Abort a multipart upload and give its space back.',
      description: mine,
      body: S3MultipartRefBodySchema,
    },
    handler: async (request, reply) => {
      await direct.abortMultipart(request.actor, request.body);
      return reply.status(204).send();
    },
  });
}
