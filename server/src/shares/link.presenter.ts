import { API_PREFIX, type FileEntry, type LinkPermissions, type ShareableLink } from '@kosh/contracts';
import { pathFrom, presentEntry } from '../drive/entry.presenter.ts';
import type { EntryRow } from '../drive/file-entries.repository.ts';
import type { LinkRow } from './links.repository.ts';

/** The shareable link page (spec part 2, 2: /drive/s/{hash}). */
export const linkPageUrl = (hash: string) => `/drive/s/${hash}`;
const linkApi = (hash: string) => `/${API_PREFIX}/shareable-links/${hash}`;

export const linkPermissionsOf = (link: LinkRow): LinkPermissions => ({
  allow_download: link.allow_download === 1,
  allow_edit: link.allow_edit === 1,
  restricted: link.restricted === 1,
});

/**
 * An entry as a link's visitor sees it: its path starts at the linked entry, which has no
 * parent, and its bytes and thumbnail come through the link's own addresses.
 */
export function presentLinkEntry(row: EntryRow, root: EntryRow, linkHash: string): FileEntry {
  const entry = presentEntry(row);
  return {
    ...entry,
    path: pathFrom(root, row.path),
    parent_id: row.id === root.id ? null : row.parent_id,
    url: row.is_folder === 1 ? null : `${linkApi(linkHash)}/entries/${row.hash}/download`,
    thumbnail_url: row.thumbnail ? `${linkApi(linkHash)}/entries/${row.hash}/thumbnail` : null,
  };
}

/** The owner's name alone, never the email (anonymous visitors see it); null when the owner set no name. */
function sharedBy(owner: OwnerName | null | undefined): ShareableLink['shared_by'] {
  if (owner === undefined) return undefined;
  const name = [owner?.first_name, owner?.last_name]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name ? { name } : null;
}

type OwnerName = { first_name: string | null; last_name: string | null };

/**
 * The link (spec part 2, 3): permissions travel as a JSON string; the entry is null while locked. The link
 * page passes the owner (null while locked) for shared_by; the owner's own answers leave it out.
 */
export function presentLink(link: LinkRow, entry: FileEntry | null, owner?: OwnerName | null): ShareableLink {
  return {
    id: link.id,
    hash: link.hash,
    url: linkPageUrl(link.hash),
    permissions: JSON.stringify(linkPermissionsOf(link)),
    has_password: link.password !== null,
    expires_at: link.expires_at,
    enabled: link.enabled === 1,
    entry,
    shared_by: sharedBy(owner),
    created_at: link.created_at,
    updated_at: link.updated_at,
  };
}
