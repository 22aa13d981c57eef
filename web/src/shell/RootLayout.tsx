import { lazy, Suspense } from 'react';
import clsx from 'clsx';
import { Outlet, ScrollRestoration, useHref, useNavigate, type NavigateOptions } from 'react-router';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { NavigationProgress } from '../ui/NavigationProgress.tsx';
import { useBootstrapData } from './bootstrap-store.ts';
import { CookieNotice } from './CookieNotice.tsx';
import { needsEmailVerification } from './guard-rules.ts';
import { useTrans } from './i18n/useTrans.tsx';

declare module 'react-aria-components' {
  interface RouterConfig {
    routerOptions: NavigateOptions;
  }
}

// Only staff logged in as someone see it: its module (and the admin calls it makes) stays out of
// the shell every page loads.
const ImpersonationBanner = lazy(() =>
  import('../admin/impersonation/ImpersonationBanner.tsx').then((m) => ({ default: m.ImpersonationBanner })),
);

// One live notification stream per signed-in tab; a visitor's pages never load it.
const LiveNotifications = lazy(() =>
  import('../notifications/live/LiveNotifications.tsx').then((m) => ({ default: m.LiveNotifications })),
);

const EmailVerificationScreen = lazy(() =>
  import('../auth/verification/EmailVerificationScreen.tsx').then((m) => ({ default: m.EmailVerificationScreen })),
);

/**
 * Root of every route: react-aria links navigate through the router; progress bar; cookie
 * notice; the email verification screen instead of the app while it is required (part 1, 2.5).
 */
export function RootLayout() {
  const navigate = useNavigate();
  const { trans } = useTrans();
  const { user, settings } = useBootstrapData();
  const mustVerify = needsEmailVerification(user, settings.require_email_confirmation);
  return (
    <AriaRouterProvider navigate={(to, options) => void navigate(to, options)} useHref={useHref}>
      <a
        href="#main-content"
        className={clsx(
          'sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[90] focus:rounded-kosh',
          'focus:bg-primary focus:px-4 focus:py-2 focus:text-on-primary',
        )}
      >
        {trans('Skip to main content')}
      </a>
      <NavigationProgress />
      {user && settings.notifications?.integrated ? (
        <Suspense fallback={null}>
          <LiveNotifications />
        </Suspense>
      ) : null}
      {user?.impersonator ? (
        <Suspense fallback={null}>
          <ImpersonationBanner />
        </Suspense>
      ) : null}
      {mustVerify ? (
        <Suspense fallback={null}>
          <EmailVerificationScreen />
        </Suspense>
      ) : (
        <Outlet />
      )}
      <CookieNotice />
      <ScrollRestoration />
    </AriaRouterProvider>
  );
}
