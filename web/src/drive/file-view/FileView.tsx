import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import clsx from 'clsx';
import type { Virtualizer } from '@tanstack/react-virtual';
import type { FileEntry } from '@kosh/contracts';
import type { UploadSource } from '../upload/upload-queue.ts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { useDropTarget } from '../dnd/useDropTarget.ts';
import { clearSelection, type Selection } from '../selection/selection-model.ts';
import type { OrderBy, Sort, ViewMode } from '../view-state.ts';
import { SkeletonRow } from './EntryRow.tsx';
import { FileGrid } from './FileGrid.tsx';
import { FileList, LIST_HEADER_HEIGHT, ListHeader, listRows } from './FileList.tsx';
import { CARD_MIN_WIDTH, columnsFor, gridRows, MOBILE_CARD_MIN_WIDTH, rowIndexOf } from './grid-layout.ts';
import { useDayGroups } from './useDayGroups.ts';
import { useElementWidth } from './useElementWidth.ts';
import { useViewContextValue } from './useViewContextValue.ts';
import { handleViewKey, type KeyCommand } from './useViewKeyboard.ts';
import { entryDomId, ViewContext } from './view-context.ts';

export type Point = { x: number; y: number };

type Props = {
  label: string;
  entries: FileEntry[];
  total: number;
  isPending: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  viewMode: ViewMode;
  sort: Sort | null;
  onSort: (orderBy: OrderBy) => void;
  selection: Selection;
  onSelection: (next: Selection) => void;
  userId: number | null;
  /** Show the owner column (default true). */
  showOwner?: boolean;
  /** The trash: deleted dates and original locations instead of modified dates and owners. */
  isTrash?: boolean;
  /** Search results: where each entry lives instead of its owner. */
  isSearch?: boolean;
  /** Recent: entries (ordered by last change) under Today, Yesterday, Earlier this week and Earlier. */
  groupByDay?: boolean;
  isMobile: boolean;
  canDrag: boolean;
  /** Where files dropped on the view's background upload to; undefined: no upload here. */
  dropFolder?: { id: number | null; name: string };
  empty: ReactNode;
  onOpen: (entry: FileEntry) => void;
  onCommand: (command: KeyCommand, at?: Point) => void;
  onEntryMenu: (selection: Selection, at: Point) => void;
  onBackgroundMenu?: (at: Point) => void;
  onMoveInto: (ids: number[], folder: FileEntry) => void;
  onUpload: (sources: UploadSource[], parentId: number | null) => void;
};

const isOnEntry = (target: EventTarget) => !!(target as HTMLElement).closest('[data-testid="entry"]');

/**
 * The list or grid of a section (a `grid` with aria-activedescendant): selection by pointer
 * and keyboard, context menus, drag and drop of entries and of files from the computer.
 */
