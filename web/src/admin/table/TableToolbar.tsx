import { Download } from 'lucide-react';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { buttonClasses } from '../../ui/button-styles.ts';
import { FilterMenu } from './FilterMenu.tsx';
import { exportHref } from './table-state.ts';
import { TableSearch } from './TableSearch.tsx';
import type { TableController } from './useTableState.ts';

type Props = { table: TableController; searchLabel: string; exportPath?: string };

/** Above the table: the search, the Filters button, and the CSV export of what the table shows. */
export function TableToolbar({ table, searchLabel, exportPath }: Props) {
  const { trans } = useTrans();
  const { state, filters, change } = table;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <TableSearch
        label={searchLabel}
        value={state.query}
        onSearch={(query, replace) => change({ query }, { replace })}
        className="w-full sm:w-[320px]"
      />
      {filters.length > 0 && (
        <FilterMenu
          filters={filters}
          values={state.filters}
          onChange={(values) => change({ filters: values })}
          onClear={() => change({ clearFilters: true })}
        />
      )}
      <div className="flex-1" />
      {exportPath && (
        // A plain link: the server streams the file, however many rows match.
        <a href={exportHref(exportPath, state)} download className={buttonClasses('secondary', 'md')}>
          <Download size={18} aria-hidden />
          {trans('Export CSV')}
        </a>
      )}
    </div>
  );
}
