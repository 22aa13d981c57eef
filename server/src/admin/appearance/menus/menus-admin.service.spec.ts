import { describe, expect, it } from 'vitest';
import { SaveMenuBodySchema } from '@kosh/contracts';
import {
  BAD_LINK,
  DUPLICATE_ITEM_ID,
  UNKNOWN_PAGE,
  UNKNOWN_ROUTE,
  menuItemProblems,
  pageAddress,
} from './menus-admin.service.ts';

const refs = { pages: new Map([['about-us', 7]]), roleIds: new Set([1, 2]) };
const items = (...list: Array<Record<string, unknown>>) =>
  SaveMenuBodySchema.parse({
    name: 'Menu',
    positions: [],
    items: list.map((item, i) => ({ id: `i${i}`, label: 'Label', type: 'route', ...item })),
  }).items;

describe('pageAddress', () => {
  it('reads /pages/<slug> and /pages/<id>/<slug>, nothing else', () => {
    expect(pageAddress('/pages/about-us')).toEqual({ id: null, slug: 'about-us' });
    expect(pageAddress('/pages/7/about-us')).toEqual({ id: 7, slug: 'about-us' });
    expect(pageAddress('/pages/About')).toBeUndefined();
    expect(pageAddress('/drive')).toBeUndefined();
  });
});

describe('menuItemProblems', () => {
  it('accepts app routes (with a fragment), custom pages, links, known permissions, roles and settings', () => {
    const ok = items(
      { action: '/#features' },
      { action: '/pages/anything' },
      { action: '/pages/7/about-us', type: 'page' },
      { action: 'https://example.com', type: 'link' },
      { action: '/somewhere', type: 'link', permissions: ['admin.access'], roles: [2] },
      { action: '/pricing', settings: { 'billing.enable': true } },
    );
    expect(menuItemProblems(ok, refs)).toEqual({});
  });

  it('keys each problem by item and field', () => {
    const bad = items(
      { id: 'same', action: '/drive' },
      { id: 'same', action: '/not-a-route' },
      { action: '/pages/7/other-page', type: 'page' },
      { action: 'javascript:alert(1)', type: 'link' },
      { action: '/drive', permissions: ['no.such'], roles: [3], settings: { 'app.key': 'x' } },
    );
    expect(menuItemProblems(bad, refs)).toEqual({
      'items.1.id': [DUPLICATE_ITEM_ID],
      'items.1.action': [UNKNOWN_ROUTE],
      'items.2.action': [UNKNOWN_PAGE],
      'items.3.action': [BAD_LINK],
      'items.4.permissions': [expect.any(String)],
      'items.4.roles': [expect.any(String)],
      'items.4.settings': [expect.any(String)],
    });
  });
});
