// Tag rules the browser needs without the schemas (and zod) of tags.ts.

export const TAG_TYPES = ['custom', 'label'] as const;
export type TagType = (typeof TAG_TYPES)[number];
export const TAG_NAME_MIN = 2;
export const TAG_NAME_MAX = 50;
/** Tags added in one call, and tags suggested at once for the tag input. */
export const TAGS_PER_CALL_MAX = 10;
export const TAG_SUGGESTIONS_MAX = 20;

/**
 * A tag's name from what someone typed: lower case, spaces and underscores as dashes, nothing
 * but letters, digits and dashes, no dashes at the ends ("Q3 Report!" is "q3-report").
 */
export function tagSlug(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s_]+/g, '-')
    .replace(/[^\p{L}\p{N}-]+/gu, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
}
