import type { LinkPermissions, ShareableLink } from '@kosh/contracts';

/** The flags of `link.permissions` (a JSON string); anything unreadable counts as the most closed link. */
export function linkFlags(link: Pick<ShareableLink, 'permissions'> | null | undefined): LinkPermissions {
  try {
    const parsed = JSON.parse(link?.permissions ?? '') as Partial<LinkPermissions>;
    if (typeof parsed === 'object' && parsed)
      return {
        allow_download: parsed.allow_download === true,
        allow_edit: parsed.allow_edit === true,
        restricted: parsed.restricted !== false,
      };
  } catch {
    // fall through
  }
  return { allow_download: false, allow_edit: false, restricted: true };
}

/** The link's full address, for copying. */
export const linkAddress = (link: Pick<ShareableLink, 'url'>, origin: string) => `${origin}${link.url}`;

/** A picked expiry day (yyyy-mm-dd) as the end of that day in the browser's zone, in ISO 8601. */
export function expiryOf(day: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 23, 59, 59).toISOString();
}

/** The day input's value (yyyy-mm-dd, local) of a stored expiry. */
export function dayOf(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
