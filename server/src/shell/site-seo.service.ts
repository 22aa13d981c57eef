import type { CustomPagesRepository } from '../pages/custom-pages.repository.ts';

/** The public pages of the site, besides custom pages (spec part 2, 2). */
export const PUBLIC_PAGE_PATHS = ['/', '/pricing', '/contact'] as const;

/** What crawlers are kept out of: the drive and its link pages, accounts, admin, the API. */
export const CRAWLER_DISALLOWED = [
  '/drive',
  '/s/',
  '/admin',
  '/api',
  '/auth',
  '/secure',
  '/account-settings',
  '/notifications',
  '/billing',
  '/checkout',
] as const;

/** The image link previews show for the public pages (web/public/landing/). */
export const SHARE_IMAGE_PATH = '/landing/og-image.png';

export type PublicPageMeta = { title: string; description: string; url: string; image: string };

type MetaSource = {
  baseUrl: string;
  siteName: string;
  seo: { title: string; description: string };
  /** The caller's translation lines; a missing line is its English key. */
  lines: Record<string, string>;
};

const xml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The W3C date of a stored timestamp, or null when it does not parse. */
const day = (at: string) => {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? null : date.toISOString().slice(0, 10);
};

/**
 * Title, description, address and image of a public page (/, /pricing, /contact) for the HTML
 * itself, so crawlers and link previews read them without running the app; null for other paths.
 * The home page has the site's SEO settings; the others name themselves in the caller's language.
 */
export function publicPageMeta(pathname: string, source: MetaSource): PublicPageMeta | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const t = (line: string) => source.lines[line] || line;
  const site = source.siteName;
  const pages: Record<string, { title: string; description: string }> = {
    '/': { title: source.seo.title || site, description: source.seo.description },
    '/pricing': {
      title: `${t('Pricing')} - ${site}`,
      description: `${t('Simple plans for every need')}. ${t('Save up to 92% compared with other cloud drives.')}`,
    },
    '/contact': {
      title: `${t('Contact us')} - ${site}`,
      description: t('Have a question or need help? Send us a message and we will get back to you.'),
    },
  };
  const page = Object.hasOwn(pages, path) ? pages[path] : undefined;
  if (!page) return null;
  return { ...page, url: `${source.baseUrl}${path}`, image: `${source.baseUrl}${SHARE_IMAGE_PATH}` };
}

/** The sitemap and robots.txt crawlers read (absolute addresses on the site's own origin). */
export class SiteSeoService {
  private readonly pages: CustomPagesRepository;
  constructor(pages: CustomPagesRepository) {
    this.pages = pages;
  }

  /** The public pages and every custom page, as a sitemaps.org urlset. */
  async sitemap(baseUrl: string): Promise<string> {
    const custom = await this.pages.listSlugs();
    const entries = [
      ...PUBLIC_PAGE_PATHS.map((path) => ({ loc: `${baseUrl}${path}`, lastmod: null as string | null })),
      ...custom.map((page) => ({
        loc: `${baseUrl}/pages/${encodeURIComponent(page.slug)}`,
        lastmod: day(page.updated_at),
      })),
    ];
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...entries.map(
        (e) => `  <url><loc>${xml(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ''}</url>`,
      ),
      '</urlset>',
      '',
    ].join('\n');
  }

  robots(baseUrl: string): string {
    return [
      'User-agent: *',
      'Allow: /',
      ...CRAWLER_DISALLOWED.map((path) => `Disallow: ${path}`),
      '',
      `Sitemap: ${baseUrl}/sitemap.xml`,
      '',
    ].join('\n');
  }
}
