import { useEffect, type RefObject } from 'react';
import clsx from 'clsx';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import type { FileEntry } from '@kosh/contracts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { focusRing } from '../../ui/button-styles.ts';
import type { OrderBy, Sort } from '../view-state.ts';
import {
  EntryRow,
  LIST_COLUMNS,
  LIST_COLUMNS_NO_OWNER,
  MOBILE_ROW_HEIGHT,
  ROW_HEIGHT,
  SkeletonRow,
} from './EntryRow.tsx';
import type { DayGroup } from './day-groups.ts';
import { assumedViewRect, observeViewRect } from './grid-layout.ts';
import { useRemeasure } from './useRemeasure.ts';
import { useViewContext } from './view-context.ts';

/** Skeleton rows shown under the loaded ones while the next page is on its way. */
const PENDING_ROWS = 8;
/** The next page is asked for while this many loaded rows are still below the view. */
const PREFETCH_ROWS = 60;
export const LIST_HEADER_HEIGHT = 48;
const GROUP_HEADING_HEIGHT = 48;

type HeaderProps = { sort: Sort | null; onSort: (orderBy: OrderBy) => void };

/** Column headers; those the server sorts by are buttons (aria-sort on the active one). */
export function ListHeader({
  sort,
  onSort,
  showOwner = true,
  isTrash = false,
  isSearch = false,
}: HeaderProps & { showOwner?: boolean; isTrash?: boolean; isSearch?: boolean }) {
  const { trans } = useTrans();
  const column = (label: string, orderBy: OrderBy | null) => {
    const isActive = !!sort && sort.orderBy === orderBy;
    const Arrow = sort?.orderDir === 'asc' ? ArrowUp : ArrowDown;
    return (
      <div
        role="columnheader"
        aria-sort={isActive ? (sort.orderDir === 'asc' ? 'ascending' : 'descending') : undefined}
        className="flex min-w-0 items-center pr-4"
      >
        {orderBy && sort ? (
          <button
            type="button"
            onClick={() => onSort(orderBy)}
            className={clsx(
              '-ml-2 inline-flex h-8 items-center gap-1 rounded-kosh px-2 hover:bg-bg-alt hover:text-fg',
              isActive && 'text-fg',
              focusRing,
            )}
          >
            {trans(label)}
            {isActive && <Arrow size={16} aria-hidden />}
          </button>
        ) : (
          <span className="truncate">{trans(label)}</span>
        )}
      </div>
    );
  };
  return (
    <div
      role="row"
      aria-rowindex={1}
      className={clsx(
        'sticky top-0 z-10 grid h-12 shrink-0 items-center border-b border-divider bg-bg pl-4',
        'text-sm font-medium text-fg-muted',
        showOwner ? LIST_COLUMNS : LIST_COLUMNS_NO_OWNER,
      )}
    >
      {column('Name', 'name')}
      {showOwner && column(isTrash ? 'Original location' : isSearch ? 'Location' : 'Owner', null)}
      {isTrash ? column('Deleted', null) : column('Last modified', 'updated_at')}
      {column('Size', 'file_size')}
      <div role="columnheader" aria-label={trans('Actions')} />
    </div>
  );
}

/** A row of the list: an entry, or the heading of a day group (Recent). */
export type ListRow = { kind: 'entry'; entry: FileEntry } | { kind: 'heading'; key: string; label: string };

/** The list's rows: the entries, each day group (when given) under its heading. */
export function listRows(entries: readonly FileEntry[], groups?: readonly DayGroup[]): ListRow[] {
  if (!groups) return entries.map((entry) => ({ kind: 'entry', entry }));
  return groups.flatMap((group, g): ListRow[] => [
    { kind: 'heading', key: `h-${g}`, label: group.label },
    ...group.entries.map((entry) => ({ kind: 'entry' as const, entry })),
  ]);
}

function GroupHeading({ label, index, start }: { label: string; index: number; start: number }) {
  const { trans } = useTrans();
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      data-testid="group-heading"
      style={{ height: GROUP_HEADING_HEIGHT, transform: `translateY(${start}px)` }}
      className="absolute top-0 left-0 flex w-full items-end border-b border-divider px-4 pb-2"
    >
      <div role="rowheader" className="text-sm font-medium text-fg">
        {trans(label)}
      </div>
    </div>
  );
}

type Props = {
  rows: ListRow[];
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  scrollRef: RefObject<HTMLDivElement | null>;
  /** Height of the sticky column headers above the rows, inside the scroll container. */
  headerHeight: number;
  onVirtualizer: (virtualizer: Virtualizer<HTMLDivElement, Element>) => void;
};

/**
 * The list view: only the rows in sight (and a few around them) exist in the page, so
 * 100,000 entries scroll as smoothly as 10; the next page is asked for as the end comes near.
 */
export function FileList({
  rows,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  scrollRef,
  headerHeight,
  onVirtualizer,
}: Props) {
  const ctx = useViewContext();
  const rowHeight = ctx.isMobile ? MOBILE_ROW_HEIGHT : ROW_HEIGHT;
  const count = rows.length + (hasNextPage ? PENDING_ROWS : 0);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => (rows[i]?.kind === 'heading' ? GROUP_HEADING_HEIGHT : rowHeight),
    getItemKey: (i) => {
      const row = rows[i];
      return !row ? `s${i}` : row.kind === 'heading' ? row.key : row.entry.id;
    },
    overscan: 8,
    initialRect: assumedViewRect(),
    observeElementRect: observeViewRect,
    scrollMargin: headerHeight,
    scrollPaddingStart: headerHeight,
  });
  useEffect(() => onVirtualizer(virtualizer), [virtualizer, onVirtualizer]);
  useRemeasure(virtualizer, rows);
  const items = virtualizer.getVirtualItems();
  const last = items.at(-1)?.index ?? 0;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && last >= rows.length - PREFETCH_ROWS) fetchNextPage();
  }, [last, rows.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  return (
    <div role="rowgroup" className="relative w-full shrink-0" style={{ height: virtualizer.getTotalSize() }}>
      {items.map((item) => {
        const row = rows[item.index];
        const start = item.start - headerHeight;
        if (row?.kind === 'heading') {
          return <GroupHeading key={row.key} label={row.label} index={item.index} start={start} />;
        }
        const entry = row?.entry;
        if (entry) return <EntryRow key={entry.id} entry={entry} index={item.index} start={start} size={item.size} />;
        return (
          <SkeletonRow
            key={`s${item.index}`}
            style={{ height: item.size, transform: `translateY(${start}px)` }}
            isMobile={ctx.isMobile}
          />
        );
      })}
    </div>
  );
}
