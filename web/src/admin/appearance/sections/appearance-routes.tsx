import type { RouteObject } from 'react-router';
import { lazyScreen } from '../lazy-screen.ts';
import { menuRoutes } from '../menus/menu-routes.tsx';
import { themeRoutes } from '../themes/theme-routes.tsx';

/** The editor's screens, relative to /admin/appearance (spec part 2, 2 "Appearance editor"). */
export const appearanceRoutes: RouteObject[] = [
  { index: true, lazy: lazyScreen('SectionList') },
  { path: 'general', lazy: lazyScreen('GeneralSection') },
  { path: 'seo-settings', lazy: lazyScreen('SeoSection') },
  { path: 'custom-code', lazy: lazyScreen('CustomCodeSection') },
  {
    path: 'landing-page',
    children: [
      { index: true, lazy: lazyScreen('LandingSectionList') },
      { path: 'general', lazy: lazyScreen('LandingGeneral') },
      { path: 'action-buttons', lazy: lazyScreen('LandingActionButtons') },
      { path: 'primary-features', lazy: lazyScreen('LandingPrimaryFeatures') },
      { path: 'secondary-features', lazy: lazyScreen('LandingSecondaryFeatures') },
      { path: 'faq', lazy: lazyScreen('LandingFaq') },
    ],
  },
  ...themeRoutes,
  ...menuRoutes,
];
