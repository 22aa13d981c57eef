import { describe, expect, it } from 'vitest';
import type { FileEntry } from '@kosh/contracts';
import { columnsFor, gridRows, rowIndexOf } from './grid-layout.ts';

const folder = (id: number) => ({ id, type: 'folder' }) as FileEntry;
const file = (id: number) => ({ id, type: 'image' }) as FileEntry;

describe('grid layout', () => {
  it('fits as many minimum-width cards as the width holds, at least one', () => {
    expect(columnsFor(1000, 200)).toBe(4);
    expect(columnsFor(1016, 200)).toBe(4);
    expect(columnsFor(1080, 200)).toBe(5);
    expect(columnsFor(120, 150)).toBe(1);
  });

  it('puts folders first as tiles, then files as cards, each under a heading', () => {
    const { rows, order } = gridRows([file(1), folder(2), file(3), folder(4), file(5)], 2, false);
    expect(rows.map((r) => r.kind)).toEqual(['heading', 'folders', 'heading', 'files', 'files']);
    expect(order.map((e) => e.id)).toEqual([2, 4, 1, 3, 5]);
    expect(rows[4]).toMatchObject({ entries: [file(5)] });
  });

  it('adds a pending row while more pages exist and finds the row of an entry', () => {
    const { rows } = gridRows([file(1), file(2), file(3)], 2, true);
    expect(rows.at(-1)?.kind).toBe('pending');
    expect(rowIndexOf(rows, 3)).toBe(2);
    expect(rowIndexOf(rows, 99)).toBe(-1);
  });

  it('puts each day group under its heading, with its folders before its files', () => {
    const groups = [
      { label: 'Today' as const, entries: [file(1), folder(2), file(3)] },
      { label: 'Earlier' as const, entries: [folder(4)] },
    ];
    const { rows, order } = gridRows([file(1), folder(2), file(3), folder(4)], 4, false, groups);
    expect(rows.map((r) => (r.kind === 'heading' ? r.label : r.kind))).toEqual([
      'Today',
      'folders',
      'files',
      'Earlier',
      'folders',
    ]);
    expect(order.map((e) => e.id)).toEqual([2, 1, 3, 4]);
    expect(rowIndexOf(rows, 4)).toBe(4);
  });

  it('has no headings for an empty list', () => {
    expect(gridRows([], 3, false).rows).toEqual([]);
  });
});
