import { useEffect, useRef } from 'react';
import type { Virtualizer } from '@tanstack/react-virtual';

/**
 * Measures the rows again when they change (headings move, heights differ): not as the view
 * mounts, when nothing was measured yet and measuring would only draw every row a second time.
 */
export function useRemeasure(virtualizer: Virtualizer<HTMLDivElement, Element>, rows: unknown): void {
  const measured = useRef(rows);
  useEffect(() => {
    if (measured.current === rows) return;
    measured.current = rows;
    virtualizer.measure();
  }, [rows, virtualizer]);
}
