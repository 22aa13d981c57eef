import { z } from 'zod';
import { adminListQuery, adminPage, booleanFilter, dateFilter } from './admin.ts';
import { FILE_TYPES } from './drive-constants.ts';
import { idParam } from './fields.ts';

// The admin area's files screen: every entry of every drive, its preview, and delete forever.

export const ADMIN_FILES_SORTABLE = ['name', 'file_size', 'created_at', 'updated_at'] as const;

/** The drive's type categories a filter may name; `default` is "Other" (sharedFolder is only a UI variant). */
export const ADMIN_FILE_TYPES = FILE_TYPES.filter((t) => t !== 'sharedFolder') as Exclude<
  (typeof FILE_TYPES)[number],
  'sharedFolder'
>[];

const bytesFilter = () =>
  z.coerce
    .number({ error: 'The size must be a number of bytes.' })
    .int('The size must be a whole number of bytes.')
    .min(0, 'The size must be at least 0.')
    .max(Number.MAX_SAFE_INTEGER, 'The size is too large.')
    .optional();

export const AdminFilesQuerySchema = adminListQuery(ADMIN_FILES_SORTABLE)
  .extend({
    type: z.enum(ADMIN_FILE_TYPES, { error: `The type must be one of: ${ADMIN_FILE_TYPES.join(', ')}.` }).optional(),
    ownerId: z.coerce.number().int().positive('The owner must be a user id.').optional(),
    /** Bytes, inclusive. */
    sizeMin: bytesFilter(),
    sizeMax: bytesFilter(),
    createdFrom: dateFilter(),
    createdTo: dateFilter(),
    updatedFrom: dateFilter(),
    updatedTo: dateFilter(),
    /** true: only what sits in trash; false: only live entries; absent: both. */
    inTrash: booleanFilter(),
    /** Shared with people (invitations included) or by an enabled shareable link. */
    shared: booleanFilter(),
  })
  .superRefine((q, ctx) => {
    if (q.sizeMin !== undefined && q.sizeMax !== undefined && q.sizeMin > q.sizeMax)
      ctx.addIssue({ code: 'custom', path: ['sizeMax'], message: 'The largest size must be at least the smallest.' });
    for (const [from, to] of [
      ['createdFrom', 'createdTo'],
      ['updatedFrom', 'updatedTo'],
    ] as const)
      if (q[from] && q[to] && q[from] > q[to])
        ctx.addIssue({ code: 'custom', path: [to], message: 'The end date must not be before the start date.' });
  });
export type AdminFilesQuery = z.infer<typeof AdminFilesQuerySchema>;

const personSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  image: z.string().nullable(),
});

export const AdminFileRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(FILE_TYPES),
  mime: z.string().nullable(),
  extension: z.string().nullable(),
  /** Bytes; 0 for folders. */
  file_size: z.number(),
  owner: personSchema,
  /** The workspace the entry lives in; null for a personal drive. */
  workspace: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The folder it sits in; null at the root of its drive. */
  parent: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Shared with people (invitations included). */
  is_shared: z.boolean(),
  /** Has an enabled shareable link. */
  has_link: z.boolean(),
  /** A thumbnail was made (GET admin/files/{id}/thumbnail answers it). */
  has_thumbnail: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullable(),
});
export type AdminFileRow = z.infer<typeof AdminFileRowSchema>;

export const AdminFilesPageSchema = adminPage(AdminFileRowSchema);
export type AdminFilesPage = z.infer<typeof AdminFilesPageSchema>;

export const AdminFileIdParamsSchema = z.object({ id: idParam() });
export type AdminFileIdParams = z.infer<typeof AdminFileIdParamsSchema>;

/** download=1 sends the bytes as an attachment; otherwise inline for the preview dialog. */
export const AdminFilePreviewQuerySchema = z.object({ download: z.enum(['0', '1', 'true', 'false']).optional() });
export type AdminFilePreviewQuery = z.infer<typeof AdminFilePreviewQuerySchema>;

export const DeleteAdminFilesResponseSchema = z.object({
  /** One per id asked for: ok, or why not (an id already gone answers ok: false with a message). */
  results: z.array(z.object({ id: z.number().int(), ok: z.boolean(), message: z.string().optional() })),
  /** Rows removed, descendants of folders included. */
  deleted: z.number().int(),
  /** Bytes freed, per owner. */
  freed: z.array(z.object({ owner_id: z.number().int(), bytes: z.number() })),
});
export type DeleteAdminFilesResponse = z.infer<typeof DeleteAdminFilesResponseSchema>;
