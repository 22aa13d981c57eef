import { describe, expect, it } from 'vitest';
import {
  clearSelection,
  clickEntry,
  contextClickEntry,
  emptySelection,
  focusEdge,
  moveFocus,
  pruneSelection,
  selectAll,
  selectedInOrder,
  type Selection,
} from './selection-model.ts';

const order = [10, 11, 12, 13, 14, 15];
const ids = (s: Selection) => [...s.selected].sort((a, b) => a - b);

describe('selection model', () => {
  describe('clickEntry', () => {
    it('selects only the clicked entry and makes it the anchor', () => {
      const sut = clickEntry(clickEntry(emptySelection, 10, order), 12, order);
      expect(ids(sut)).toEqual([12]);
      expect(sut.anchor).toBe(12);
      expect(sut.focused).toBe(12);
    });

    it('adds and removes entries with Ctrl/Cmd', () => {
      let sut = clickEntry(emptySelection, 10, order);
      sut = clickEntry(sut, 13, order, { toggle: true });
      expect(ids(sut)).toEqual([10, 13]);
      sut = clickEntry(sut, 10, order, { toggle: true });
      expect(ids(sut)).toEqual([13]);
      expect(sut.anchor).toBe(10);
    });

    it('selects the range from the anchor with Shift, in either direction, keeping the anchor', () => {
      let sut = clickEntry(emptySelection, 12, order);
      sut = clickEntry(sut, 14, order, { range: true });
      expect(ids(sut)).toEqual([12, 13, 14]);
      sut = clickEntry(sut, 10, order, { range: true });
      expect(ids(sut)).toEqual([10, 11, 12]);
      expect(sut.anchor).toBe(12);
    });

    it('adds the range to the selection with Ctrl/Cmd and Shift', () => {
      let sut = clickEntry(emptySelection, 10, order);
      sut = clickEntry(sut, 13, order, { toggle: true });
      sut = clickEntry(sut, 15, order, { toggle: true, range: true });
      expect(ids(sut)).toEqual([10, 13, 14, 15]);
    });

    it('treats Shift without an anchor as a plain click', () => {
      expect(ids(clickEntry(emptySelection, 11, order, { range: true }))).toEqual([11]);
    });
  });

  describe('contextClickEntry', () => {
    it('keeps a selection that holds the entry', () => {
      const selected = clickEntry(clickEntry(emptySelection, 10, order), 12, order, { range: true });
      expect(ids(contextClickEntry(selected, 11))).toEqual([10, 11, 12]);
    });

    it('selects only an entry outside the selection', () => {
      const selected = clickEntry(emptySelection, 10, order);
      expect(ids(contextClickEntry(selected, 14))).toEqual([14]);
    });
  });

  describe('moveFocus', () => {
    it('starts at the first entry going down and the last going up', () => {
      expect(moveFocus(emptySelection, order, 1).focused).toBe(10);
      expect(moveFocus(emptySelection, order, -1).focused).toBe(15);
    });

    it('moves by the given step (a grid row) and clamps to the list', () => {
      const start = clickEntry(emptySelection, 11, order);
      expect(moveFocus(start, order, 3).focused).toBe(14);
      expect(moveFocus(start, order, 30).focused).toBe(15);
      expect(moveFocus(start, order, -30).focused).toBe(10);
    });

    it('selects the focused entry, or extends from the anchor with Shift', () => {
      const start = clickEntry(emptySelection, 12, order);
      expect(ids(moveFocus(start, order, 1))).toEqual([13]);
      const extended = moveFocus(moveFocus(start, order, 1, { extend: true }), order, 1, { extend: true });
      expect(ids(extended)).toEqual([12, 13, 14]);
      expect(ids(moveFocus(extended, order, -3, { extend: true }))).toEqual([11, 12]);
    });

    it('moves only the focus with Ctrl/Cmd', () => {
      const start = clickEntry(emptySelection, 12, order);
      const sut = moveFocus(start, order, 1, { moveOnly: true });
      expect(sut.focused).toBe(13);
      expect(ids(sut)).toEqual([12]);
    });

    it('does nothing on an empty list', () => {
      expect(moveFocus(emptySelection, [], 1)).toBe(emptySelection);
    });
  });

  it('focuses the first and last entries (Home, End)', () => {
    const start = clickEntry(emptySelection, 12, order);
    expect(focusEdge(start, order, 'first').focused).toBe(10);
    expect(ids(focusEdge(start, order, 'last', true))).toEqual([12, 13, 14, 15]);
  });

  it('selects all and clears, keeping the focus', () => {
    const start = clickEntry(emptySelection, 12, order);
    expect(ids(selectAll(start, order))).toEqual(order);
    const cleared = clearSelection(selectAll(start, order));
    expect(ids(cleared)).toEqual([]);
    expect(cleared.focused).toBe(12);
  });

  it('prunes ids that left the list and keeps the object when nothing changed', () => {
    const start = clickEntry(clickEntry(emptySelection, 10, order), 12, order, { range: true });
    expect(pruneSelection(start, new Set(order))).toBe(start);
    const pruned = pruneSelection(start, new Set([10, 11, 13]));
    expect(ids(pruned)).toEqual([10, 11]);
    expect(pruned.anchor).toBe(10);
    expect(pruned.focused).toBeNull();
  });

  it('lists the selected ids in list order', () => {
    let sut = clickEntry(emptySelection, 14, order);
    sut = clickEntry(sut, 11, order, { toggle: true });
    expect(selectedInOrder(sut, order)).toEqual([11, 14]);
  });
});
