import { describe, expect, it } from 'vitest';
import { emptySelection, selectAll, toggleEntry } from '../selection/selection-model.ts';
import { linkPageView, openInTrail, orderParam, wholeLinkDownloadOf } from './link-page-state.ts';

describe('orderParam', () => {
  it('defaults to updated_at:desc', () => {
    expect(orderParam(null)).toBe('updated_at:desc');
    expect(orderParam({ orderBy: 'name', orderDir: 'asc' })).toBe('name:asc');
  });
});

describe('openInTrail', () => {
  const trail = [
    { id: 1, hash: 'a', name: 'A' },
    { id: 2, hash: 'b', name: 'B' },
  ];
  it('goes down into a folder, or back up to a crumb', () => {
    expect(openInTrail(trail, 1, { id: 3, hash: 'c', name: 'C' })).toEqual([...trail, { id: 3, hash: 'c', name: 'C' }]);
    expect(openInTrail(trail, 0)).toEqual([{ id: 1, hash: 'a', name: 'A' }]);
    expect(openInTrail(trail, -1)).toEqual([]);
  });
});

describe('linkPageView', () => {
  const base = { isLoggedIn: false, isProtected: false, password: null };
  it('sends a logged-out visitor of a restricted link to /login', () => {
    expect(linkPageView({ ...base, status: 401 })).toBe('login');
    expect(linkPageView({ ...base, restricted: true })).toBe('login');
    expect(linkPageView({ ...base, restricted: true, isLoggedIn: true })).toBe('link');
  });

  it('asks for the password while protected, until one is given', () => {
    expect(linkPageView({ ...base, passwordInvalid: true })).toBe('password');
    expect(linkPageView({ ...base, isProtected: true })).toBe('password');
    expect(linkPageView({ ...base, isProtected: true, password: 'secret' })).toBe('link');
    expect(linkPageView({ ...base, isProtected: true, password: 'guess', status: 429 })).toBe('password');
    expect(linkPageView({ ...base, isProtected: true, password: 'guess', status: 403 })).toBe('password');
  });

  it('shows an expired link for 410, apart from a missing one', () => {
    expect(linkPageView({ ...base, status: 410 })).toBe('expired');
  });

  it('shows a missing link for 404', () => {
    expect(linkPageView({ ...base, status: 404 })).toBe('missing');
  });
});

describe('wholeLinkDownloadOf', () => {
  const all = selectAll(emptySelection, [1, 2, 3]);
  it('names the open folder but those left out for a select-all, however few entries are loaded', () => {
    expect(wholeLinkDownloadOf(toggleEntry(all, 2), 7, 3)).toEqual({ place: 'folder', folderId: 7, except: [2] });
    expect(wholeLinkDownloadOf(all, 7, 50)).toEqual({ place: 'folder', folderId: 7, except: [] });
  });

  it('leaves picked entries and a file link to hashes', () => {
    expect(wholeLinkDownloadOf(toggleEntry(emptySelection, 1), 7, 3)).toBeUndefined();
    expect(wholeLinkDownloadOf(all, null, 3)).toBeUndefined();
  });
});
