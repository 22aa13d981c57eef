import { z } from 'zod';
import {
  BULK_IDS_MAX,
  BULK_IDS_MESSAGE,
  DRIVE_DEFAULT_ORDER,
  DRIVE_ORDER_BY,
  DRIVE_PER_PAGE_DEFAULT,
  DRIVE_PER_PAGE_MAX,
  DRIVE_SECTIONS,
  FILE_TYPES,
} from './drive-constants.ts';
import { EntryTagSchema } from './tags.ts';

export * from './drive-constants.ts';

// The drive's calls (spec part 2 sections 2, 3, 7). Where the spec says
// "not shown", these shapes are our design, published through the OpenAPI document.

export const FileEntrySchema = z
  .object({
    id: z.number().int(),
    hash: z.string().describe('Public id used in URLs (folders/{hash}, downloads).'),
    name: z.string(),
    type: z.enum(FILE_TYPES),
    mime: z.string().nullable(),
    extension: z.string().nullable(),
    file_size: z.number().int().describe('Bytes; 0 for folders.'),
    url: z.string().nullable().describe('Where the bytes download from (null for folders).'),
    thumbnail_url: z.string().nullable(),
    parent_id: z.number().int().nullable(),
    path: z.string().describe("Materialized path of ancestor ids ending with the entry's own id, e.g. /12/45/78/."),
    sha256: z.string().nullable(),
    owner_id: z.number().int(),
    workspace_id: z.number().int().describe('0 for the personal drive.'),
    is_starred: z.boolean(),
    permission: z
      .enum(['view', 'download', 'edit'])
      .optional()
      .describe(
        [
          "The caller's access to an entry someone shared with them (absent on the caller's own entries):",
          'view previews, download also downloads and copies, edit also renames, uploads into, moves within',
          'and trashes.',
        ].join(' '),
      ),
    is_shared: z
      .boolean()
      .optional()
      .describe(
        "On the caller's own entries: shared with people (invitations included) or by an enabled shareable link. " +
          'Absent on entries shared with the caller.',
      ),
    owner: z
      .object({ id: z.number().int(), name: z.string(), email: z.string(), image: z.string().nullable() })
      .optional()
      .describe("Who owns an entry shared with the caller, with their avatar (absent on the caller's own entries)."),
    deleted_at: z.string().nullable(),
    original_location: z
      .object({ hash: z.string(), name: z.string() })
      .nullable()
      .optional()
      .describe(
        [
          'In the trash section: the folder the entry was trashed from; in the search section: the folder it is in.',
          'null: the root of the drive. Absent on the top of something shared with the caller (its folder is not',
          "the caller's to see).",
        ].join(' '),
      ),
    tags: z
      .array(EntryTagSchema)
      .optional()
      .describe('Its tags, by display name (absent where an answer does not list them).'),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .describe('A file or folder.');
export type FileEntry = z.infer<typeof FileEntrySchema>;

export const ListFileEntriesQuerySchema = z.object({
  section: z
    .enum(DRIVE_SECTIONS)
    .default('home')
    .describe(
      'home = root of the drive; folder needs folderHash; shares = what others shared with the caller; ' +
        'search needs query or a filter.',
    ),
  folderHash: z.string().max(64).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  perPage: z.coerce.number().int().min(1).max(DRIVE_PER_PAGE_MAX).default(DRIVE_PER_PAGE_DEFAULT),
  orderBy: z.enum(DRIVE_ORDER_BY).default(DRIVE_DEFAULT_ORDER.orderBy),
  orderDir: z.enum(['asc', 'desc']).default(DRIVE_DEFAULT_ORDER.orderDir),
  query: z.string().max(255).optional().describe('search: part of the name, case-insensitive.'),
  type: z.string().max(200).optional().describe('search: comma-separated file types (image,pdf,folder...).'),
  modifiedAfter: z.iso.datetime({ offset: true }).optional().describe('search: updated at or after (ISO 8601).'),
  modifiedBefore: z.iso.datetime({ offset: true }).optional().describe('search: updated at or before (ISO 8601).'),
  tag: z
    .string()
    .max(50)
    .optional()
    .describe('Only entries carrying this tag (its name); home, folder, recent, starred and search.'),
  workspaceId: z.coerce.number().int().min(0).optional(),
});
export type ListFileEntriesQuery = z.infer<typeof ListFileEntriesQuerySchema>;

/** Paginated answer, shaped like the spec's folderChildren (part 2, 3). */
export const FileEntryPageSchema = z.object({
  data: z.array(FileEntrySchema),
  current_page: z.number().int(),
  last_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  folder: FileEntrySchema.nullable().describe('The listed folder (section folder), else null.'),
});
export type FileEntryPage = z.infer<typeof FileEntryPageSchema>;

export const FolderPathResponseSchema = z.object({
  folder: FileEntrySchema,
  path: z.array(FileEntrySchema).describe('Ancestors from the root down to the folder itself, for breadcrumbs.'),
});
export type FolderPathResponse = z.infer<typeof FolderPathResponseSchema>;

export const FileEntryResponseSchema = z.object({ fileEntry: FileEntrySchema });
export type FileEntryResponse = z.infer<typeof FileEntryResponseSchema>;
export const FileEntriesResponseSchema = z.object({ entries: z.array(FileEntrySchema) });
export type FileEntriesResponse = z.infer<typeof FileEntriesResponseSchema>;

const entryIds = z.array(z.number().int().positive()).min(1).max(BULK_IDS_MAX, { error: BULK_IDS_MESSAGE });
const parentId = z.number().int().positive().nullable().optional().describe('Folder id; null or absent = root.');

export const CreateFolderBodySchema = z.object({
  name: z.string().min(1).max(1000),
  parentId,
  workspaceId: z.number().int().min(0).optional(),
});
export type CreateFolderBody = z.infer<typeof CreateFolderBodySchema>;
export const RenameEntryBodySchema = z.object({
  name: z.string().min(1).max(1000),
  workspaceId: z.number().int().min(0).optional(),
});
export type RenameEntryBody = z.infer<typeof RenameEntryBodySchema>;
export const EntryIdParamsSchema = z.object({ entryId: z.coerce.number().int().positive() });
export type EntryIdParams = z.infer<typeof EntryIdParamsSchema>;
export const EntryHashParamsSchema = z.object({ hash: z.string().min(1).max(64) });
export type EntryHashParams = z.infer<typeof EntryHashParamsSchema>;
export const MoveEntriesBodySchema = z.object({
  entryIds,
  destinationId: parentId,
  workspaceId: z.number().int().min(0).optional(),
});
export type MoveEntriesBody = z.infer<typeof MoveEntriesBodySchema>;
export const CopyEntriesBodySchema = z.object({
  entryIds,
  destinationId: parentId.describe('Where the copies go; absent = beside each original.'),
  workspaceId: z.number().int().min(0).optional(),
});
export type CopyEntriesBody = z.infer<typeof CopyEntriesBodySchema>;
export const EntryIdsBodySchema = z.object({ entryIds, workspaceId: z.number().int().min(0).optional() });
export type EntryIdsBody = z.infer<typeof EntryIdsBodySchema>;
export const DeleteEntriesBodySchema = z.object({
  entryIds: z.array(z.number().int().positive()).max(BULK_IDS_MAX, { error: BULK_IDS_MESSAGE }).default([]),
  paths: z
    .array(z.string().max(4096))
    .max(BULK_IDS_MAX, { error: BULK_IDS_MESSAGE })
    .optional()
    .describe('Accepted for spec compatibility; ignored (entries are named by id).'),
  deleteForever: z.boolean().default(false),
  workspaceId: z.number().int().min(0).optional(),
});
export type DeleteEntriesBody = z.infer<typeof DeleteEntriesBodySchema>;

/** One item of a bulk call: bulk calls answer per item rather than failing the batch (STYLE.md). */
export const BulkItemResultSchema = z.object({ id: z.number().int(), ok: z.boolean(), message: z.string().optional() });
export type BulkItemResult = z.infer<typeof BulkItemResultSchema>;
export const DeleteEntriesResponseSchema = z.object({
  results: z.array(BulkItemResultSchema),
  deleted: z.number().int().describe('Entries (with descendants) moved to trash or removed for good.'),
});
export type DeleteEntriesResponse = z.infer<typeof DeleteEntriesResponseSchema>;
export const BULK_ACTIONS = ['move', 'copy', 'trash', 'restore', 'deleteForever', 'star', 'unstar'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];
/** Every entry of one place but those named: what "select all" means in a folder of any size. */
export const BulkSelectionSchema = z.object({
  place: z
    .enum(['folder', 'trash'])
    .describe('folder: the live entries of folderId (null: the root of the drive); trash: what the trash lists.'),
  folderId: z.number().int().positive().nullable().optional(),
  except: z
    .array(z.number().int().positive())
    .max(BULK_IDS_MAX, { error: BULK_IDS_MESSAGE })
    .default([])
    .describe('Entries of the place left out (deselected after selecting all).'),
});
export type BulkSelection = z.infer<typeof BulkSelectionSchema>;
export const BulkEntriesBodySchema = z.object({
  action: z.enum(BULK_ACTIONS),
  selection: BulkSelectionSchema,
  destinationId: parentId.describe('move and copy: where to; copy without it puts copies beside the originals.'),
  workspaceId: z.number().int().min(0).optional(),
});
export type BulkEntriesBody = z.infer<typeof BulkEntriesBodySchema>;
/** Counts rather than one row per item: a selection may hold 100,000 entries. */
export const BulkEntriesResponseSchema = z.object({
  done: z.number().int().describe('Selected entries acted on (an entry with everything in it counts once).'),
  refused: z.number().int(),
  reasons: z
    .array(z.object({ message: z.string(), count: z.number().int(), ids: z.array(z.number().int()) }))
    .describe('Why entries were refused, each reason with how many and the first ids.'),
});
export type BulkEntriesResponse = z.infer<typeof BulkEntriesResponseSchema>;
export const EmptyTrashResponseSchema = z.object({
  deleted: z.number().int().describe('Entries removed for good, descendants included.'),
});
export type EmptyTrashResponse = z.infer<typeof EmptyTrashResponseSchema>;

export const UploadMetadataSchema = z.object({
  parentId: z.union([z.number().int().positive(), z.null()]).optional(),
  relativePath: z
    .string()
    .max(10_000)
    .optional()
    .describe("The file's path inside an uploaded folder, its own name last (a/b/file.txt)."),
  disk: z.enum(['public', 'uploads']).optional(),
  diskPrefix: z.string().optional(),
  workspaceId: z.number().int().min(0).optional(),
});
export type UploadMetadata = z.infer<typeof UploadMetadataSchema>;

/** A comma-separated list of at most BULK_IDS_MAX items of up to `itemMax` characters, refused in readable words. */
export const commaList = (itemMax: number) =>
  z
    .string()
    .max(BULK_IDS_MAX * (itemMax + 1), { error: BULK_IDS_MESSAGE })
    .refine((text) => text.split(',').length <= BULK_IDS_MAX, { error: BULK_IDS_MESSAGE });

export const FOLDER_ID_MESSAGE = 'folderId is the id of a folder.';

/**
 * The query of a select-all download: every live entry of a folder but those in except, as one
 * ZIP, however many the client loaded. Where an absent folderId points is the endpoint's to say.
 */
export const placeDownloadQuery = {
  place: z.enum(['folder']).optional(),
  folderId: z.coerce
    .number({ error: FOLDER_ID_MESSAGE })
    .int({ error: FOLDER_ID_MESSAGE })
    .positive({ error: FOLDER_ID_MESSAGE })
    .optional(),
  except: commaList(15)
    .regex(/^(\d+(,\d+)*)?$/, { error: 'except lists entry ids separated by commas.' })
    .optional()
    .describe('With place: comma-separated ids of entries of the place left out (at most 1,000).'),
};

export const DownloadQuerySchema = z
  .object({
    hashes: commaList(64)
      .optional()
      .describe('Comma-separated entry hashes (at most 1,000); one file downloads as itself, anything else as a ZIP.'),
    ...placeDownloadQuery,
    place: placeDownloadQuery.place.describe(
      'Instead of hashes: every live entry of folderId (absent: the root of the drive of workspaceId) but those ' +
        'in except, as one ZIP: what "select all" downloads in a folder of any size.',
    ),
    workspaceId: z.coerce.number().int().min(0).optional(),
  })
  .refine((query) => Boolean(query.hashes) !== Boolean(query.place), {
    error: 'Name the entries to download: either hashes, or place=folder with folderId.',
    path: ['hashes'],
  });
export type DownloadQuery = z.infer<typeof DownloadQuerySchema>;
export const DownloadOneQuerySchema = z.object({
  inline: z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .describe('1 = preview in the browser (active content only under a sandbox CSP).'),
  workspaceId: z.coerce.number().int().min(0).optional(),
});
export type DownloadOneQuery = z.infer<typeof DownloadOneQuerySchema>;

/** Storage summary (part 1, 3; part 2, 3): bytes; available null = unlimited. */
export const SpaceUsageSchema = z.object({ used: z.number().int(), available: z.number().int().nullable() });
export type SpaceUsage = z.infer<typeof SpaceUsageSchema>;

/** Upload error messages (part 2, 5 and 8). */
export const UPLOAD_MESSAGES = {
  tooLarge: (size: string) => `The file exceeds the maximum allowed size of ${size}`,
  typeNotAllowed: 'This file type is not allowed.',
  noSpace: (size: string) =>
    `You have exhausted your allowed space of ${size}. Delete some files or upgrade your plan.`,
} as const;
