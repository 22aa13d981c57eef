import { useEffect, useMemo, useState, type ReactNode } from 'react';
import clsx from 'clsx';
import type { UseQueryResult } from '@tanstack/react-query';
import { Table, TableBody, type Selection } from 'react-aria-components';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { useIsMobile } from '../../shell/useMediaQuery.ts';
import { Button } from '../../ui/Button.tsx';
import { BulkBar, type BulkAction } from './BulkBar.tsx';
import { FilterChips } from './FilterChips.tsx';
import { TableHead, TableRow, type TableColumn } from './TableParts.tsx';
import { TablePagination } from './TablePagination.tsx';
import { TableToolbar } from './TableToolbar.tsx';
import { TableEmpty, TableError, TableSkeleton, type EmptyCopy } from './TableStates.tsx';
import { isNarrowed, listQuery, nextSort, type Sort } from './table-state.ts';
import type { AdminListPage } from './useAdminList.ts';
import type { TableController } from './useTableState.ts';

export type { TableColumn } from './TableParts.tsx';
export type { BulkAction } from './BulkBar.tsx';

type Props<Row extends { id: number }> = {
  /** The table's accessible name ("Users"). */
  label: string;
  columns: TableColumn<Row>[];
  table: TableController;
  list: UseQueryResult<AdminListPage<Row>>;
  /** The order the list answers in when none is asked, shown on its column. */
  defaultSort?: Sort;
  searchLabel: string;
  /** The list's CSV export path (GET, streamed by the server); a plain download link. */
  exportPath?: string;
  bulkActions?: BulkAction[];
  /** The menu or buttons at the end of a row. */
  rowActions?: (row: Row) => ReactNode;
  /** What Enter or a click on a row does (open its details). */
  onRowAction?: (row: Row) => void;
  empty: EmptyCopy;
};

/**
 * Every admin list: server-side pages, a debounced search, sortable columns, declared filters
 * with chips, row selection with confirmed bulk actions, CSV export; all state in the URL.
 */
export function DataTable<Row extends { id: number }>(props: Props<Row>) {
  const { label, columns, table, list, bulkActions = [], rowActions, onRowAction } = props;
  const { trans } = useTrans();
  const layout = useIsMobile() ? 'cards' : 'table';
  const { state, filters, change } = table;
  const page = list.data?.pagination;
  const rows = useMemo(() => page?.data ?? [], [page]);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const queryKey = JSON.stringify(listQuery(state));
  // A selection belongs to the page it was made on.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page, search, sort or filter clears it
  useEffect(() => setSelected(new Set()), [queryKey]);
  // After a bulk delete the page asked for may no longer exist: show the last one.
  useEffect(() => {
    if (page && page.total > 0 && state.page > page.last_page) change({ page: page.last_page }, { replace: true });
  }, [page, state.page, change]);
  const selectedIds = rows.filter((row) => selected.has(row.id)).map((row) => row.id);
  const onSelectionChange = (keys: Selection) =>
    setSelected(new Set(keys === 'all' ? rows.map((r) => r.id) : [...keys].map(Number)));
  const clearFilters = () => change({ clearFilters: true, query: '' });
  const canSelect = bulkActions.length > 0;
  const isFirstLoad = list.isPending;
  const isRefreshing = list.isFetching && !isFirstLoad;

  const bodyState = () => {
    if (isFirstLoad) return <TableSkeleton columns={Math.min(columns.length, 5)} />;
    if (list.isError && !rows.length) return <TableError error={list.error} onRetry={() => void list.refetch()} />;
    return <TableEmpty empty={props.empty} isNarrowed={isNarrowed(state)} onClear={clearFilters} />;
  };

  return (
    <div className="flex flex-col gap-3">
      {selectedIds.length > 0 ? (
        <BulkBar
          count={selectedIds.length}
          selectedIds={selectedIds}
          actions={bulkActions}
          onClear={() => setSelected(new Set())}
          onDone={() => setSelected(new Set())}
        />
      ) : (
        <TableToolbar table={table} searchLabel={props.searchLabel} exportPath={props.exportPath} />
      )}
      <FilterChips
        filters={filters}
        values={state.filters}
        onRemove={(keys) => change({ filters: Object.fromEntries(keys.map((key) => [key, null])) })}
        onClear={() => change({ clearFilters: true })}
      />
      {list.isError && rows.length > 0 && (
        // The last page stays on screen; say it may be out of date and offer the retry.
        <div
          role="alert"
          className="flex items-center gap-3 rounded-kosh border border-danger px-4 py-2 text-sm text-fg"
        >
          <span className="flex-1">{trans('The list could not be refreshed.')}</span>
          <Button variant="text" size="sm" onPress={() => void list.refetch()}>
            {trans('Try again')}
          </Button>
        </div>
      )}
      <div className="relative overflow-hidden rounded-kosh border border-divider bg-bg">
        {isRefreshing && (
          <div
            data-testid="table-refreshing"
            className="absolute inset-x-0 top-0 z-10 h-0.5 overflow-hidden bg-primary/20"
          >
            <div className="h-full w-full origin-left animate-progress bg-primary" />
          </div>
        )}
        <div className="overflow-x-auto">
          <Table
            aria-label={label}
            aria-busy={list.isFetching || undefined}
            selectionMode={canSelect ? 'multiple' : 'none'}
            selectedKeys={selected}
            onSelectionChange={onSelectionChange}
            sortDescriptor={sortDescriptorOf(state.sort ?? props.defaultSort, columns)}
            onSortChange={(descriptor) =>
              change({ sort: nextSort(columns, String(descriptor.column), state.sort ?? props.defaultSort) })
            }
            onRowAction={
              onRowAction
                ? (key) => {
                    const row = rows.find((r) => r.id === Number(key));
                    if (row) onRowAction(row);
                  }
                : undefined
            }
            className={clsx(
              'w-full border-collapse text-sm',
              layout === 'cards' ? 'block [&>tbody]:block' : 'min-w-[720px]',
              list.isPlaceholderData && 'opacity-70',
            )}
          >
            <TableHead columns={columns} canSelect={canSelect} hasActions={!!rowActions} layout={layout} />
            <TableBody items={rows} dependencies={[columns, rowActions, layout]} renderEmptyState={bodyState}>
              {(row) => (
                <TableRow
                  row={row}
                  columns={columns}
                  canSelect={canSelect}
                  actions={rowActions?.(row)}
                  isClickable={!!onRowAction}
                  layout={layout}
                />
              )}
            </TableBody>
          </Table>
        </div>
        {page && page.total > 0 && (
          <div className="border-t border-divider">
            <TablePagination
              pagination={page}
              perPage={state.perPage}
              onPage={(next) => change({ page: next })}
              onPerPage={(perPage) => change({ perPage })}
            />
          </div>
        )}
      </div>
    </div>
  );
}

function sortDescriptorOf<Row>(sort: Sort | null | undefined, columns: TableColumn<Row>[]) {
  const column = sort && columns.find((c) => c.sortKey === sort.orderBy);
  if (!sort || !column) return undefined;
  return { column: column.id, direction: sort.orderDir === 'asc' ? ('ascending' as const) : ('descending' as const) };
}
