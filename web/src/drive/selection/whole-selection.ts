import { BULK_IDS_MAX } from '@kosh/contracts';
import type { WholeSelection } from '../actions/useEntryActions.tsx';
import type { DriveSection } from '../actions/entry-actions.ts';
import type { Selection } from './selection-model.ts';

export type Place = { section: DriveSection; folderId: number | null; total: number; isAllLoaded: boolean };

/**
 * A select-all the server should act on as a whole: in a folder, Home or the trash, when not
 * every entry is loaded or there are more than one call of ids takes. Otherwise (other sections,
 * or a few entries all on screen) the loaded ids are sent, 1,000 a call.
 */
export function wholeSelectionOf(selection: Selection, place: Place): WholeSelection | undefined {
  const { whole } = selection;
  if (!whole || (place.isAllLoaded && place.total <= BULK_IDS_MAX)) return undefined;
  const except = [...whole.except];
  if (except.length > BULK_IDS_MAX) return undefined;
  const count = place.total - except.length;
  if (place.section === 'trash') return { selection: { place: 'trash', except }, count };
  if (place.section === 'home') return { selection: { place: 'folder', folderId: null, except }, count };
  if (place.section === 'folder' && place.folderId !== null)
    return { selection: { place: 'folder', folderId: place.folderId, except }, count };
  return undefined;
}

/**
 * What Download of a select-all names: the whole folder or Home but those left out, however many
 * entries are loaded (their hashes would not fit in one address). Other sections send hashes.
 */
export function wholeDownloadOf(selection: Selection, place: Place): WholeSelection | undefined {
  if (place.section !== 'home' && place.section !== 'folder') return undefined;
  return wholeSelectionOf(selection, { ...place, isAllLoaded: false });
}
