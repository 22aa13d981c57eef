import { describe, expect, it } from 'vitest';
import { DEFAULT_SORT, isSortable, nextSort, parseSort, parseViewMode, serializeSort, sortBy } from './view-state.ts';

describe('view state', () => {
  it('defaults to updated_at descending (spec part 2, 9)', () => {
    expect(DEFAULT_SORT).toEqual({ orderBy: 'updated_at', orderDir: 'desc' });
    expect(parseSort(null)).toEqual(DEFAULT_SORT);
  });

  it('round-trips a stored sort and rejects unknown columns or directions', () => {
    expect(parseSort(serializeSort({ orderBy: 'file_size', orderDir: 'asc' }))).toEqual({
      orderBy: 'file_size',
      orderDir: 'asc',
    });
    expect(parseSort('owner:asc')).toEqual(DEFAULT_SORT);
    expect(parseSort('name:up')).toEqual(DEFAULT_SORT);
    expect(parseSort('name')).toEqual(DEFAULT_SORT);
  });

  it('flips the direction of the same column and starts new columns in their natural direction', () => {
    expect(nextSort(DEFAULT_SORT, 'updated_at')).toEqual({ orderBy: 'updated_at', orderDir: 'asc' });
    expect(nextSort(DEFAULT_SORT, 'name')).toEqual({ orderBy: 'name', orderDir: 'asc' });
    expect(nextSort({ orderBy: 'name', orderDir: 'asc' }, 'file_size')).toEqual({
      orderBy: 'file_size',
      orderDir: 'desc',
    });
    expect(nextSort({ orderBy: 'name', orderDir: 'asc' }, 'name')).toEqual({ orderBy: 'name', orderDir: 'desc' });
  });

  it('starts a field picked in the sort menu in its natural direction and keeps a field picked again', () => {
    expect(sortBy(DEFAULT_SORT, 'name')).toEqual({ orderBy: 'name', orderDir: 'asc' });
    expect(sortBy({ orderBy: 'name', orderDir: 'asc' }, 'created_at')).toEqual({
      orderBy: 'created_at',
      orderDir: 'desc',
    });
    expect(sortBy({ orderBy: 'name', orderDir: 'desc' }, 'name')).toEqual({ orderBy: 'name', orderDir: 'desc' });
  });

  it('reads the view mode, list by default', () => {
    expect(parseViewMode('grid')).toBe('grid');
    expect(parseViewMode('tiles')).toBe('list');
    expect(parseViewMode(null, 'grid')).toBe('grid');
    expect(parseViewMode('list', 'grid')).toBe('list');
    expect(parseViewMode(null)).toBe('list');
  });

  it('lets every section but recent be sorted', () => {
    expect(['home', 'folder', 'shares', 'starred', 'trash', 'search'].every(isSortable)).toBe(true);
    expect(isSortable('recent')).toBe(false);
  });
});
