import { z } from 'zod';
import { SHAREABLE_LINK_PAGE_LOADER } from './constants.ts';
import {
  BULK_IDS_MAX,
  BULK_IDS_MESSAGE,
  BulkItemResultSchema,
  commaList,
  DRIVE_DEFAULT_ORDER,
  DRIVE_ORDER_BY,
  DRIVE_PER_PAGE_DEFAULT,
  DRIVE_PER_PAGE_MAX,
  FileEntrySchema,
  placeDownloadQuery,
} from './drive.ts';

// Sharing: entries shared with people, shareable links, and the shareable link page
// (spec part 2 sections 2, 3 "Shareable link page response", 4 "Shareable link", 6, 7 and
// part 1 sections 2.8 and 6). Shapes the spec leaves "not shown" are ours, published in OpenAPI.

/** What a person an entry is shared with may do; a folder's share covers everything inside it. */
export const SHARE_PERMISSIONS = ['view', 'download', 'edit'] as const;
export type SharePermission = (typeof SHARE_PERMISSIONS)[number];
/** Addresses one share call accepts. */
export const SHARE_EMAILS_MAX = 50;
/** The invite_type of a registration that follows a share invitation (part 1, 3 "Registration payload"). */
export const SHARE_INVITE_TYPE = 'file_entry_share';
/** The notification a share leaves the recipient (part 1, 2.8). */
export const FILE_ENTRY_SHARED_NOTIFICATION = 'file-entry-shared';
export const LINK_PASSWORD_MAX_LENGTH = 200;
/** Link passwords are guessed online by anyone: at least 8 characters, not only spaces. */
export const LINK_PASSWORD_MIN_LENGTH = 8;
/** How long a right link password unlocks the link's bytes in this browser (a signed httpOnly cookie). */
export const LINK_UNLOCK_SECONDS = 3600;
/**
 * Wrong-password attempts on one link from one client network (an IPv6 /64 counts as one) in 15
 * minutes, and from one network across links in a minute.
 */
export const LINK_PASSWORD_ATTEMPTS = { perLinkAndNetwork: 10, perAddress: 20 } as const;

const email = z.string().trim().max(255);
const entryIds = z.array(z.number().int().positive()).min(1).max(BULK_IDS_MAX, { error: BULK_IDS_MESSAGE });

export const ShareUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  image: z.string().nullable(),
});
export type ShareUser = z.infer<typeof ShareUserSchema>;

/** How many addresses the Share dialog suggests at most. */
export const SHARE_SUGGESTIONS_MAX = 8;

export const ShareSuggestionsQuerySchema = z.object({
  query: z.string({ error: 'Type part of a name or address.' }).trim().min(1).max(100),
});
export type ShareSuggestionsQuery = z.infer<typeof ShareSuggestionsQuerySchema>;

/** People the user already shares with, matching what was typed; none while the setting is off. */
export const ShareSuggestionsResponseSchema = z.object({
  suggestions: z.array(z.object({ email: z.string(), name: z.string().nullable() })),
});
export type ShareSuggestionsResponse = z.infer<typeof ShareSuggestionsResponseSchema>;

