import type { ReactNode } from 'react';
import clsx from 'clsx';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { Cell, Column, Row, TableHeader } from 'react-aria-components';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Checkbox } from '../../ui/Checkbox.tsx';
import type { SortDir } from './table-state.ts';

/** One column of an admin table. */
export type TableColumn<Row> = {
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** The list's orderBy name; the column sorts when it has one. */
  sortKey?: string;
  /** The first click's direction (dates newest first). */
  firstDir?: SortDir;
  /** Width and alignment classes of the column's cells in the wide layout. */
  className?: string;
  /** The column that names a row (read out for the row, first on a card); the first column when none says so. */
  isRowHeader?: boolean;
};

/**
 * 'table' on wide screens; 'cards' on phones: the same grid, each row drawn as a card (its name
 * first, the other columns labelled under it) and the header as a bar of sort buttons.
 */
export type TableLayout = 'table' | 'cards';

const focusOutline = clsx(
  'outline-none data-[focus-visible]:outline-2 data-[focus-visible]:-outline-offset-2',
  'data-[focus-visible]:outline-solid data-[focus-visible]:outline-primary',
);
const headClass = 'h-11 border-b border-divider px-4 text-left text-xs font-medium text-fg-muted whitespace-nowrap';
const checkClass = 'w-12 pr-0 pl-4';

export const rowHeaderOf = <Row,>(columns: TableColumn<Row>[]) =>
  columns.find((c) => c.isRowHeader)?.id ?? columns[0]?.id;

type HeadProps<Row> = { columns: TableColumn<Row>[]; canSelect: boolean; hasActions: boolean; layout: TableLayout };

/** The header row: the select-page checkbox, the columns (sortable ones as buttons), the actions column. */
export function TableHead<Row>({ columns, canSelect, hasActions, layout }: HeadProps<Row>) {
  const { trans } = useTrans();
  const rowHeader = rowHeaderOf(columns);
  const isCards = layout === 'cards';
  return (
    <TableHeader
      className={clsx(
        'bg-bg',
        isCards && 'block border-b border-divider [&>tr]:flex [&>tr]:flex-wrap [&>tr]:items-center [&>tr]:gap-2',
        isCards && '[&>tr]:px-4 [&>tr]:py-2',
      )}
    >
      {canSelect && (
        <Column className={isCards ? 'block pr-2' : clsx(headClass, checkClass)}>
          <Checkbox slot="selection" aria-label={trans('Select all on this page')} />
        </Column>
      )}
      {columns.map((column) => (
        <Column
          key={column.id}
          id={column.id}
          isRowHeader={column.id === rowHeader}
          allowsSorting={!!column.sortKey}
          className={
            isCards
              ? clsx(
                  column.sortKey
                    ? 'inline-flex h-8 cursor-pointer items-center rounded-full border border-divider px-3 text-xs'
                    : 'sr-only',
                  'font-medium text-fg-muted data-[sort-direction]:text-fg',
                  focusOutline,
                )
              : clsx(headClass, focusOutline, column.sortKey && 'cursor-pointer hover:text-fg', column.className)
          }
        >
          {({ sortDirection }) => (
            <span className="group inline-flex items-center gap-1">
              {trans(column.header)}
              {column.sortKey &&
                (sortDirection === 'descending' ? (
                  <ArrowDown size={14} aria-hidden className="text-fg" />
                ) : (
                  <ArrowUp
                    size={14}
                    aria-hidden
                    className={sortDirection ? 'text-fg' : 'opacity-0 transition-opacity group-hover:opacity-60'}
                  />
                ))}
            </span>
          )}
        </Column>
      ))}
      {hasActions && (
        <Column className={isCards ? 'sr-only' : clsx(headClass, 'w-14')}>
          <span className="sr-only">{trans('Actions')}</span>
        </Column>
      )}
    </TableHeader>
  );
}

type RowProps<R> = {
  row: R;
  columns: TableColumn<R>[];
  canSelect: boolean;
  actions?: ReactNode;
  isClickable: boolean;
  layout: TableLayout;
};

const cellClass = 'border-b border-divider px-4 py-2 align-middle text-fg';

/** A row: its checkbox, its cells, its actions; hover and selected colours as in the drive's list. */
export function TableRow<R extends { id: number }>(props: RowProps<R>) {
  const { row, columns, canSelect, actions, isClickable, layout } = props;
  const { trans } = useTrans();
  const isCards = layout === 'cards';
  const rowHeader = rowHeaderOf(columns);
  // On a card: the checkbox, the row's name and its actions share the first line; the rest sit under the name.
  const main = canSelect ? 'col-start-2' : 'col-start-1';
  return (
    <Row
      id={row.id}
      className={clsx(
        'group/row outline-none transition-colors duration-125 hover:bg-bg-alt data-[selected]:bg-bg-chip',
        'data-[focus-visible]:outline-2 data-[focus-visible]:-outline-offset-2 data-[focus-visible]:outline-solid',
        'data-[focus-visible]:outline-primary',
        isCards
          ? clsx(
              'grid items-start gap-x-3 gap-y-1 border-b border-divider px-4 py-3 last:border-b-0',
              canSelect ? 'grid-cols-[auto_minmax(0,1fr)_auto]' : 'grid-cols-[minmax(0,1fr)_auto]',
            )
          : 'h-14 [&:last-child>td]:border-b-0',
        isClickable && 'cursor-pointer',
      )}
    >
      {canSelect && (
        <Cell className={isCards ? 'col-start-1 row-start-1 block pt-0.5' : clsx(cellClass, checkClass)}>
          <Checkbox slot="selection" />
        </Cell>
      )}
      {columns.map((column) => {
        if (!isCards) {
          return (
            <Cell key={column.id} className={clsx(cellClass, column.className)}>
              {column.cell(row)}
            </Cell>
          );
        }
        const isName = column.id === rowHeader;
        return (
          <Cell key={column.id} className={clsx('block min-w-0', main, isName ? 'row-start-1' : 'text-sm')}>
            {isName ? (
              column.cell(row)
            ) : (
              <div className="flex min-w-0 gap-3">
                <span className="w-24 shrink-0 pt-px text-xs text-fg-muted">{trans(column.header)}</span>
                <div className="min-w-0 flex-1">{column.cell(row)}</div>
              </div>
            )}
          </Cell>
        );
      })}
      {actions !== undefined && (
        <Cell
          className={
            isCards
              ? clsx('row-start-1 -my-1.5 -mr-2 block', canSelect ? 'col-start-3' : 'col-start-2')
              : clsx(cellClass, 'w-14 py-0 pr-2 text-right')
          }
        >
          {actions}
        </Cell>
      )}
    </Row>
  );
}
