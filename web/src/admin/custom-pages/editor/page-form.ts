import {
  type AdminCustomPage,
  CUSTOM_PAGE_IMAGE_MAX_BYTES,
  CUSTOM_PAGE_IMAGE_TYPES,
  pageSlugOf,
  type SaveCustomPageBody,
} from '@kosh/contracts';

/** The editor's fields; empty SEO fields are sent as they are and stored as none. */
export type PageFormValues = {
  title: string;
  slug: string;
  body: string;
  seo: { title: string; description: string };
};

/** The fields a server 422 can name, in the order the form shows them. */
export const PAGE_FIELDS = ['title', 'slug', 'seo.title', 'seo.description', 'body'] as const;

export function pageFormValues(page?: AdminCustomPage): PageFormValues {
  return {
    title: page?.title ?? '',
    slug: page?.slug ?? '',
    body: page?.body ?? '',
    seo: { title: page?.seo.title ?? '', description: page?.seo.description ?? '' },
  };
}

export const pageBody = (values: PageFormValues): SaveCustomPageBody => ({
  title: values.title,
  slug: values.slug,
  body: values.body,
  seo: { title: values.seo.title || null, description: values.seo.description || null },
});

/**
 * The slug a new page gets while its title is typed: made from the title until someone edits the
 * slug themselves. A saved page keeps its slug (its address may be linked to already).
 */
export function followedSlug(title: string, slug: string, isSlugEdited: boolean): string {
  return isSlugEdited ? slug : pageSlugOf(title);
}

/**
 * Markup the visual editor would drop on opening (it knows paragraphs, headings, lists, quotes,
 * code, links and images): a body holding any of it opens as HTML so nothing is lost unseen.
 */
const RICH_UNSUPPORTED = /<(table|figure|figcaption|dl|dt|dd|sub|sup|mark|kbd|abbr|small|details|summary)\b/i;

export const isRichEditable = (html: string) => !RICH_UNSUPPORTED.test(html);

/** Why a picked file cannot be uploaded as a page image, or null (the server checks again). */
export function imageFileProblem(file: { type: string; size: number }): string | null {
  if (!(CUSTOM_PAGE_IMAGE_TYPES as readonly string[]).includes(file.type))
    return 'Choose a JPEG, PNG, WebP, GIF or AVIF image.';
  if (file.size > CUSTOM_PAGE_IMAGE_MAX_BYTES) return 'The image may not be larger than 5 MB.';
  return null;
}

/** An image's alternative text from its file name ("team-photo_2024.jpg" -> "team photo 2024"). */
export const altFromFileName = (name: string) =>
  name
    .replace(/\.[a-z0-9]+$/i, '')
    .replace(/[-_.]+/g, ' ')
    .trim();

/**
 * The address a typed link stands for: http, https and mailto as given, "/..." and "#..." on this
 * site, a bare address ("example.com/x") as https, an e-mail address as mailto. Null for anything
 * else (javascript:, data:, other schemes), which the server would strip anyway.
 */
export function normalizedLink(text: string): string | null {
  const value = text.trim();
  if (!value || /\s/.test(value)) return null;
  if (/^(https?:\/\/[^/]|mailto:[^@\s]+@)/i.test(value)) return value;
  if (/^\/(?!\/)|^#/.test(value)) return value;
  if (/^[^@/:]+@[^@/:]+\.[a-z]{2,}$/i.test(value)) return `mailto:${value}`;
  if (/^[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?(\/.*)?$/i.test(value)) return `https://${value}`;
  return null;
}
