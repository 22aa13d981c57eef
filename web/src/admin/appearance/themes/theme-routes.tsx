import type { RouteObject } from 'react-router';
import { lazyScreen } from '../lazy-screen.ts';

/** The editor's themes screens, relative to /admin/appearance (spec part 2, 2 "Appearance editor"). */
export const themeRoutes: RouteObject[] = [
  { path: 'themes', lazy: lazyScreen('ThemesList') },
  {
    path: 'themes/:themeIndex',
    lazy: lazyScreen('ThemeEditorLayout'),
    children: [
      { index: true, lazy: lazyScreen('ThemeColors') },
      { path: 'font', lazy: lazyScreen('ThemeFontPanel') },
      { path: 'radius', lazy: lazyScreen('ThemeRadiusPanel') },
    ],
  },
];
