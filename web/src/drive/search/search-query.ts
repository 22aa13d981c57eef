import type { FileType } from '@kosh/contracts';

/** Type filter choices of the search page; `folder` is a type the server filters on too. */
export const SEARCH_TYPES = [
  'folder',
  'image',
  'video',
  'audio',
  'pdf',
  'text',
  'word',
  'spreadsheet',
  'powerPoint',
  'archive',
] as const satisfies readonly FileType[];
export type SearchType = (typeof SEARCH_TYPES)[number];

/** Modified filter choices, as stored in the URL (?modified=7d). */
export const MODIFIED_RANGES = ['today', '7d', '30d', '365d'] as const;
export type ModifiedRange = (typeof MODIFIED_RANGES)[number];
export const MODIFIED_LABELS: Record<ModifiedRange, string> = {
  today: 'Today',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '365d': 'Last year',
};

export type SearchState = { query: string; type: SearchType | null; modified: ModifiedRange | null };

/** The search page's state from its URL (?query=, type=, modified=); unknown values are ignored. */
export function parseSearch(params: URLSearchParams): SearchState {
  const type = params.get('type');
  const modified = params.get('modified');
  return {
    query: (params.get('query') ?? '').trim(),
    type: (SEARCH_TYPES as readonly string[]).includes(type ?? '') ? (type as SearchType) : null,
    modified: (MODIFIED_RANGES as readonly string[]).includes(modified ?? '') ? (modified as ModifiedRange) : null,
  };
}

/** The URL search string of a state, without empty values. */
export function searchToParams(state: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.query) params.set('query', state.query);
  if (state.type) params.set('type', state.type);
  if (state.modified) params.set('modified', state.modified);
  return params;
}

/** The earliest change a range admits: local midnight today, or N days before now. */
export function modifiedAfter(range: ModifiedRange, now: Date): string {
  if (range === 'today') {
    const midnight = new Date(now);
    midnight.setHours(0, 0, 0, 0);
    return midnight.toISOString();
  }
  const days = Number.parseInt(range, 10);
  return new Date(now.getTime() - days * 86_400_000).toISOString();
}

/** The listing's search params (GET drive/file-entries?section=search); null when there is nothing to search for. */
export function searchListingParams(
  state: SearchState,
  now: Date,
): { query?: string; type?: string; modifiedAfter?: string } | null {
  if (!state.query && !state.type && !state.modified) return null;
  return {
    ...(state.query ? { query: state.query } : {}),
    ...(state.type ? { type: state.type } : {}),
    ...(state.modified ? { modifiedAfter: modifiedAfter(state.modified, now) } : {}),
  };
}
