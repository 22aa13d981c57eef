import { createBrowserRouter, matchRoutes, Navigate, type RouteObject } from 'react-router';
import { NotFoundPage } from './shell/errors/NotFoundPage.tsx';
import { RouteErrorElement } from './shell/errors/RouteErrorElement.tsx';
import { GuestOnly, RequireAuth, RequireAuthForCheckout, RequirePermission } from './shell/guards.tsx';
import { RootLayout } from './shell/RootLayout.tsx';
import { driveRoutes } from './drive/drive-routes.tsx';
import { appearanceRoutes } from './admin/appearance/sections/appearance-routes.tsx';
import { FirstPageProgress } from './ui/NavigationProgress.tsx';

const errorElement = <RouteErrorElement />;

/** Routes of part 1, 2.1: each page is a lazy module with an error element. */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    // Shown while the first page's lazy module loads (the router renders nothing until then).
    HydrateFallback: FirstPageProgress,
    errorElement,
    children: [
      { path: '/', errorElement, lazy: () => import('./home/HomePage.tsx') },
      {
        Component: GuestOnly,
        errorElement,
        children: [
          { path: '/login', errorElement, lazy: () => import('./auth/LoginPage.tsx') },
          { path: '/workspace/join/login', errorElement, lazy: () => import('./auth/LoginPage.tsx') },
          { path: '/register/:inviteId?', errorElement, lazy: () => import('./auth/RegisterPage.tsx') },
          { path: '/workspace/join/register/:inviteId?', errorElement, lazy: () => import('./auth/RegisterPage.tsx') },
        ],
      },
      {
        Component: RequireAuth,
        errorElement,
        children: [
          { path: '/account-settings', errorElement, lazy: () => import('./account/AccountSettingsPage.tsx') },
          { path: '/notifications', errorElement, lazy: () => import('./notifications/NotificationsPage.tsx') },
          // Redirects to / itself when subscriptions are not integrated or there are none (part 1, 2.1).
          {
            path: '/notifications/settings',
            errorElement,
            lazy: () => import('./notifications/settings/NotificationSettingsPage.tsx'),
          },
        ],
      },
      // The shareable link page (spec part 2, 2): open to visitors; restricted links send them to /login.
      { path: '/drive/s/:hash', errorElement, lazy: () => import('./drive/link/LinkPage.tsx') },
      { path: '/s/:hash', errorElement, lazy: () => import('./drive/link/LinkPage.tsx') },
      // The drive (spec part 2, 2): login required.
      { Component: RequireAuth, errorElement, children: [driveRoutes] },
      // The admin area (spec part 2, 2 and 6): the layout needs admin.access, each section its own permission.
      {
        path: '/admin',
        element: <RequirePermission permission="admin.access" />,
        errorElement,
        children: [
          // The appearance editor takes the whole screen too (spec part 2, 2), with the site in a frame.
          {
            path: 'appearance',
            element: <RequirePermission permission="appearance.update" />,
            errorElement,
            children: [
              {
                errorElement,
                lazy: () => import('./admin/appearance/AppearanceEditorRoute.tsx'),
                children: appearanceRoutes,
              },
            ],
          },
          // The page editor takes the whole screen: beside the admin frame, not inside it.
          {
            path: 'custom-pages',
            element: <RequirePermission permission="custom_pages.update" />,
            errorElement,
            children: [
              { path: 'new', errorElement, lazy: () => import('./admin/custom-pages/editor/PageEditorRoute.tsx') },
              {
                path: ':pageId/edit',
                errorElement,
                lazy: () => import('./admin/custom-pages/editor/PageEditorRoute.tsx'),
              },
            ],
          },
          {
            errorElement,
            lazy: () => import('./admin/AdminLayout.tsx'),
            children: [
              { index: true, errorElement, lazy: () => import('./admin/report/ReportPage.tsx') },
              {
                path: 'users',
                element: <RequirePermission permission="users.update" />,
                errorElement,
                children: [
                  { index: true, errorElement, lazy: () => import('./admin/users/UsersPage.tsx') },
                  {
                    path: ':userId',
                    errorElement,
                    lazy: () => import('./admin/users/edit/UserEditPage.tsx'),
                    children: [
                      { index: true, element: <Navigate to="details" replace /> },
                      { path: 'details', errorElement, lazy: () => import('./admin/users/edit/UserDetailsTab.tsx') },
                      {
                        path: 'permissions',
                        errorElement,
                        lazy: () => import('./admin/users/edit/UserPermissionsTab.tsx'),
                      },
                      { path: 'security', errorElement, lazy: () => import('./admin/users/edit/UserSecurityTab.tsx') },
                      { path: 'date', errorElement, lazy: () => import('./admin/users/edit/UserDateTab.tsx') },
                      { path: 'api', errorElement, lazy: () => import('./admin/users/edit/UserApiTab.tsx') },
                    ],
                  },
                ],
              },
              {
                path: 'roles',
                element: <RequirePermission permission="roles.update" />,
                errorElement,
                children: [
                  { index: true, errorElement, lazy: () => import('./admin/roles/RolesListPage.tsx') },
                  { path: 'new', errorElement, lazy: () => import('./admin/roles/RoleNewPage.tsx') },
                  { path: ':roleId/edit', errorElement, lazy: () => import('./admin/roles/RoleEditPage.tsx') },
                ],
              },
              {
                path: 'plans',
                element: <RequirePermission permission="plans.update" />,
                errorElement,
                children: [
                  { index: true, errorElement, lazy: () => import('./admin/plans/PlansPage.tsx') },
                  { path: 'new', errorElement, lazy: () => import('./admin/plans/PlanEditPage.tsx') },
                  { path: ':planId/edit', errorElement, lazy: () => import('./admin/plans/PlanEditPage.tsx') },
                ],
              },
              {
                path: 'discount',
                element: <RequirePermission permission="discount.update" />,
                errorElement,
                children: [{ index: true, errorElement, lazy: () => import('./admin/coupons/CouponsPage.tsx') }],
              },
              {
                path: 'subscriptions',
                element: <RequirePermission permission="subscriptions.update" />,
                errorElement,
                children: [
                  { index: true, errorElement, lazy: () => import('./admin/subscriptions/SubscriptionsPage.tsx') },
                ],
              },
              // Both need only admin.access, as their services check.
              { path: 'user-space', errorElement, lazy: () => import('./admin/user-space/UserSpacePage.tsx') },
              { path: 'enquiries', errorElement, lazy: () => import('./admin/enquiries/EnquiriesPage.tsx') },
              {
                path: 'files',
                element: <RequirePermission permission="files.update" />,
                errorElement,
                children: [{ index: true, errorElement, lazy: () => import('./admin/files/FilesPage.tsx') }],
              },
              {
                path: 'custom-pages',
                element: <RequirePermission permission="custom_pages.update" />,
                errorElement,
                children: [
                  { index: true, errorElement, lazy: () => import('./admin/custom-pages/CustomPagesPage.tsx') },
                ],
              },
              {
                path: 'tags',
                element: <RequirePermission permission="tags.update" />,
                errorElement,
                children: [{ index: true, errorElement, lazy: () => import('./admin/tags/TagsPage.tsx') }],
              },
              {
                path: 'localizations',
                element: <RequirePermission permission="localizations.update" />,
                errorElement,
                children: [
                  { index: true, errorElement, lazy: () => import('./admin/localizations/LocalizationsPage.tsx') },
                  {
                    path: ':localeId/translate',
                    errorElement,
                    lazy: () => import('./admin/localizations/TranslatePage.tsx'),
                  },
                ],
              },
              {
                path: 'ads',
                element: <RequirePermission permission="settings.update" />,
                errorElement,
                children: [{ index: true, errorElement, lazy: () => import('./admin/ads/AdsPage.tsx') }],
              },
              {
                path: 'mail-template',
                element: <RequirePermission permission="settings.update" />,
                errorElement,
                children: [
                  { index: true, errorElement, lazy: () => import('./admin/mail-templates/MailTemplatesPage.tsx') },
                  { path: ':id', errorElement, lazy: () => import('./admin/mail-templates/MailTemplateEditPage.tsx') },
                ],
              },
              {
                path: 'settings',
                element: <RequirePermission permission="settings.update" />,
                errorElement,
                children: [
                  { index: true, element: <Navigate to="general" replace /> },
                  { path: ':tab', errorElement, lazy: () => import('./admin/settings/SettingsPage.tsx') },
                ],
              },
              {
                path: 'logs',
                element: <RequirePermission permission="logs.view" />,
                errorElement,
                children: [
                  // The first tab (spec part 2, 2 lists schedule, error and outgoing-email).
                  { index: true, element: <Navigate to="schedule" replace /> },
                  { path: 'schedule', errorElement, lazy: () => import('./admin/logs/SchedulePage.tsx') },
                  { path: 'error', errorElement, lazy: () => import('./admin/logs/ErrorLogPage.tsx') },
                  { path: 'outgoing-email', errorElement, lazy: () => import('./admin/logs/MailLogPage.tsx') },
                  { path: 'audit', errorElement, lazy: () => import('./admin/logs/AuditLogPage.tsx') },
                ],
              },
            ],
          },
        ],
      },
      { path: '/forgot-password', errorElement, lazy: () => import('./auth/ForgotPasswordPage.tsx') },
      { path: '/password/reset/:token', errorElement, lazy: () => import('./auth/ResetPasswordPage.tsx') },
      // Enquiry pages (spec part 2, 2 "Other public routes"): public.
      { path: '/contact', errorElement, lazy: () => import('./site/enquiry/ContactPage.tsx') },
      { path: '/reseller', errorElement, lazy: () => import('./site/enquiry/ResellerPage.tsx') },
      // Pricing (spec part 2, 2): public; checkout needs login, a visitor is sent to /register.
      { path: '/pricing', errorElement, lazy: () => import('./site/pricing/PricingPage.tsx') },
      {
        Component: RequireAuthForCheckout,
        errorElement,
        children: [
          {
            path: '/checkout/:productId/:priceId',
            errorElement,
            lazy: () => import('./site/pricing/CheckoutPage.tsx'),
          },
          // Where Stripe and PayPal send the browser back after paying.
          {
            path: '/checkout/:productId/:priceId/stripe/done',
            errorElement,
            lazy: () => import('./billing/CheckoutDonePage.tsx'),
          },
          {
            path: '/checkout/:productId/:priceId/paypal/done',
            errorElement,
            lazy: () => import('./billing/CheckoutDonePage.tsx'),
          },
        ],
      },
      // Billing (spec part 2, 2 "Billing routes"): login required; the pages send a user without a
      // subscription to /pricing themselves, as a plan whose payment failed still has its billing page.
      {
        Component: RequireAuth,
        errorElement,
        children: [
          { path: '/payment-success', errorElement, lazy: () => import('./billing/PaymentSuccessPage.tsx') },
          { path: '/billing', errorElement, lazy: () => import('./billing/BillingPage.tsx') },
          { path: '/billing/cancel', errorElement, lazy: () => import('./billing/CancelPlanPage.tsx') },
          { path: '/billing/renew', errorElement, lazy: () => import('./billing/RenewPlanPage.tsx') },
          { path: '/drive/payment-history', errorElement, lazy: () => import('./billing/PaymentHistoryPage.tsx') },
          { path: '/drive/payment-history/:invoiceId', errorElement, lazy: () => import('./billing/InvoicePage.tsx') },
          { path: '/billing/change-plan', errorElement, lazy: () => import('./billing/ChangePlanPage.tsx') },
          {
            path: '/billing/change-payment-method',
            errorElement,
            lazy: () => import('./billing/ChangePaymentMethodPage.tsx'),
          },
          {
            path: '/billing/change-payment-method/done',
            errorElement,
            lazy: () => import('./billing/PaymentMethodDonePage.tsx'),
          },
          // Where PayPal sends the browser back after the subscriber approved a plan change.
          {
            path: '/billing/change-plan/paypal/done',
            errorElement,
            lazy: () => import('./billing/ChangePlanDonePage.tsx'),
          },
          {
            path: '/billing/change-plan/:productId/:priceId/confirm',
            errorElement,
            lazy: () => import('./billing/ChangePlanConfirmPage.tsx'),
          },
          // Spec part 1 names the confirm page without the /billing prefix.
          {
            path: '/change-plan/:productId/:priceId/confirm',
            errorElement,
            lazy: () => import('./billing/ChangePlanConfirmPage.tsx'),
          },
        ],
      },
      { path: '/pages/:pageSlug', errorElement, lazy: () => import('./pages/CustomPageRoute.tsx') },
      { path: '/pages/:pageId/:pageSlug', errorElement, lazy: () => import('./pages/CustomPageRoute.tsx') },
      // The 404 page is also the error element's, so it ships in the main chunk.
      { path: '/404', errorElement, Component: NotFoundPage },
      { path: '*', errorElement, Component: NotFoundPage },
    ],
  },
];

/** `loaderData`: what the server's render of this page loaded (window.ssr), so the router starts there. */
export function createRouter(loaderData?: Record<string, unknown>) {
  return createBrowserRouter(routes, loaderData ? { hydrationData: { loaderData } } : undefined);
}

export type AppRouter = ReturnType<typeof createRouter>;

/**
 * Loads the lazy modules of the routes matching `pathname`, as the server did before it drew the
 * page: hydration then finds each route's component at once, instead of the router's fallback.
 */
export async function loadMatchedRoutes(pathname: string): Promise<void> {
  const lazyMatches = (matchRoutes(routes, pathname) ?? []).filter((match) => match.route.lazy);
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      const lazy = route.lazy;
      if (typeof lazy !== 'function') return;
      Object.assign(route, await lazy(), { lazy: undefined });
    }),
  );
}
