import { observeElementRect, type Rect, type Virtualizer } from '@tanstack/react-virtual';
import type { FileEntry } from '@kosh/contracts';
import { isServer } from '../../shell/ssr-hints.ts';
import { isFolder } from '../file-types.ts';
import type { DayGroup, DayGroupLabel } from './day-groups.ts';

export const GRID_GAP = 16;
export const CARD_MIN_WIDTH = 200;
export const MOBILE_CARD_MIN_WIDTH = 150;
export const CARD_HEIGHT = 180;
export const TILE_HEIGHT = 48;
const HEADING_HEIGHT = 48;

const FIRST_VIEW_RECT = { width: 0, height: 900 };

/**
 * The scroll area assumed until it is measured, on a page the server draws (the shareable link
 * page): a phone's height and then some. The server draws the rows in it, and the browser's first
 * render, which takes that drawing over, must assume the same. Elsewhere nothing is assumed, and
 * rows are drawn once the area is measured.
 */
export const assumedViewRect = () => (isServer || window.ssr ? FIRST_VIEW_RECT : undefined);

/**
 * The scroll area's size for the virtualizer: on a page the server drew, never shorter than it
 * assumed. The browser then keeps every row the server drew, a few of them below a short screen,
 * instead of removing them as it takes the page over (on a slow phone, a long frame).
 */
export function observeViewRect<T extends Element>(instance: Virtualizer<T, Element>, cb: (rect: Rect) => void) {
  const assumed = assumedViewRect();
  if (!assumed) return observeElementRect(instance, cb);
  return observeElementRect(instance, (rect) =>
    cb({ width: rect.width, height: Math.max(rect.height, assumed.height) }),
  );
}

export type GridRow =
  | { kind: 'heading'; key: string; label: 'Folders' | 'Files' | DayGroupLabel; height: number }
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

function pushCards(rows: GridRow[], entries: readonly FileEntry[], columns: number, prefix: string) {
  for (const [i, row] of chunk([...entries], columns).entries()) {
    const isTiles = isFolder(row[0]);
    rows.push({
      kind: isTiles ? 'folders' : 'files',
      key: `${prefix}${i}`,
      entries: row,
      height: (isTiles ? TILE_HEIGHT : CARD_HEIGHT) + GRID_GAP,
    });
  }
}

/**
 * The grid as rows the virtualizer lays out (UI.md "Grid view"): folders first as compact
 * tiles, then file cards, each under a heading; a row of skeleton cards while a page loads.
 * With day groups (Recent), each day's heading comes first, then its folders and its files.
 * Returns the display order too, which keyboard navigation and Shift ranges follow.
 */
export function gridRows(
  entries: readonly FileEntry[],
  columns: number,
  hasMore: boolean,
  groups?: readonly DayGroup[],
): { rows: GridRow[]; order: FileEntry[] } {
  const rows: GridRow[] = [];
  const order: FileEntry[] = [];
  for (const [g, group] of (groups ?? []).entries()) {
    const folders = group.entries.filter(isFolder);
    const files = group.entries.filter((e) => !isFolder(e));
    rows.push({ kind: 'heading', key: `h-${g}`, label: group.label, height: HEADING_HEIGHT });
    pushCards(rows, folders, columns, `g${g}f`);
    pushCards(rows, files, columns, `g${g}c`);
    order.push(...folders, ...files);
  }
  if (!groups) {
    const folders = entries.filter(isFolder);
    const files = entries.filter((e) => !isFolder(e));
    if (folders.length) rows.push({ kind: 'heading', key: 'h-folders', label: 'Folders', height: HEADING_HEIGHT });
    pushCards(rows, folders, columns, 'f');
    if (files.length) rows.push({ kind: 'heading', key: 'h-files', label: 'Files', height: HEADING_HEIGHT });
    pushCards(rows, files, columns, 'c');
    order.push(...folders, ...files);
  }
  if (hasMore) rows.push({ kind: 'pending', key: 'pending', height: CARD_HEIGHT + GRID_GAP });
  return { rows, order };
}

/** The grid row holding an entry, for scrolling it into view. */
export function rowIndexOf(rows: readonly GridRow[], id: number): number {
  return rows.findIndex((row) => 'entries' in row && row.entries.some((e) => e.id === id));
}
