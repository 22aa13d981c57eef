import { describe, expect, it } from 'vitest';
import { listingParams } from './useSectionListing.ts';

const sort = { orderBy: 'name', orderDir: 'asc' } as const;
const noSearch = { query: '', type: null, modified: null };
const now = new Date('2026-01-10T00:00:00Z');

describe('listingParams', () => {
  it('sends the chosen sort for sortable sections', () => {
    expect(listingParams('home', undefined, sort, noSearch, now)).toEqual({
      section: 'home',
      orderBy: 'name',
      orderDir: 'asc',
    });
    expect(listingParams('folder', 'abc', sort, noSearch, now)).toEqual({
      section: 'folder',
      folderHash: 'abc',
      orderBy: 'name',
      orderDir: 'asc',
    });
    expect(listingParams('trash', undefined, sort, noSearch, now)).toMatchObject({ section: 'trash', orderBy: 'name' });
  });

  it('keeps the default order (updated_at desc) for recent', () => {
    expect(listingParams('recent', undefined, sort, noSearch, now)).toEqual({
      section: 'recent',
      orderBy: 'updated_at',
      orderDir: 'desc',
    });
  });

  it('asks nothing for an empty search', () => {
    expect(listingParams('search', undefined, sort, noSearch, now)).toBeNull();
  });

  it('lists what others shared, in the chosen order', () => {
    expect(listingParams('shares', undefined, sort, noSearch, now)).toEqual({
      section: 'shares',
      orderBy: 'name',
      orderDir: 'asc',
    });
  });

  it('sends the search filters', () => {
    expect(listingParams('search', undefined, sort, { query: 'cat', type: 'image', modified: '7d' }, now)).toEqual({
      section: 'search',
      orderBy: 'name',
      orderDir: 'asc',
      query: 'cat',
      type: 'image',
      modifiedAfter: '2026-01-03T00:00:00.000Z',
    });
  });
});