export function FileView(props: Props) {
  const { entries, selection, onSelection, viewMode, isMobile } = props;
  const { trans } = useTrans();
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useRef<Virtualizer<HTMLDivElement, Element> | null>(null);
  const onVirtualizer = useCallback((v: Virtualizer<HTMLDivElement, Element>) => {
    virtualizer.current = v;
  }, []);
  // The focused entry shows its ring only while the keyboard drives the view.
  const [isFocusVisible, setFocusVisible] = useState(false);
  const width = useElementWidth(scrollRef);
  const isGrid = viewMode === 'grid';
  const padding = isMobile ? 16 : 24;
  const columns = isGrid ? columnsFor(width - padding * 2, isMobile ? MOBILE_CARD_MIN_WIDTH : CARD_MIN_WIDTH) : 1;
  const groups = useDayGroups(entries, !!props.groupByDay);
  const grid = useMemo(
    () => (isGrid ? gridRows(entries, columns, props.hasNextPage, groups) : null),
    [isGrid, entries, columns, props.hasNextPage, groups],
  );
  const rows = useMemo(() => (isGrid ? [] : listRows(entries, groups)), [isGrid, entries, groups]);
  // Keyboard navigation and Shift ranges go over the entries only, in the order they are shown.
  const order = useMemo(
    () => (grid ? grid.order.map((e) => e.id) : rows.flatMap((r) => (r.kind === 'entry' ? [r.entry.id] : []))),
    [grid, rows],
  );
  const ctx = useViewContextValue({ ...props, order, showFocus: isFocusVisible });
  const drop = useDropTarget({
    onFiles: (sources) => props.onUpload(sources, props.dropFolder?.id ?? null),
    isDisabled: !props.dropFolder,
  });

  const reveal = (id: number | null) => {
    if (id === null || !virtualizer.current) return;
    const index = grid ? rowIndexOf(grid.rows, id) : rows.findIndex((r) => r.kind === 'entry' && r.entry.id === id);
    if (index >= 0) virtualizer.current.scrollToIndex(index, { align: 'auto' });
  };
  const pointAt = (id: number | null): Point => {
    const rect = id !== null ? document.getElementById(entryDomId(id))?.getBoundingClientRect() : undefined;
    return rect ? { x: rect.left + Math.min(rect.width / 2, 240), y: rect.top + rect.height / 2 } : { x: 0, y: 0 };
  };
  const showEmpty = !props.isPending && entries.length === 0;
  const hasHeader = !isGrid && !isMobile && !showEmpty;
  const listProps = {
    hasNextPage: props.hasNextPage,
    isFetchingNextPage: props.isFetchingNextPage,
    fetchNextPage: props.fetchNextPage,
    scrollRef,
    onVirtualizer,
  };
  const gridProps = showEmpty
    ? {}
    : {
        role: 'grid',
        tabIndex: 0,
        'aria-label': props.label,
        'aria-multiselectable': true,
        'aria-rowcount': isGrid ? undefined : props.total + 1 + (groups?.length ?? 0),
        'aria-busy': props.isPending || undefined,
        'aria-activedescendant':
          selection.focused !== null && order.includes(selection.focused) ? entryDomId(selection.focused) : undefined,
      };

  return (
    <ViewContext.Provider value={ctx}>
      <div {...drop.dropProps} className="relative flex min-h-0 flex-1 flex-col">
        <div
          ref={scrollRef}
          {...gridProps}
          data-testid="file-view"
          data-view-mode={viewMode}
          onPointerDown={() => setFocusVisible(false)}
          onFocus={(event) =>
            event.target === event.currentTarget && setFocusVisible(event.currentTarget.matches(':focus-visible'))
          }
          onBlur={() => setFocusVisible(false)}
          onKeyDown={(event) => {
            if (showEmpty || event.target !== event.currentTarget) return;
            setFocusVisible(true);
            handleViewKey(event, {
              order,
              columns,
              isGrid,
              selection,
              onSelection: (next) => {
                onSelection(next);
                reveal(next.focused);
              },
              onCommand: (command) =>
                props.onCommand(command, command === 'menu' ? pointAt(selection.focused) : undefined),
            });
          }}
          onClick={(event) =>
            !isOnEntry(event.target) && selection.selected.size && onSelection(clearSelection(selection))
          }
          onContextMenu={(event) => {
            if (!props.onBackgroundMenu || isOnEntry(event.target)) return;
            event.preventDefault();
            props.onBackgroundMenu({ x: event.clientX, y: event.clientY });
          }}
          className={clsx(
            'flex min-h-0 flex-1 flex-col overflow-y-auto pb-24 outline-none',
            isGrid ? 'pt-2' : '',
            isGrid && isMobile ? 'px-4' : isMobile ? 'px-0' : 'px-6',
            (selection.focused === null || !isFocusVisible) &&
              'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary',
          )}
        >
          {hasHeader && (
            <ListHeader
              sort={props.sort}
              onSort={props.onSort}
              showOwner={props.showOwner ?? true}
              isTrash={props.isTrash}
              isSearch={props.isSearch}
            />
          )}
          {props.isPending &&
            !isGrid &&
            Array.from({ length: 12 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, nothing to tell apart
              <SkeletonRow key={i} isMobile={isMobile} />
            ))}
          {showEmpty && props.empty}
          {!props.isPending &&
            !showEmpty &&
            (grid ? (
              <FileGrid rows={grid.rows} columns={columns} {...listProps} />
            ) : (
              <FileList rows={rows} headerHeight={hasHeader ? LIST_HEADER_HEIGHT : 0} {...listProps} />
            ))}
        </div>
        {drop.isOver && props.dropFolder && (
          <div
            className={clsx(
              'pointer-events-none absolute inset-2 z-10 flex items-end justify-center rounded-kosh-lg border-2',
              'border-dashed border-primary bg-primary/10 pb-8',
            )}
          >
            <span className="rounded-full bg-primary px-4 py-2 text-sm font-medium text-on-primary shadow-lg">
              {trans('Drop files to upload to :folder', { folder: props.dropFolder.name })}
            </span>
          </div>
        )}
      </div>
    </ViewContext.Provider>
  );
}
