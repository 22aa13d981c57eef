import type { FileEntry } from '@kosh/contracts';

/** How many names the search field suggests while typing. */
export const SUGGESTION_LIMIT = 8;

/** Wait after the last keystroke before asking the server, so typing a word makes one call. */
export const SUGGESTION_DEBOUNCE_MS = 200;

/** The text to ask suggestions for: trimmed; null when there is nothing to look for. */
export function suggestionQuery(text: string): string | null {
  const query = text.trim();
  return query ? query.slice(0, 255) : null;
}

/** Where a suggested entry sits, for the line under its name. */
export type SuggestionPlace = { kind: 'home' } | { kind: 'shared' } | { kind: 'folder'; name: string } | null;

/**
 * Where an entry is: its folder or the root of the drive (Home) when the listing says (search and
 * trash do), what someone else shared (the top of a share has no parent the caller sees); null
 * when unknown.
 */
export function suggestionPlace(entry: Pick<FileEntry, 'parent_id' | 'owner' | 'original_location'>): SuggestionPlace {
  if (entry.original_location) return { kind: 'folder', name: entry.original_location.name };
  if (entry.original_location === null) return { kind: 'home' };
  if (entry.parent_id === null) return entry.owner ? { kind: 'shared' } : { kind: 'home' };
  return null;
}

/** Where choosing a suggestion leads: a folder opens; a file previews (the caller shows it over the page). */
export function suggestionTarget(entry: Pick<FileEntry, 'type' | 'hash'>): { navigate: string } | { preview: true } {
  return entry.type === 'folder' ? { navigate: `/drive/folders/${entry.hash}` } : { preview: true };
}