export const SharePersonSchema = z
  .object({
    id: z.number().int().describe('The share id (change or remove it with this).'),
    entry_id: z
      .number()
      .int()
      .describe('The entry the share is on: the entry asked about, or a folder above it whose share covers it.'),
    user_id: z
      .number()
      .int()
      .nullable()
      .describe('null while the invitation of an address without an account is pending.'),
    email: z.string(),
    name: z.string(),
    image: z.string().nullable(),
    permission: z.enum(SHARE_PERMISSIONS),
    status: z.enum(['active', 'invited']),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .describe('A person an entry is shared with.');
export type SharePerson = z.infer<typeof SharePersonSchema>;

export const EntrySharesResponseSchema = z.object({ owner: ShareUserSchema, people: z.array(SharePersonSchema) });
export type EntrySharesResponse = z.infer<typeof EntrySharesResponseSchema>;

export const ShareEntriesBodySchema = z.object({
  entryIds,
  emails: z.array(email).min(1).max(SHARE_EMAILS_MAX),
  permission: z.enum(SHARE_PERMISSIONS),
  workspaceId: z.number().int().min(0).optional(),
});
export type ShareEntriesBody = z.infer<typeof ShareEntriesBodySchema>;

export const ShareEntriesResponseSchema = z.object({
  results: z.array(
    z.object({
      email: z.string(),
      ok: z.boolean(),
      invited: z
        .boolean()
        .describe('true for every address shared with: the answer does not tell whether it has an account.'),
      message: z.string().optional(),
    }),
  ),
  people: z.array(SharePersonSchema).describe('Everyone the entries are now shared with.'),
});
export type ShareEntriesResponse = z.infer<typeof ShareEntriesResponseSchema>;

export const UpdateShareBodySchema = z.object({ permission: z.enum(SHARE_PERMISSIONS) });
export type UpdateShareBody = z.infer<typeof UpdateShareBodySchema>;
export const ShareIdParamsSchema = z.object({ shareId: z.coerce.number().int().positive() });
export type ShareIdParams = z.infer<typeof ShareIdParamsSchema>;
export const ShareResponseSchema = z.object({ share: SharePersonSchema });
export type ShareResponse = z.infer<typeof ShareResponseSchema>;
export const LeaveSharesBodySchema = z.object({ entryIds, workspaceId: z.number().int().min(0).optional() });
export type LeaveSharesBody = z.infer<typeof LeaveSharesBodySchema>;
export const LeaveSharesResponseSchema = z.object({ results: z.array(BulkItemResultSchema) });
export type LeaveSharesResponse = z.infer<typeof LeaveSharesResponseSchema>;

/** The flags of a link, carried in `link.permissions` as a JSON string (part 2, 3). */
export const LinkPermissionsSchema = z.object({
  allow_download: z.boolean(),
  allow_edit: z.boolean().describe('Visitors may upload into the linked folder.'),
  restricted: z.boolean().describe('Only logged-in visitors may open the link (part 1, 6).'),
});
export type LinkPermissions = z.infer<typeof LinkPermissionsSchema>;

/** The flags read back from `link.permissions`; anything unreadable counts as the most closed link. */
export function parseLinkPermissions(json: string | null | undefined): LinkPermissions {
  try {
    const parsed = LinkPermissionsSchema.safeParse(JSON.parse(json ?? ''));
    if (parsed.success) return parsed.data;
  } catch {
    // fall through
  }
  return { allow_download: false, allow_edit: false, restricted: true };
}

export const ShareableLinkSchema = z
  .object({
    id: z.number().int(),
    hash: z.string().describe('Public id of the link: the page is /drive/s/{hash} (also /s/{hash}).'),
    url: z.string().describe('Path of the shareable link page.'),
    permissions: z.string().describe('JSON of {allow_download, allow_edit, restricted}.'),
    has_password: z.boolean(),
    expires_at: z.string().nullable(),
    enabled: z.boolean(),
    entry: FileEntrySchema.nullable().describe(
      'The linked entry (seen from the link: its path starts at itself); ' +
        'null until a password-protected link is unlocked.',
    ),
    shared_by: z
      .object({ name: z.string() })
      .nullable()
      .optional()
      .describe(
        'Who shared it, by name only (never the email): on the link page once open; null while locked or when the ' +
          'owner has no name.',
      ),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .describe('A shareable link of one entry.');
export type ShareableLink = z.infer<typeof ShareableLinkSchema>;

export const SaveShareableLinkBodySchema = z.object({
  enabled: z.boolean().optional(),
  password: z
    .string()
    .min(LINK_PASSWORD_MIN_LENGTH, `The password must be at least ${LINK_PASSWORD_MIN_LENGTH} characters.`)
    .max(LINK_PASSWORD_MAX_LENGTH)
    .refine((value) => value.trim() !== '', 'The password cannot be only spaces.')
    .nullable()
    .optional()
    .describe(
      [
        'A new password (at least 8 characters, not only whitespace); null removes it; absent keeps it.',
        'Stored as an argon2id hash.',
      ].join(' '),
    ),
  expires_at: z.iso
    .datetime({ offset: true })
    .nullable()
    .optional()
    .describe('After this instant the link answers 410 link_expired; null: never.'),
  allow_download: z.boolean().optional(),
  allow_edit: z.boolean().optional(),
  restricted: z.boolean().optional(),
  workspaceId: z.number().int().min(0).optional(),
});
export type SaveShareableLinkBody = z.infer<typeof SaveShareableLinkBodySchema>;
export const ShareableLinkResponseSchema = z.object({ link: ShareableLinkSchema.nullable() });
export type ShareableLinkResponse = z.infer<typeof ShareableLinkResponseSchema>;

export const LinkHashParamsSchema = z.object({ hash: z.string().min(1).max(64) });
export type LinkHashParams = z.infer<typeof LinkHashParamsSchema>;
export const LinkEntryParamsSchema = z.object({
  hash: z.string().min(1).max(64),
  entryHash: z.string().min(1).max(64),
});
export type LinkEntryParams = z.infer<typeof LinkEntryParamsSchema>;

const ORDER_RE = new RegExp(`^(${DRIVE_ORDER_BY.join('|')}):(asc|desc)$`);
export const ShareableLinkPageQuerySchema = z.object({
  loader: z
    .literal(SHAREABLE_LINK_PAGE_LOADER)
    .optional()
    .describe('shareableLinkPage: also list the folder children (part 2, 7).'),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  perPage: z.coerce.number().int().min(1).max(DRIVE_PER_PAGE_MAX).default(DRIVE_PER_PAGE_DEFAULT),
  order: z
    .string()
    .regex(ORDER_RE, 'The order is orderBy:orderDir, e.g. updated_at:desc.')
    .default(`${DRIVE_DEFAULT_ORDER.orderBy}:${DRIVE_DEFAULT_ORDER.orderDir}`),
  password: z.string().max(LINK_PASSWORD_MAX_LENGTH).optional(),
  folderHash: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .describe('A folder inside the linked folder to list instead of the linked folder itself.'),
  workspaceId: z.coerce.number().int().min(0).optional(),
});
export type ShareableLinkPageQuery = z.infer<typeof ShareableLinkPageQuerySchema>;

/** The shareable link page response (part 2, 3): folderChildren is null for a file, or while locked. */
export const ShareableLinkPageSchema = z.object({
  link: ShareableLinkSchema,
  passwordInvalid: z.boolean().describe('The link has a password and none, or a wrong one, was given.'),
  folderChildren: z
    .object({ data: z.array(FileEntrySchema), current_page: z.number().int(), last_page: z.number().int() })
    .nullable(),
});
export type ShareableLinkPage = z.infer<typeof ShareableLinkPageSchema>;

export const UnlockShareableLinkBodySchema = z.object({ password: z.string().min(1).max(LINK_PASSWORD_MAX_LENGTH) });
export type UnlockShareableLinkBody = z.infer<typeof UnlockShareableLinkBodySchema>;
export const LinkDownloadQuerySchema = z
  .object({
    hashes: commaList(64)
      .min(1)
      .optional()
      .describe('Comma-separated hashes of entries inside the link (at most 1,000); absent: the linked entry.'),
    ...placeDownloadQuery,
    place: placeDownloadQuery.place.describe(
      'Instead of hashes: every live entry of folderId (a folder inside the link; absent: the linked folder) but ' +
        'those in except, as one ZIP: what "select all" downloads in a linked folder of any size.',
    ),
  })
  .refine((query) => !(query.hashes && query.place), {
    error: 'Name the entries to download: either hashes, or place=folder with folderId, not both.',
    path: ['hashes'],
  });
export type LinkDownloadQuery = z.infer<typeof LinkDownloadQuerySchema>;
export const LinkDownloadOneQuerySchema = z.object({
  inline: z.enum(['0', '1', 'true', 'false']).optional().describe('1 = preview in the browser.'),
});
export type LinkDownloadOneQuery = z.infer<typeof LinkDownloadOneQuerySchema>;
export const SaveLinkToDriveBodySchema = z.object({
  destinationId: z
    .number()
    .int()
    .positive()
    .nullable()
    .optional()
    .describe('A folder of the caller; null or absent: the root of their drive.'),
  workspaceId: z.number().int().min(0).optional(),
});
export type SaveLinkToDriveBody = z.infer<typeof SaveLinkToDriveBodySchema>;
