import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { isInAppearanceEditor } from './appearance/appearance-editor.ts';
import { useBootstrapData } from './bootstrap-store.ts';
import {
  checkoutRedirect,
  guestOnlyRedirect,
  loginRequiredRedirect,
  permissionRedirect,
  subscribedRedirect,
  type GuardContext,
} from './guard-rules.ts';
import { useAuth } from './useAuth.ts';
import { isServer } from './ssr-hints.ts';

function useGuardContext(): GuardContext {
  const { user, settings } = useBootstrapData();
  const { hasPermission, isSubscribed } = useAuth();
  return {
    user,
    billingEnabled: !!settings.billing?.enable,
    secondaryRedirect: settings.secondary_redirect,
    isSubscribed,
    hasPermission,
    inAppearanceEditor: isInAppearanceEditor(),
    storage: isServer ? undefined : window.sessionStorage,
  };
}

function Guarded({ to, children }: { to: string | null; children?: ReactNode }) {
  if (to) return <Navigate to={to} replace />;
  return children ?? <Outlet />;
}

/** Guest-only guard (part 1, 2.2): login and register. */
export function GuestOnly({ children }: { children?: ReactNode }) {
  return <Guarded to={guestOnlyRedirect(useGuardContext())}>{children}</Guarded>;
}

/** Permission guard (part 1, 2.2). */
export function RequirePermission({ permission, children }: { permission: string; children?: ReactNode }) {
  return <Guarded to={permissionRedirect(useGuardContext(), permission)}>{children}</Guarded>;
}

/** Login-required guard: a logged-out visitor goes to /login. */
export function RequireAuth({ children }: { children?: ReactNode }) {
  return <Guarded to={loginRequiredRedirect(useGuardContext())}>{children}</Guarded>;
}

/** Checkout guard: a logged-out visitor goes to /register. */
export function RequireAuthForCheckout({ children }: { children?: ReactNode }) {
  return <Guarded to={checkoutRedirect(useGuardContext())}>{children}</Guarded>;
}

/** Billing guard: a user without a subscription goes to /pricing. */
export function RequireSubscription({ children }: { children?: ReactNode }) {
  return <Guarded to={subscribedRedirect(useGuardContext())}>{children}</Guarded>;
}
