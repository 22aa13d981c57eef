import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  applyTableChange,
  readTableState,
  type TableChange,
  type TableConfig,
  type TableState,
} from './table-state.ts';
import type { FilterDef } from './filters.ts';

export type TableController = {
  state: TableState;
  filters: readonly FilterDef[];
  /** Applies a change to the URL; replace for changes that need no step in history (typing a search). */
  change: (change: TableChange, options?: { replace?: boolean }) => void;
};

/** A table's state, read from and written to the URL so back, forward and reload keep it. */
export function useTableState(config: TableConfig): TableController {
  const [params, setParams] = useSearchParams();
  const { filters, sortable } = config;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the config is read through filters and sortable
  const state = useMemo(() => readTableState(params, config), [params, filters, sortable]);
  const change = useCallback(
    (next: TableChange, options?: { replace?: boolean }) =>
      setParams((prev) => applyTableChange(prev, next, { filters, sortable }), {
        replace: options?.replace,
        preventScrollReset: true,
      }),
    [setParams, filters, sortable],
  );
  return { state, filters, change };
}
