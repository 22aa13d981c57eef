import { z } from 'zod';
import { adminListQuery, adminPage } from './admin.ts';
import { BULK_IDS_MAX, BULK_IDS_MESSAGE } from './drive-constants.ts';
import {
  TAG_NAME_MAX,
  TAG_NAME_MIN,
  TAG_SUGGESTIONS_MAX,
  TAG_TYPES,
  TAGS_PER_CALL_MAX,
  tagSlug,
} from './tag-constants.ts';

// Tags: labels people put on their files and folders (the drive), and the admin area's list of
// every tag (reference 1.9: a unique name of at least 2 characters, a display name, a type).

export * from './tag-constants.ts';

const displayName = z
  .string({ error: 'The tag must be a string.' })
  .trim()
  .min(1, 'The tag may not be empty.')
  .max(TAG_NAME_MAX, `A tag may not be greater than ${TAG_NAME_MAX} characters.`)
  .refine((text) => tagSlug(text).length >= TAG_NAME_MIN, {
    error: `A tag needs at least ${TAG_NAME_MIN} letters or digits.`,
  });

/** A tag as the drive shows it on an entry. */
export const EntryTagSchema = z.object({
  id: z.number().int(),
  name: z.string().describe('Lower-case slug, unique; the listing filter ?tag= takes it.'),
  display_name: z.string(),
});
export type EntryTag = z.infer<typeof EntryTagSchema>;

const entryIds = z
  .array(z.number().int().positive(), { error: 'Pick at least one item.' })
  .min(1, 'Pick at least one item.')
  .max(BULK_IDS_MAX, { error: BULK_IDS_MESSAGE });

export const AttachTagsBodySchema = z.object({
  entryIds,
  tags: z
    .array(displayName, { error: 'Name at least one tag.' })
    .min(1, 'Name at least one tag.')
    .max(TAGS_PER_CALL_MAX, `Add at most ${TAGS_PER_CALL_MAX} tags at a time.`),
});
export type AttachTagsBody = z.infer<typeof AttachTagsBodySchema>;

export const DetachTagsBodySchema = z.object({
  entryIds,
  tagIds: z
    .array(z.number().int().positive(), { error: 'Name at least one tag.' })
    .min(1, 'Name at least one tag.')
    .max(TAGS_PER_CALL_MAX, `Remove at most ${TAGS_PER_CALL_MAX} tags at a time.`),
});
export type DetachTagsBody = z.infer<typeof DetachTagsBodySchema>;

export const TagSuggestionsQuerySchema = z.object({
  query: z.string().trim().max(TAG_NAME_MAX).optional().describe('The start of a tag name or display name.'),
  perPage: z.coerce.number().int().min(1).max(TAG_SUGGESTIONS_MAX).default(10),
});
export type TagSuggestionsQuery = z.infer<typeof TagSuggestionsQuerySchema>;
export const TagSuggestionsResponseSchema = z.object({ data: z.array(EntryTagSchema) });
export type TagSuggestionsResponse = z.infer<typeof TagSuggestionsResponseSchema>;

// The admin area's tags (permission tags.update).

export const ADMIN_TAGS_SORTABLE = ['name', 'display_name', 'entries_count', 'updated_at'] as const;
export const AdminTagsQuerySchema = adminListQuery(ADMIN_TAGS_SORTABLE).extend({
  type: z.enum(TAG_TYPES, { error: 'The type must be custom or label.' }).optional(),
});
export type AdminTagsQuery = z.infer<typeof AdminTagsQuerySchema>;

export const AdminTagSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  display_name: z.string(),
  type: z.enum(TAG_TYPES),
  entries_count: z.number().int().describe('Entries carrying the tag, in trash or not.'),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminTag = z.infer<typeof AdminTagSchema>;
export const AdminTagsPageSchema = adminPage(AdminTagSchema);
export type AdminTagsPage = z.infer<typeof AdminTagsPageSchema>;
export const AdminTagResponseSchema = z.object({ tag: AdminTagSchema });

export const SaveTagBodySchema = z.object({
  name: z
    .string({ error: 'The name must be a string.' })
    .trim()
    .max(TAG_NAME_MAX, `The name may not be greater than ${TAG_NAME_MAX} characters.`)
    .optional()
    .describe('Made a slug (lower case, dashes); absent or empty: made from the display name.'),
  display_name: displayName,
  type: z.enum(TAG_TYPES, { error: 'The type must be custom or label.' }).default('custom'),
});
export type SaveTagBody = z.infer<typeof SaveTagBodySchema>;

export const MergeTagBodySchema = z.object({
  into: z.number({ error: 'Pick the tag to merge into.' }).int().positive('Pick the tag to merge into.'),
});
export type MergeTagBody = z.infer<typeof MergeTagBodySchema>;
