import { z } from 'zod';
import { FileEntrySchema, UploadMetadataSchema } from './drive.ts';
import { MULTIPART_MAX_PARTS, MULTIPART_SIGN_BATCH } from './upload-constants.ts';

export * from './upload-constants.ts';

// Uploads of any size (spec part 2 sections 2, 3, 4, 7 "Uploads", 8, 9): the
// resumable (tus) endpoint, direct uploads to S3 (simple and multipart), and the constants
// the web upload queue follows.

/** Upload settings the client reads from bootstrap data (settings.uploads) to choose a method. */
export const UploadSettingsSchema = z.object({
  /** Bytes; 0 = no limit (part 2, 5). */
  max_size: z.number(),
  /** MIME patterns with * (image/*) or extensions (pdf); empty allows every type. */
  allowed_types: z.array(z.string()),
  blocked_types: z.array(z.string()),
  /** Resumable (tus) uploads for files of RESUMABLE_MIN_BYTES and more. */
  resumable: z.boolean(),
  /** Bytes per resumable PATCH request. */
  chunk_size: z.number(),
  /** Direct uploads to S3: the setting, and only true when the server's storage driver is S3. */
  direct_upload: z.boolean(),
});
export type UploadSettings = z.infer<typeof UploadSettingsSchema>;

/**
 * tus Upload-Metadata (part 2, 7): every value is a string. parentId is a folder id (absent,
 * empty or "null" = root); relativePath is the file's path inside an uploaded folder.
 */
export const TusUploadMetadataSchema = z.object({
  name: z.string().max(1000).optional(),
  clientName: z.string().max(1000).optional(),
  clientExtension: z.string().max(100).optional(),
  clientMime: z.string().max(255).optional(),
  clientSize: z.string().max(20).optional(),
  disk: z.string().max(20).optional(),
  parentId: z.string().max(20).optional(),
  relativePath: z.string().max(10_000).optional(),
  workspaceId: z.string().max(10).optional(),
});
export type TusUploadMetadata = z.infer<typeof TusUploadMetadataSchema>;

export const CreateTusEntryBodySchema = z.object({
  uploadKey: z
    .string()
    .min(1)
    .max(2000)
    .describe('The id at the end of the upload URL (the URL itself is accepted too).'),
  workspaceId: z.number().int().min(0).optional(),
});
export type CreateTusEntryBody = z.infer<typeof CreateTusEntryBodySchema>;

const size = z
  .number()
  .int()
  .min(0)
  .max(Number.MAX_SAFE_INTEGER)
  .describe('Bytes, declared before the upload and checked against what arrives.');
const placement = {
  metadata: UploadMetadataSchema.optional(),
  parentId: UploadMetadataSchema.shape.parentId,
  relativePath: UploadMetadataSchema.shape.relativePath,
  workspaceId: z.number().int().min(0).optional(),
};

export const PresignS3UploadBodySchema = z.object({
  filename: z.string().min(1).max(1000),
  mime: z.string().max(255).optional(),
  disk: z.enum(['public', 'uploads']).optional(),
  size,
  extension: z.string().max(100).optional(),
  ...placement,
});
export type PresignS3UploadBody = z.infer<typeof PresignS3UploadBodySchema>;
export const PresignS3UploadResponseSchema = z.object({
  url: z.string().describe('PUT the bytes here, with x-amz-acl as answered and Content-Length equal to size.'),
  acl: z.string(),
  key: z.string(),
});
export type PresignS3UploadResponse = z.infer<typeof PresignS3UploadResponseSchema>;

export const CreateS3EntryBodySchema = z.object({
  key: z.string().max(200).optional().describe('The key presign or multipart/create answered.'),
  filename: z.string().max(1000).optional().describe('Also accepted in place of key: the key, or its last part.'),
  size: size.optional(),
  clientMime: z.string().max(255).optional(),
  clientName: z.string().max(1000).optional(),
  clientExtension: z.string().max(100).optional(),
  ...placement,
});
export type CreateS3EntryBody = z.infer<typeof CreateS3EntryBodySchema>;

export const CreateS3MultipartBodySchema = z.object({
  filename: z.string().min(1).max(1000),
  mime: z.string().max(255).optional(),
  size,
  extension: z.string().max(100).optional(),
  ...placement,
});
export type CreateS3MultipartBody = z.infer<typeof CreateS3MultipartBodySchema>;
export const CreateS3MultipartResponseSchema = z.object({ uploadId: z.string(), key: z.string() });
export type CreateS3MultipartResponse = z.infer<typeof CreateS3MultipartResponseSchema>;

export const S3MultipartRefBodySchema = z.object({
  key: z.string().min(1).max(200),
  uploadId: z.string().min(1).max(1024),
  workspaceId: z.number().int().min(0).optional(),
});
export type S3MultipartRefBody = z.infer<typeof S3MultipartRefBodySchema>;
export type S3MultipartRef = z.infer<typeof S3MultipartRefBodySchema>;

export const UploadedPartSchema = z.object({ PartNumber: z.number().int(), ETag: z.string(), Size: z.number().int() });
export type UploadedPart = z.infer<typeof UploadedPartSchema>;
export const S3UploadedPartsResponseSchema = z.object({ parts: z.array(UploadedPartSchema) });
export type S3UploadedPartsResponse = z.infer<typeof S3UploadedPartsResponseSchema>;

export const SignS3PartsBodySchema = S3MultipartRefBodySchema.extend({
  partNumbers: z.array(z.number().int().min(1).max(MULTIPART_MAX_PARTS)).min(1).max(MULTIPART_SIGN_BATCH),
});
export type SignS3PartsBody = z.infer<typeof SignS3PartsBodySchema>;
export const SignS3PartsResponseSchema = z.object({
  urls: z.array(z.object({ partNumber: z.number().int(), url: z.string() })),
});
export type SignS3PartsResponse = z.infer<typeof SignS3PartsResponseSchema>;

export const CompleteS3MultipartBodySchema = S3MultipartRefBodySchema.extend({
  parts: z
    .array(z.object({ PartNumber: z.number().int().min(1).max(MULTIPART_MAX_PARTS), ETag: z.string().min(1).max(200) }))
    .min(1)
    .max(MULTIPART_MAX_PARTS),
});
export type CompleteS3MultipartBody = z.infer<typeof CompleteS3MultipartBodySchema>;
export const CompleteS3MultipartResponseSchema = z.object({ key: z.string(), size: z.number().int() });
export type CompleteS3MultipartResponse = z.infer<typeof CompleteS3MultipartResponseSchema>;

export const UploadEntryResponseSchema = z.object({ fileEntry: FileEntrySchema });
export type UploadEntryResponse = z.infer<typeof UploadEntryResponseSchema>;
