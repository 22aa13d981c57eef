import type { SettingsService } from '../settings/settings.service.ts';
import { fillSeoTemplate as fill } from '../web/seo-template.ts';
import type { LinkAccessService } from './link-access.service.ts';

/** The shareable link page routes: /drive/s/{hash} (spec part 2, 2) and the short /s/{hash}. */
const LINK_PAGE = /^\/(?:drive\/)?s\/([A-Za-z0-9_-]{1,64})\/?$/;

/** The link's hash when the path is a shareable link page, else undefined. */
export const linkHashOf = (pathname: string): string | undefined => LINK_PAGE.exec(pathname)?.[1];

export type PageSeo = { title: string; description: string; status: number };

/**
 * The title and description of a shareable link page, in the HTML itself so a crawler reads them
 * without JavaScript: from the seo.shareable_link_page settings and the entry's name. A link with
 * a password or restricted to logged-in visitors shows the site's generic SEO text (nothing of it
 * but that it exists); one that cannot be opened answers 404 with the generic text.
 */
export class LinkPageSeo {
  private readonly access: LinkAccessService;
  private readonly settings: SettingsService;
  constructor(deps: { access: LinkAccessService; settings: SettingsService }) {
    this.access = deps.access;
    this.settings = deps.settings;
  }

  /**
   * null for paths that are not a link page. A client network that probed too many unknown hashes
   * gets the unknown-link answer without a lookup, so the page is no oracle either; misses count.
   */
  async forPath(pathname: string, ip: string): Promise<PageSeo | null> {
    const hash = linkHashOf(pathname);
    if (!hash) return null;
    const [siteName, siteDescription, title, description, linkTitle, linkDescription] = await Promise.all([
      this.settings.get<string>('branding.site_name'),
      this.settings.get<string>('branding.site_description'),
      this.settings.get<string>('seo.title'),
      this.settings.get<string>('seo.description'),
      this.settings.get<string>('seo.shareable_link_page.title'),
      this.settings.get<string>('seo.shareable_link_page.description'),
    ]);
    const site = { siteName, siteDescription };
    const generic = { title: fill(title, site) || siteName, description: fill(description ?? '', site) };
    const found = (await this.access.isProbing(ip)) ? null : await this.access.find(hash);
    if (!found) {
      await this.access.countProbe(ip);
      return { ...generic, status: 404 };
    }
    if (found.link.password !== null || found.link.restricted === 1) return { ...generic, status: 200 };
    const values = { ...site, entryName: found.root.name };
    return { title: fill(linkTitle, values), description: fill(linkDescription, values), status: 200 };
  }
}
