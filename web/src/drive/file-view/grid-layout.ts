import type { FileEntry } from '@kosh/contracts';
import { isFolder } from '../file-types.ts';

export const GRID_GAP = 16;
export const CARD_MIN_WIDTH = 200;
export const MOBILE_CARD_MIN_WIDTH = 150;
export const CARD_HEIGHT = 180;
export const TILE_HEIGHT = 48;
const HEADING_HEIGHT = 48;

export type GridRow =
  | { kind: 'heading'; key: string; label: 'Folders' | 'Files'; height: number }
  | { kind: 'folders' | 'files'; key: string; entries: FileEntry[]; height: number }
  | { kind: 'pending'; key: string; height: number };

/** Cards per row: as many 200 px cards (150 on phones) with 16 px gaps as the width holds. */
export function columnsFor(width: number, minWidth: number): number {
  return Math.max(1, Math.floor((width + GRID_GAP) / (minWidth + GRID_GAP)));
}

function chunk(entries: FileEntry[], size: number): FileEntry[][] {
  const rows: FileEntry[][] = [];
  for (let i = 0; i < entries.length; i += size) rows.push(entries.slice(i, i + size));
  return rows;
}

/**
 * The grid as rows the virtualizer lays out (UI.md "Grid view"): folders first as compact
 * tiles, then file cards, each under a heading; a row of skeleton cards while a page loads.
 * Returns the display order too, which keyboard navigation and Shift ranges follow.
 */
export function gridRows(
  entries: readonly FileEntry[],
  columns: number,
  hasMore: boolean,
): { rows: GridRow[]; order: FileEntry[] } {
  const folders = entries.filter(isFolder);
  const files = entries.filter((e) => !isFolder(e));
  const rows: GridRow[] = [];
  if (folders.length) {
    rows.push({ kind: 'heading', key: 'h-folders', label: 'Folders', height: HEADING_HEIGHT });
    for (const [i, row] of chunk(folders, columns).entries()) {
      rows.push({ kind: 'folders', key: `f${i}`, entries: row, height: TILE_HEIGHT + GRID_GAP });
    }
  }
  if (files.length) {
    rows.push({ kind: 'heading', key: 'h-files', label: 'Files', height: HEADING_HEIGHT });
    for (const [i, row] of chunk(files, columns).entries()) {
      rows.push({ kind: 'files', key: `c${i}`, entries: row, height: CARD_HEIGHT + GRID_GAP });
    }
  }
  if (hasMore) rows.push({ kind: 'pending', key: 'pending', height: CARD_HEIGHT + GRID_GAP });
  return { rows, order: [...folders, ...files] };
}

/** The grid row holding an entry, for scrolling it into view. */
export function rowIndexOf(rows: readonly GridRow[], id: number): number {
  return rows.findIndex((row) => 'entries' in row && row.entries.some((e) => e.id === id));
}
