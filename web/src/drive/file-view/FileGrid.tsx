import { useEffect, useMemo, type RefObject } from 'react';
import clsx from 'clsx';
import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import type { FileEntry } from '@kosh/contracts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { EntryCard } from './EntryCard.tsx';
import { CARD_HEIGHT, assumedViewRect, GRID_GAP, type GridRow, observeViewRect } from './grid-layout.ts';
import { useRemeasure } from './useRemeasure.ts';

type Props = {
  rows: GridRow[];
  columns: number;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  scrollRef: RefObject<HTMLDivElement | null>;
  onVirtualizer: (virtualizer: Virtualizer<HTMLDivElement, Element>) => void;
};

function PendingCards({ columns }: { columns: number }) {
  return (
    <>
      {Array.from({ length: columns }, (_, i) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, nothing to tell apart
          key={i}
          aria-hidden
          data-testid="skeleton-card"
          className="animate-pulse rounded-kosh bg-bg-alt"
          style={{ height: CARD_HEIGHT }}
        />
      ))}
    </>
  );
}

/** The grid view, virtualized by rows of cards, loading further pages as its end comes near. */
export function FileGrid({
  rows,
  columns,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  scrollRef,
  onVirtualizer,
}: Props) {
  const { trans } = useTrans();
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => rows[i].height,
    overscan: 4,
    initialRect: assumedViewRect(),
    observeElementRect: observeViewRect,
  });
  useRemeasure(virtualizer, rows);
  useEffect(() => onVirtualizer(virtualizer), [virtualizer, onVirtualizer]);
  const items = virtualizer.getVirtualItems();
  const last = items.at(-1)?.index ?? 0;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && last >= rows.length - 4) fetchNextPage();
  }, [last, rows.length, hasNextPage, isFetchingNextPage, fetchNextPage]);
  const template = useMemo(
    () => ({ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, gap: GRID_GAP }),
    [columns],
  );

  return (
    <div role="rowgroup" className="relative w-full shrink-0" style={{ height: virtualizer.getTotalSize() }}>
      {items.map((item) => {
        const row = rows[item.index];
        const style = { height: item.size, transform: `translateY(${item.start}px)` };
        if (row.kind === 'heading') {
          return (
            <div
              key={row.key}
              role="presentation"
              aria-hidden
              data-testid="group-heading"
              style={style}
              className="absolute top-0 left-0 flex w-full items-center text-sm font-medium text-fg"
            >
              {trans(row.label)}
            </div>
          );
        }
        return (
          <div
            key={row.key}
            role="row"
            style={{ ...style, ...template }}
            className={clsx('absolute top-0 left-0 grid w-full content-start')}
          >
            {row.kind === 'pending' ? (
              <PendingCards columns={columns} />
            ) : (
              row.entries.map((entry: FileEntry) => <EntryCard key={entry.id} entry={entry} />)
            )}
          </div>
        );
      })}
    </div>
  );
}
