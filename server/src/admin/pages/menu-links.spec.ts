import { describe, expect, it } from 'vitest';
import { repointedItems } from './menu-links.ts';

describe('repointedItems', () => {
  const page = { id: 7, from: 'about-us', to: 'about' };

  it('moves links to the old slug, with or without the id, and keeps everything else', () => {
    const items = [
      { id: 'a', label: 'About us', action: '/pages/about-us', type: 'route' },
      { id: 'b', label: 'About (id)', action: '/pages/7/about-us' },
      { id: 'c', label: 'Pricing', action: '/pricing' },
      { id: 'd', label: 'Another page', action: '/pages/about-us-team' },
      { id: 'e', label: 'Other id', action: '/pages/8/about-us' },
    ];
    const { items: next, changed } = repointedItems(items, page);
    expect(changed).toBe(true);
    expect(next.map((i) => i.action)).toEqual([
      '/pages/about',
      '/pages/7/about',
      '/pricing',
      '/pages/about-us-team',
      '/pages/8/about-us',
    ]);
    expect(next[0]).toEqual({ id: 'a', label: 'About us', action: '/pages/about', type: 'route' });
  });

  it('says nothing changed when no item links to the page', () => {
    const items = [{ id: 'c', label: 'Pricing', action: '/pricing' }];
    expect(repointedItems(items, page)).toEqual({ items, changed: false });
  });
});
