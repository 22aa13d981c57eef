import { describe, expect, it } from 'vitest';
import type { FileEntry, FileEntryPage } from '@kosh/contracts';
import { flattenPages, mapEntries, mergeEntries, removeEntries, totalOf, type EntryPages } from './drive-cache.ts';

const entry = (id: number, name = `e${id}`) => ({ id, name, is_starred: false }) as FileEntry;
const page = (ids: number[], current: number, total: number): FileEntryPage => ({
  data: ids.map((id) => entry(id)),
  current_page: current,
  last_page: 2,
  per_page: 2,
  total,
  folder: null,
});
const pages = (): EntryPages => ({ pages: [page([1, 2], 1, 4), page([3, 4], 2, 4)], pageParams: [1, 2] });

describe('drive cache', () => {
  it('flattens the loaded pages in order', () => {
    expect(flattenPages(pages()).map((e) => e.id)).toEqual([1, 2, 3, 4]);
    expect(flattenPages(undefined)).toEqual([]);
  });

  it('maps entries, keeping untouched pages and data when nothing changes', () => {
    const data = pages();
    const sut = mapEntries(data, (e) => (e.id === 3 ? { ...e, name: 'renamed' } : e));
    expect(flattenPages(sut).map((e) => e.name)).toEqual(['e1', 'e2', 'renamed', 'e4']);
    expect(sut.pages[0]).toBe(data.pages[0]);
    expect(mapEntries(data, (e) => e)).toBe(data);
  });

  it('removes entries and lowers the totals', () => {
    const sut = removeEntries(pages(), new Set([2, 4, 99]));
    expect(flattenPages(sut).map((e) => e.id)).toEqual([1, 3]);
    expect(totalOf(sut)).toBe(2);
    const data = pages();
    expect(removeEntries(data, new Set([99]))).toBe(data);
  });

  it('merges the entries the server answered', () => {
    const sut = mergeEntries(pages(), [{ ...entry(1), is_starred: true }]);
    expect(flattenPages(sut).map((e) => e.is_starred)).toEqual([true, false, false, false]);
  });
});
