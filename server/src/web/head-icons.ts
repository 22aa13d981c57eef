import { FAVICON_SIZES } from '@kosh/contracts';
import { faviconUrl, uploadedFaviconId } from '../admin/appearance/images/favicon.service.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const DEFAULT_FAVICON = '/favicon.svg';

/**
 * The <link>s of the site's icon: every generated size of an uploaded favicon (PNG tab icons,
 * the apple-touch-icon), another address as it is, and nothing for the default, which
 * index.html links itself.
 */
export function faviconLinks(favicon: string | undefined): string[] {
  if (!favicon || favicon === DEFAULT_FAVICON) return [];
  const id = uploadedFaviconId(favicon);
  if (!id) return [`<link rel="icon" href="${escapeHtml(favicon)}">`];
  return FAVICON_SIZES.map((size) =>
    size === 180
      ? `<link rel="apple-touch-icon" sizes="180x180" href="${faviconUrl(id, size)}">`
      : `<link rel="icon" type="image/png" sizes="${size}x${size}" href="${faviconUrl(id, size)}">`,
  );
}
