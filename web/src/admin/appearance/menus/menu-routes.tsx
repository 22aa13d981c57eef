import type { RouteObject } from 'react-router';
import { lazyScreen } from '../lazy-screen.ts';

/** The editor's menus screens, relative to /admin/appearance (spec part 2, 2 "Appearance editor"). */
export const menuRoutes: RouteObject[] = [
  { path: 'menus', lazy: lazyScreen('MenusList') },
  {
    path: 'menus/:menuIndex',
    lazy: lazyScreen('MenuEditorLayout'),
    children: [
      { index: true, lazy: lazyScreen('MenuEditor') },
      { path: ':menuItemIndex', lazy: lazyScreen('MenuItemEditor') },
    ],
  },
];
