import { describe, expect, it } from 'vitest';
import { modifiedAfter, parseSearch, searchListingParams, searchToParams } from './search-query.ts';

describe('search query', () => {
  it('reads query, type and modified from the URL, ignoring unknown values', () => {
    expect(parseSearch(new URLSearchParams('query=%20report%20&type=pdf&modified=7d'))).toEqual({
      query: 'report',
      type: 'pdf',
      modified: '7d',
    });
    expect(parseSearch(new URLSearchParams('type=exe&modified=forever'))).toEqual({
      query: '',
      type: null,
      modified: null,
    });
  });

  it('writes only the filters that are set', () => {
    expect(searchToParams({ query: 'cat', type: null, modified: '30d' }).toString()).toBe('query=cat&modified=30d');
    expect(searchToParams({ query: '', type: null, modified: null }).toString()).toBe('');
  });

  it('turns a modified range into the earliest update time', () => {
    const now = new Date('2026-03-10T15:30:00Z');
    expect(modifiedAfter('7d', now)).toBe('2026-03-03T15:30:00.000Z');
    expect(modifiedAfter('365d', now)).toBe('2025-03-10T15:30:00.000Z');
    const today = new Date(modifiedAfter('today', now));
    expect([today.getHours(), today.getMinutes(), today.getSeconds()]).toEqual([0, 0, 0]);
    expect(today.getTime()).toBeLessThanOrEqual(now.getTime());
  });

  it('builds the listing params, or null when nothing is asked', () => {
    const now = new Date('2026-03-10T15:30:00Z');
    expect(searchListingParams({ query: '', type: null, modified: null }, now)).toBeNull();
    expect(searchListingParams({ query: 'cat', type: 'image', modified: null }, now)).toEqual({
      query: 'cat',
      type: 'image',
    });
    expect(searchListingParams({ query: '', type: null, modified: '7d' }, now)).toEqual({
      modifiedAfter: '2026-03-03T15:30:00.000Z',
    });
  });
});
