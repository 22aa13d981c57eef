import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { listQuery, type TableState } from './table-state.ts';

/** The page shape every admin list answers (contracts adminPage). */
export type AdminListPage<Row> = {
  pagination: { data: Row[]; current_page: number; last_page: number; per_page: number; total: number };
};

export type ListQuery = Record<string, string | number>;

/**
 * One page of an admin list for the table's state. The last page stays on screen while the
 * next loads (no flicker); the table shows failures itself, with a retry, so no toast.
 */
export function useAdminList<Row>(
  key: readonly unknown[],
  fetchPage: (query: ListQuery, signal: AbortSignal) => Promise<AdminListPage<Row>>,
  state: TableState,
): UseQueryResult<AdminListPage<Row>> {
  const query = listQuery(state);
  return useQuery({
    queryKey: [...key, query],
    queryFn: ({ signal }) => fetchPage(query, signal),
    placeholderData: keepPreviousData,
    meta: { handledStatuses: 'all' },
  });
}
