import { z } from 'zod';
import { adminListQuery } from './admin.ts';
import { API_PREFIX } from './constants.ts';
import { idParam, requiredString } from './fields.ts';

// The admin area's custom pages (spec part 2, 2 admin route custom-pages; permission
// custom_pages.update): the list, the editor's page, create, update, delete, and images.

export const CUSTOM_PAGE_TITLE_MAX = 255;
export const CUSTOM_PAGE_SLUG_MAX = 100;
export const CUSTOM_PAGE_SEO_TITLE_MAX = 255;
export const CUSTOM_PAGE_SEO_DESCRIPTION_MAX = 500;
/** A save's whole request (the body HTML and its fields); past it the server answers 413. */
export const CUSTOM_PAGE_MAX_BYTES = 1024 * 1024;
/** An image uploaded into a page; past it the server answers 413. */
export const CUSTOM_PAGE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const CUSTOM_PAGE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;
/** Where page images are served from; the only images a page body may show besides the landing's. */
export const CUSTOM_PAGE_IMAGE_PATH = `/${API_PREFIX}/custom-pages/images/`;

/**
 * First path segments of the app (web/src/router.tsx, web/src/drive/drive-routes.tsx) and of the
 * server (server/src/app.ts: API, sign-in, docs, assets, health, sitemap, manifest). Pages are served under
 * /pages/:slug, so a page named "login" cannot shadow /login today; refusing these names still
 * keeps /pages/login from passing for the app's own screen in a link or a menu, and keeps the
 * names free should pages ever be served from the site's root. A web test keeps the list in step.
 */
export const RESERVED_PAGE_SLUGS = [
  '404',
  'account-settings',
  'admin',
  'ads',
  'api',
  'api-docs',
  'assets',
  'auth',
  'billing',
  'change-plan',
  'checkout',
  'contact',
  'drive',
  'favicon',
  'forgot-password',
  'health',
  'landing',
  'login',
  'logout',
  'manifest',
  'notifications',
  'pages',
  'password',
  'payment-success',
  'pricing',
  'register',
  'reseller',
  'robots',
  's',
  'secure',
  'settings',
  'sitemap',
  'sw',
  'workspace',
  'workspaces',
] as const;

const SLUG_FORMAT = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_FORMAT_MESSAGE = 'The slug may hold only lower-case letters, digits and single hyphens between them.';
export const SLUG_RESERVED_MESSAGE = 'This slug is a page of the app itself. Choose another.';

/** Why a slug cannot name a page, or null when it can (the form checks as the server does). */
export function slugProblem(slug: string): string | null {
  if (!SLUG_FORMAT.test(slug)) return SLUG_FORMAT_MESSAGE;
  // /pages/123 reads 123 as a page id (GET custom-pages/:idOrSlug), so a slug needs a letter.
  if (/^\d+$/.test(slug)) return 'The slug needs at least one letter.';
  if ((RESERVED_PAGE_SLUGS as readonly string[]).includes(slug)) return SLUG_RESERVED_MESSAGE;
  return null;
}

/** A slug made from a title: lower-case ASCII letters and digits, words joined by hyphens. */
export function pageSlugOf(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, CUSTOM_PAGE_SLUG_MAX)
    .replace(/-+$/, '');
}

export const ADMIN_CUSTOM_PAGES_SORTABLE = ['updated_at', 'title', 'slug', 'created_at'] as const;
/** The list's query; `perPage` defaults to 50 for the homepage choice, which reads one page of them. */
export const AdminCustomPagesQuerySchema = adminListQuery(ADMIN_CUSTOM_PAGES_SORTABLE).extend({
  perPage: z.coerce
    .number({ error: 'The page size must be a whole number.' })
    .int('The page size must be a whole number.')
    .min(1, 'The page size must be at least 1.')
    .max(100, 'The page size may not be greater than 100.')
    .default(50),
});
export type AdminCustomPagesQuery = z.infer<typeof AdminCustomPagesQuerySchema>;

/** Who created a page; null once that account is deleted (or for the pages a new install ships). */
export const CustomPageOwnerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
});
export type CustomPageOwner = z.infer<typeof CustomPageOwnerSchema>;

/** A custom page as lists of pages show it (the homepage choice, the pages section). */
export const CustomPageSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  owner: CustomPageOwnerSchema.nullable(),
});
export type CustomPageSummary = z.infer<typeof CustomPageSummarySchema>;

/**
 * A page of pages: `data` at the top (the shape the homepage choice has always read) beside the
 * page numbers every admin list has.
 */
export const AdminCustomPagesSchema = z.object({
  data: z.array(CustomPageSummarySchema),
  current_page: z.number().int(),
  last_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});
export type AdminCustomPages = z.infer<typeof AdminCustomPagesSchema>;

export const CustomPageSeoSchema = z.object({ title: z.string().nullable(), description: z.string().nullable() });

/** The stored page as the editor opens it (its body as saved, which was sanitised on save). */
export const AdminCustomPageSchema = CustomPageSummarySchema.extend({
  body: z.string(),
  seo: CustomPageSeoSchema,
});
export type AdminCustomPage = z.infer<typeof AdminCustomPageSchema>;
export const AdminCustomPageResponseSchema = z.object({ page: AdminCustomPageSchema });
export type AdminCustomPageResponse = z.infer<typeof AdminCustomPageResponseSchema>;

export const CustomPageIdParamsSchema = z.object({ id: idParam() });
export type CustomPageIdParams = z.infer<typeof CustomPageIdParamsSchema>;

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `The ${label} must be a string.` })
    .trim()
    .max(max, `The ${label} may not be greater than ${max} characters.`)
    .nullish()
    .transform((v) => v || null);

/** A page as saved: the body is HTML, sanitised by the server before it is stored. */
export const SaveCustomPageBodySchema = z.object({
  title: requiredString('title', CUSTOM_PAGE_TITLE_MAX),
  slug: requiredString('slug', CUSTOM_PAGE_SLUG_MAX).superRefine((slug, ctx) => {
    const problem = slugProblem(slug);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
  body: z.string({ error: 'The body must be a string.' }).max(CUSTOM_PAGE_MAX_BYTES, 'The page is too long.'),
  seo: z
    .object({
      title: optionalText('SEO title', CUSTOM_PAGE_SEO_TITLE_MAX),
      description: optionalText('SEO description', CUSTOM_PAGE_SEO_DESCRIPTION_MAX),
    })
    .default({ title: null, description: null }),
});
export type SaveCustomPageBody = z.infer<typeof SaveCustomPageBodySchema>;

export const DeleteCustomPagesResponseSchema = z.object({ deleted: z.number().int() });
export type DeleteCustomPagesResponse = z.infer<typeof DeleteCustomPagesResponseSchema>;

/** The image upload's multipart form: `file`, the image (the route reads it as it streams). */
export const UploadCustomPageImageFormSchema = z.object({ file: z.unknown() });
/** An uploaded image: where the page shows it from. */
export const CustomPageImageResponseSchema = z.object({ url: z.string(), width: z.number(), height: z.number() });
export type CustomPageImageResponse = z.infer<typeof CustomPageImageResponseSchema>;
