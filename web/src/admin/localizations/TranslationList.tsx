import { useLayoutEffect, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { TranslationRow } from './translation-rows.ts';
import { TranslationRowView } from './TranslationRowView.tsx';

type Props = {
  rows: TranslationRow[];
  onChange: (row: TranslationRow, value: string) => void;
  /** The element that scrolls the page (the admin layout's main). */
  scrollParent: () => HTMLElement | null;
};

const ESTIMATED_ROW_PX = 62;

/**
 * The lines, of which only those in sight (and a few around them) exist in the page: a
 * thousand lines type and scroll as smoothly as ten. Rows grow with their text and are measured.
 */
export function TranslationList({ rows, onChange, scrollParent }: Props) {
  const listRef = useRef<HTMLDivElement>(null);
  const [offset, setOffset] = useState(0);
  // The list starts below the page's heading and toolbar, inside the scrolling main.
  useLayoutEffect(() => {
    const list = listRef.current;
    const parent = scrollParent();
    if (!list || !parent) return;
    const measure = () =>
      setOffset(list.getBoundingClientRect().top - parent.getBoundingClientRect().top + parent.scrollTop);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(parent.firstElementChild ?? parent);
    return () => observer.disconnect();
  }, [scrollParent]);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: scrollParent,
    estimateSize: () => ESTIMATED_ROW_PX,
    getItemKey: (index) => rows[index]?.key ?? index,
    overscan: 6,
    scrollMargin: offset,
  });
  const items = virtualizer.getVirtualItems();
  return (
    <div ref={listRef} className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
      {items.map((item) => {
        const row = rows[item.index];
        if (!row) return null;
        return (
          <div
            key={item.key}
            data-index={item.index}
            ref={virtualizer.measureElement}
            className="absolute top-0 left-0 w-full"
            style={{ transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
          >
            <TranslationRowView row={row} onChange={onChange} />
          </div>
        );
      })}
    </div>
  );
}
