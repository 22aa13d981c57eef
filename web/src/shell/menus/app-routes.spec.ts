import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { isAppPage } from './app-routes.ts';

const routes: RouteObject[] = [
  {
    children: [
      { path: '/' },
      { path: '/pricing' },
      { path: '/pages/:pageSlug' },
      { path: '/drive', children: [{ index: true }, { path: 'trash' }] },
      { path: '*' },
    ],
  },
];

describe('isAppPage', () => {
  it('knows the routes of the table, with their query and hash', () => {
    for (const path of ['/', '/#features', '/pricing?cycle=year', '/pages/about-us', '/drive', '/drive/trash'])
      expect(isAppPage(routes, path)).toBe(true);
  });

  it('treats what only the catch-all answers as no page', () => {
    for (const path of ['/admin', '/billing', '/drive/payment-history']) expect(isAppPage(routes, path)).toBe(false);
  });
});
