import { describe, expect, it } from 'vitest';
import type { FilterDef } from './filters.ts';
import {
  applyTableChange,
  exportHref,
  formatCount,
  isNarrowed,
  listQuery,
  nextSort,
  pageRange,
  readTableState,
  type TableConfig,
} from './table-state.ts';

const filters: FilterDef[] = [
  { kind: 'boolean', key: 'suspended', label: 'Suspended', trueLabel: 'Yes', falseLabel: 'No' },
  { kind: 'dateRange', key: 'created', label: 'Created', fromKey: 'createdFrom', toKey: 'createdTo' },
];
const config: TableConfig = { filters, sortable: ['email', 'created_at'] };
const read = (search: string) => readTableState(new URLSearchParams(search), config);
const change = (search: string, c: Parameters<typeof applyTableChange>[1]) =>
  applyTableChange(new URLSearchParams(search), c, config).toString();

describe('readTableState', () => {
  it('starts on page 1 of 15, unsearched, in the list order, unfiltered', () => {
    expect(read('')).toEqual({ page: 1, perPage: 15, query: '', sort: null, filters: {} });
  });

  it('reads page, size, search, sort and filters from the URL', () => {
    const state = read('page=3&perPage=50&query=+asha+&orderBy=email&orderDir=desc&suspended=true');
    expect(state).toEqual({
      page: 3,
      perPage: 50,
      query: 'asha',
      sort: { orderBy: 'email', orderDir: 'desc' },
      filters: { suspended: 'true' },
    });
  });

  it('falls back on what a list would refuse', () => {
    const state = read('page=0&perPage=40&orderBy=password&orderDir=sideways');
    expect(state).toMatchObject({ page: 1, perPage: 15, sort: null });
    expect(read('page=2.5').page).toBe(1);
    expect(read('orderBy=email&orderDir=sideways').sort).toEqual({ orderBy: 'email', orderDir: 'asc' });
  });

  it('cuts a search to the 100 characters the lists accept', () => {
    expect(read(`query=${'a'.repeat(150)}`).query).toHaveLength(100);
  });
});

describe('applyTableChange', () => {
  it('moves to a page and leaves the rest alone', () => {
    expect(change('query=asha&page=2', { page: 3 })).toBe('query=asha&page=3');
    expect(change('query=asha&page=2', { page: 1 })).toBe('query=asha');
  });

  it('goes back to page 1 on any other change', () => {
    expect(change('page=4', { query: 'kiran' })).toBe('query=kiran');
    expect(change('page=4', { perPage: 100 })).toBe('perPage=100');
    expect(change('page=4', { sort: { orderBy: 'email', orderDir: 'asc' } })).toBe('orderBy=email&orderDir=asc');
    expect(change('page=4', { filters: { suspended: 'false' } })).toBe('suspended=false');
  });

  it('leaves defaults out of the URL', () => {
    expect(change('perPage=50', { perPage: 15 })).toBe('');
    expect(change('query=x', { query: '  ' })).toBe('');
    expect(change('orderBy=email&orderDir=asc', { sort: null })).toBe('');
    expect(change('suspended=true', { filters: { suspended: null } })).toBe('');
  });

  it('clears the filters but keeps parameters the table does not own', () => {
    const next = change('tab=users&suspended=true&createdFrom=2026-01-01&createdTo=2026-02-01&query=a', {
      clearFilters: true,
      query: '',
    });
    expect(next).toBe('tab=users');
  });
});

describe('listQuery and exportHref', () => {
  const state = read('page=2&perPage=50&query=asha&orderBy=created_at&orderDir=desc&createdFrom=2026-01-01');

  it('asks the list for the page, the search, the sort and the filters', () => {
    expect(listQuery(state)).toEqual({
      page: 2,
      perPage: 50,
      query: 'asha',
      orderBy: 'created_at',
      orderDir: 'desc',
      createdFrom: '2026-01-01',
    });
    expect(listQuery(read(''))).toEqual({ page: 1, perPage: 15 });
  });

  it('exports every page with the same search, filters and sort', () => {
    expect(exportHref('admin/users/export', state)).toBe(
      '/api/v1/admin/users/export?query=asha&orderBy=created_at&orderDir=desc&createdFrom=2026-01-01',
    );
    expect(exportHref('admin/users/export', read('page=3'))).toBe('/api/v1/admin/users/export');
  });
});

describe('isNarrowed', () => {
  it('is true for a search or a filter, not for paging or sorting', () => {
    expect(isNarrowed(read('page=2&orderBy=email'))).toBe(false);
    expect(isNarrowed(read('query=a'))).toBe(true);
    expect(isNarrowed(read('suspended=false'))).toBe(true);
  });
});

describe('pageRange', () => {
  it('counts the rows a page holds from 1', () => {
    expect(pageRange({ current_page: 1, per_page: 15, total: 1234 })).toEqual({ from: 1, to: 15, total: 1234 });
    expect(pageRange({ current_page: 83, per_page: 15, total: 1234 })).toEqual({ from: 1231, to: 1234, total: 1234 });
    expect(pageRange({ current_page: 1, per_page: 15, total: 0 })).toEqual({ from: 0, to: 0, total: 0 });
  });
});

describe('formatCount', () => {
  it('groups digits the Indian way', () => {
    expect(formatCount(1234, 'en')).toBe('1,234');
    expect(formatCount(1234567, 'en')).toBe('12,34,567');
    expect(formatCount(1234567, 'hi')).toBe('12,34,567');
  });

  it('falls back to English for a language Intl does not know', () => {
    expect(formatCount(123456, 'not a language')).toBe('1,23,456');
  });
});

describe('nextSort', () => {
  const columns = [
    { id: 'user', sortKey: 'email' },
    { id: 'created', sortKey: 'created_at', firstDir: 'desc' as const },
    { id: 'roles' },
  ];

  it('turns the sorted column around', () => {
    expect(nextSort(columns, 'user', { orderBy: 'email', orderDir: 'asc' })).toEqual({
      orderBy: 'email',
      orderDir: 'desc',
    });
    expect(nextSort(columns, 'created', { orderBy: 'created_at', orderDir: 'desc' })).toEqual({
      orderBy: 'created_at',
      orderDir: 'asc',
    });
  });

  it('starts another column with its first direction', () => {
    expect(nextSort(columns, 'created', { orderBy: 'email', orderDir: 'asc' })).toEqual({
      orderBy: 'created_at',
      orderDir: 'desc',
    });
    expect(nextSort(columns, 'user', null)).toEqual({ orderBy: 'email', orderDir: 'asc' });
  });

  it('changes nothing for a column that does not sort', () => {
    expect(nextSort(columns, 'roles', { orderBy: 'email', orderDir: 'asc' })).toEqual({
      orderBy: 'email',
      orderDir: 'asc',
    });
    expect(nextSort(columns, 'roles', null)).toBeNull();
  });
});
