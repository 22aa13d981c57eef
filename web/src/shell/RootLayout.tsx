import { Outlet, ScrollRestoration, useHref, useNavigate, type NavigateOptions } from 'react-router';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { NavigationProgress } from '../ui/NavigationProgress.tsx';
import { CookieNotice } from './CookieNotice.tsx';
import { useTrans } from './i18n/useTrans.tsx';

declare module 'react-aria-components' {
  interface RouterConfig {
    routerOptions: NavigateOptions;
  }
}

/** Root of every route: react-aria links navigate through the router; progress bar; cookie notice. */
export function RootLayout() {
  const navigate = useNavigate();
  const { trans } = useTrans();
  return (
    <AriaRouterProvider navigate={(to, options) => void navigate(to, options)} useHref={useHref}>
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[90] focus:rounded-kosh focus:bg-primary focus:px-4 focus:py-2 focus:text-on-primary"
      >
        {trans('Skip to main content')}
      </a>
      <NavigationProgress />
      <Outlet />
      <CookieNotice />
      <ScrollRestoration />
    </AriaRouterProvider>
  );
}
