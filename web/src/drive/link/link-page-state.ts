import type { BulkSelection } from '@kosh/contracts';
import type { Selection } from '../selection/selection-model.ts';
import { wholeDownloadOf } from '../selection/whole-selection.ts';
import { DEFAULT_SORT, type Sort } from '../view-state.ts';

/** Where the visitor is inside a linked folder: the folders opened below the linked one. */
export type Trail = Array<{ id: number; hash: string; name: string }>;

/** The order param of the page call (spec part 2, 7: orderBy:orderDir). */
export const orderParam = (sort: Sort | null) => {
  const { orderBy, orderDir } = sort ?? DEFAULT_SORT;
  return `${orderBy}:${orderDir}`;
};

/** The trail after opening `folder` from the crumb at `depth` (-1: the linked folder). */
export function openInTrail(trail: Trail, depth: number, folder?: { id: number; hash: string; name: string }): Trail {
  const kept = trail.slice(0, depth + 1);
  return folder ? [...kept, { id: folder.id, hash: folder.hash, name: folder.name }] : kept;
}

/**
 * What Download of a select-all in the open folder (`folderId`, null for a file link) names: the
 * whole folder but those left out, however few of its entries the page loaded, as the drive does.
 * Undefined: the selected entries are sent by hash.
 */
export function wholeLinkDownloadOf(
  selection: Selection,
  folderId: number | null,
  loaded: number,
): Pick<BulkSelection, 'folderId' | 'except'> | undefined {
  if (folderId === null) return undefined;
  return wholeDownloadOf(selection, { section: 'folder', folderId, total: loaded, isAllLoaded: false })?.selection;
}

/**
 * What the page shows (spec part 2, 2 and 4): the login redirect for a restricted link seen
 * logged out, the password form while protected and until a password is given, a screen for a
 * missing or an expired link, else the link.
 */
export function linkPageView(input: {
  status?: number;
  passwordInvalid?: boolean;
  restricted?: boolean;
  isLoggedIn: boolean;
  isProtected: boolean;
  password: string | null;
}): 'login' | 'password' | 'missing' | 'expired' | 'link' {
  if (input.status === 401 || (input.restricted && !input.isLoggedIn)) return 'login';
  if (input.status === 404) return 'missing';
  // The server answers 410 only for a link that exists but is past its date: the visitor can ask for a new one.
  if (input.status === 410) return 'expired';
  // Too many password tries (429), or a try without the human check the site asks for (403 on a
  // password attempt), keeps the form up with the server's message.
  if (input.status === 429 || (input.status === 403 && input.password !== null)) return 'password';
  if (input.passwordInvalid || (input.isProtected && input.password === null)) return 'password';
  return 'link';
}
