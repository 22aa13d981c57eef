import { resolveUrl } from '../../api/http.ts';
import { allFilterKeys, readFilterValues, type FilterDef, type FilterValues } from './filters.ts';

/** Page sizes a table offers; the first is the lists' default (ADMIN_PER_PAGE.default). */
export const PAGE_SIZES = [15, 50, 100] as const;
export const DEFAULT_PER_PAGE = PAGE_SIZES[0];
/** The longest search the lists accept (adminListQuery). */
export const MAX_QUERY_LENGTH = 100;

export type SortDir = 'asc' | 'desc';
export type Sort = { orderBy: string; orderDir: SortDir };

/** Everything a table shows, all of it held in the URL's search parameters. */
export type TableState = {
  page: number;
  perPage: number;
  query: string;
  /** Null: the list's own default order. */
  sort: Sort | null;
  filters: FilterValues;
};

export type TableConfig = {
  filters: readonly FilterDef[];
  /** The columns the list's endpoint sorts by. */
  sortable: readonly string[];
};

/** A change of table state; anything but the page itself goes back to page 1. */
export type TableChange = {
  page?: number;
  perPage?: number;
  query?: string;
  sort?: Sort | null;
  /** Parameter values to set; an empty string or null removes the parameter. */
  filters?: Record<string, string | null>;
  /** Removes every filter (and the search, with query: ''). */
  clearFilters?: boolean;
};

function positiveInt(value: string | null): number | null {
  if (!value || !/^\d{1,7}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 ? n : null;
}

/** Reads a table's state from the URL; values a list would refuse fall back to the defaults. */
export function readTableState(params: URLSearchParams, config: TableConfig): TableState {
  const perPage = positiveInt(params.get('perPage'));
  const orderBy = params.get('orderBy');
  const orderDir = params.get('orderDir');
  return {
    page: positiveInt(params.get('page')) ?? 1,
    perPage: perPage && (PAGE_SIZES as readonly number[]).includes(perPage) ? perPage : DEFAULT_PER_PAGE,
    query: (params.get('query') ?? '').trim().slice(0, MAX_QUERY_LENGTH),
    sort:
      orderBy && config.sortable.includes(orderBy) ? { orderBy, orderDir: orderDir === 'desc' ? 'desc' : 'asc' } : null,
    filters: readFilterValues(params, config.filters),
  };
}

/** The URL's search parameters after a change; parameters the table does not own are kept. */
export function applyTableChange(params: URLSearchParams, change: TableChange, config: TableConfig): URLSearchParams {
  const next = new URLSearchParams(params);
  const put = (key: string, value: string | number | null | undefined) => {
    if (value === null || value === undefined || value === '') next.delete(key);
    else next.set(key, String(value));
  };
  const onlyPage = Object.keys(change).every((key) => key === 'page');
  if (!onlyPage) next.delete('page');
  if (change.page !== undefined) put('page', change.page > 1 ? change.page : null);
  if (change.perPage !== undefined) put('perPage', change.perPage === DEFAULT_PER_PAGE ? null : change.perPage);
  if (change.query !== undefined) put('query', change.query.trim().slice(0, MAX_QUERY_LENGTH));
  if (change.sort !== undefined) {
    put('orderBy', change.sort?.orderBy);
    put('orderDir', change.sort?.orderDir);
  }
  if (change.clearFilters) for (const key of allFilterKeys(config.filters)) next.delete(key);
  for (const [key, value] of Object.entries(change.filters ?? {})) put(key, value);
  return next;
}

/** What the list's endpoint is asked for: the page, the search, the sort and the filters. */
export function listQuery(state: TableState): Record<string, string | number> {
  return {
    page: state.page,
    perPage: state.perPage,
    ...(state.query ? { query: state.query } : {}),
    ...(state.sort ? { orderBy: state.sort.orderBy, orderDir: state.sort.orderDir } : {}),
    ...state.filters,
  };
}

/** The export link of a list: the same search, filters and sort, every page. */
export function exportHref(path: string, state: TableState): string {
  const { page: _page, perPage: _perPage, ...rest } = listQuery(state);
  const search = new URLSearchParams(Object.entries(rest).map(([k, v]) => [k, String(v)])).toString();
  const url = resolveUrl(path);
  return search ? `${url}?${search}` : url;
}

/** Whether the list is narrowed by a search or a filter (an empty answer is then "no match"). */
export function isNarrowed(state: TableState): boolean {
  return !!state.query || Object.keys(state.filters).length > 0;
}

/** The rows a page holds, counted from 1: "1–15 of 1,234". */
export function pageRange(p: { current_page: number; per_page: number; total: number }) {
  const from = p.total === 0 ? 0 : (p.current_page - 1) * p.per_page + 1;
  return { from, to: Math.min(p.total, p.current_page * p.per_page), total: p.total };
}

/** A count with Indian digit grouping (1,23,456) in the user's language's digits. */
export function formatCount(value: number, language: string): string {
  const base = language.split(/[-_]/)[0] || 'en';
  try {
    return new Intl.NumberFormat(`${base}-IN`).format(value);
  } catch {
    return new Intl.NumberFormat('en-IN').format(value);
  }
}

/** How long the search waits after the last keystroke before it asks the list. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The order after a click on a column header: the sorted column turns around, another column
 * starts with its own first direction (dates newest first); a column that does not sort changes nothing.
 */
export function nextSort(
  columns: ReadonlyArray<{ id: string; sortKey?: string; firstDir?: SortDir }>,
  columnId: string,
  current: Sort | null | undefined,
): Sort | null {
  const column = columns.find((c) => c.id === columnId);
  if (!column?.sortKey) return current ?? null;
  if (current?.orderBy === column.sortKey) {
    return { orderBy: column.sortKey, orderDir: current.orderDir === 'asc' ? 'desc' : 'asc' };
  }
  return { orderBy: column.sortKey, orderDir: column.firstDir ?? 'asc' };
}
