import type { DRIVE_DEFAULT_ORDER, DRIVE_ORDER_BY, ListFileEntriesQuery } from '@kosh/contracts';

// The constants are declared here and checked against the contracts' types, so the drive
// chunk does not pull in zod with the contracts' schemas.
export const ORDER_BY = [
  'name',
  'updated_at',
  'created_at',
  'file_size',
  'type',
] as const satisfies typeof DRIVE_ORDER_BY;
export type OrderBy = ListFileEntriesQuery['orderBy'];
export type OrderDir = ListFileEntriesQuery['orderDir'];
export type Sort = { orderBy: OrderBy; orderDir: OrderDir };
export type ViewMode = 'list' | 'grid';

/** Default drive sort (part 2, 2 and 9): updated_at descending. */
export const DEFAULT_SORT: Sort = { orderBy: 'updated_at', orderDir: 'desc' } satisfies typeof DRIVE_DEFAULT_ORDER;
export const DEFAULT_VIEW_MODE: ViewMode = 'list';
export const VIEW_MODE_KEY = 'kosh-drive-view-mode';
export const SORT_KEY = 'kosh-drive-sort';

/** Labels of the sort menu, in its order. */
export const SORT_LABELS: Record<OrderBy, string> = {
  name: 'Name',
  updated_at: 'Last modified',
  created_at: 'Created',
  file_size: 'Size',
  type: 'Type',
};

/** A stored view mode; anything else gives the fallback (the site's default), else list. */
export function parseViewMode(raw: string | null | undefined, fallback: ViewMode = DEFAULT_VIEW_MODE): ViewMode {
  return raw === 'grid' || raw === 'list' ? raw : fallback;
}

/** Reads a stored sort ("name:asc"); anything else gives the default. */
export function parseSort(raw: string | null | undefined): Sort {
  const [orderBy, orderDir] = (raw ?? '').split(':');
  if (!(ORDER_BY as readonly string[]).includes(orderBy) || (orderDir !== 'asc' && orderDir !== 'desc'))
    return DEFAULT_SORT;
  return { orderBy: orderBy as OrderBy, orderDir };
}

export const serializeSort = (sort: Sort) => `${sort.orderBy}:${sort.orderDir}`;

/**
 * Picking a column: the same column flips the direction; a new one starts in its natural
 * direction (names A to Z, dates and sizes newest or largest first).
 */
export function nextSort(current: Sort, orderBy: OrderBy): Sort {
  if (current.orderBy === orderBy) return { orderBy, orderDir: current.orderDir === 'asc' ? 'desc' : 'asc' };
  return sortBy(current, orderBy);
}

/** Picking a field in the sort menu: a new field starts in its natural direction; the same one stays as it is. */
export function sortBy(current: Sort, orderBy: OrderBy): Sort {
  if (current.orderBy === orderBy) return current;
  return { orderBy, orderDir: orderBy === 'name' || orderBy === 'type' ? 'asc' : 'desc' };
}

/** The recent section is ordered by the server (last change first) and ignores the sort. */
export const isSortable = (section: string) => section !== 'recent';
