import { useMemo, useState } from 'react';
import type { FileEntry } from '@kosh/contracts';
import { flattenPages, totalOf } from '../api/drive-cache.ts';
import { useEntryListing, type ListingParams } from '../api/drive.api.ts';
import type { DriveSection } from './actions/entry-actions.ts';
import { searchListingParams, type SearchState } from './search/search-query.ts';
import { emptySelection, pruneSelection, withLoaded, type Selection } from './selection/selection-model.ts';
import { DEFAULT_SORT, isSortable, type Sort } from './view-state.ts';

/** The listing call of a section (null: nothing to ask, e.g. an empty search). */
export function listingParams(
  section: DriveSection,
  folderHash: string | undefined,
  sort: Sort,
  search: SearchState,
  now: Date,
  tag?: string,
): ListingParams | null {
  const order = isSortable(section) ? sort : DEFAULT_SORT;
  // ?tag= narrows the sections the server filters by tag (not trash, not shared with me).
  const tagged = tag ? { tag } : {};
  switch (section) {
    case 'shares':
    case 'trash':
      return { section, ...order };
    case 'home':
    case 'recent':
    case 'starred':
      return { section, ...order, ...tagged };
    case 'folder':
      return folderHash ? { section, folderHash, ...order, ...tagged } : null;
    case 'search': {
      const filters = searchListingParams(search, now);
      if (!filters && !tag) return null;
      return { section, ...order, ...filters, ...tagged };
    }
  }
}

/** A section's entries, page by page, flattened in the server's order. */
export function useSectionListing(
  section: DriveSection,
  folderHash: string | undefined,
  sort: Sort,
  search: SearchState,
  tag?: string,
) {
  const { orderBy, orderDir } = sort;
  const params = useMemo(
    () => listingParams(section, folderHash, { orderBy, orderDir }, search, new Date(), tag),
    [section, folderHash, orderBy, orderDir, search, tag],
  );
  const listing = useEntryListing(params);
  const entries = useMemo<FileEntry[]>(() => flattenPages(listing.data), [listing.data]);
  return { params, listing, entries, total: totalOf(listing.data) };
}

/** The view's selection: emptied when the place changes, and without entries that left the list. */
export function useDriveSelection(
  entries: readonly FileEntry[],
  place: string,
): [Selection, (next: Selection) => void] {
  const [state, setState] = useState<Selection>(emptySelection);
  const [shownPlace, setShownPlace] = useState(place);
  if (shownPlace !== place) {
    setShownPlace(place);
    setState(emptySelection);
  }
  const present = useMemo(() => new Set(entries.map((e) => e.id)), [entries]);
  const current = useMemo(
    () =>
      withLoaded(
        pruneSelection(state, present),
        entries.map((e) => e.id),
      ),
    [state, present, entries],
  );
  return [current, setState];
}
