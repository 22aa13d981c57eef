import { describe, expect, it } from 'vitest';
import { emptySelection, selectAll, toggleEntry, withLoaded } from './selection-model.ts';
import { wholeDownloadOf, wholeSelectionOf } from './whole-selection.ts';

const order = [1, 2, 3];
const all = selectAll(emptySelection, order);

describe('whole selection', () => {
  it('acts on the whole folder after Ctrl+A when more entries exist than are loaded', () => {
    const place = { section: 'folder', folderId: 7, total: 5000, isAllLoaded: false } as const;
    expect(wholeSelectionOf(all, place)).toEqual({
      selection: { place: 'folder', folderId: 7, except: [] },
      count: 5000,
    });
  });

  it('leaves out entries deselected after select all, and counts them out', () => {
    const place = { section: 'trash', folderId: null, total: 5000, isAllLoaded: false } as const;
    expect(wholeSelectionOf(toggleEntry(all, 2), place)).toEqual({
      selection: { place: 'trash', except: [2] },
      count: 4999,
    });
  });

  it('acts on Home as the root folder, even when all of more than 1,000 entries are loaded', () => {
    const place = { section: 'home', folderId: null, total: 1200, isAllLoaded: true } as const;
    expect(wholeSelectionOf(all, place)?.selection).toEqual({ place: 'folder', folderId: null, except: [] });
  });

  it('sends the loaded ids for a few entries all loaded, other sections and picked selections', () => {
    expect(wholeSelectionOf(all, { section: 'folder', folderId: 7, total: 3, isAllLoaded: true })).toBeUndefined();
    expect(
      wholeSelectionOf(all, { section: 'starred', folderId: null, total: 5000, isAllLoaded: false }),
    ).toBeUndefined();
    const picked = toggleEntry(emptySelection, 1);
    expect(
      wholeSelectionOf(picked, { section: 'home', folderId: null, total: 5000, isAllLoaded: false }),
    ).toBeUndefined();
  });

  it('shows rows loaded after select all as selected, but not the deselected ones', () => {
    const deselected = toggleEntry(all, 2);
    expect([...withLoaded(deselected, [1, 2, 3, 4, 5]).selected]).toEqual([1, 3, 4, 5]);
    const picked = toggleEntry(emptySelection, 1);
    expect(withLoaded(picked, [1, 2, 3])).toBe(picked);
  });

  it('downloads a select-all in a folder or Home as the place, even when all of a few entries are loaded', () => {
    const few = { section: 'folder', folderId: 7, total: 3, isAllLoaded: true } as const;
    expect(wholeDownloadOf(toggleEntry(all, 3), few)).toEqual({
      selection: { place: 'folder', folderId: 7, except: [3] },
      count: 2,
    });
    const home = { section: 'home', folderId: null, total: 3, isAllLoaded: true } as const;
    expect(wholeDownloadOf(all, home)?.selection).toEqual({ place: 'folder', folderId: null, except: [] });
    expect(wholeDownloadOf(all, { ...few, section: 'trash' })).toBeUndefined();
    expect(wholeDownloadOf(toggleEntry(emptySelection, 1), few)).toBeUndefined();
  });
});
