import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { isInAppearanceEditor } from './appearance/appearance-editor.ts';
import { useBootstrapData } from './bootstrap-store.ts';
import { defaultRedirectFor } from './redirects.ts';
import { useAuth } from './useAuth.ts';

/**
 * Guest-only guard (part 1, 2.2): a logged-in user, unless the appearance editor is
 * active, goes to the secondary redirect address when configured, else their default one.
 */
export function GuestOnly({ children }: { children?: ReactNode }) {
  const { user, settings } = useBootstrapData();
  if (user && !isInAppearanceEditor()) {
    const to = settings.secondary_redirect || defaultRedirectFor(user, window.sessionStorage);
    return <Navigate to={to} replace />;
  }
  return children ?? <Outlet />;
}

/**
 * Permission guard (part 1, 2.2): not logged in goes to /login; lacking the permission
 * goes to /pricing when billing is on and the user is not subscribed, else to /404.
 */
export function RequirePermission({ permission, children }: { permission: string; children?: ReactNode }) {
  const { user, settings } = useBootstrapData();
  const { hasPermission, isSubscribed } = useAuth();
  if (hasPermission(permission)) return children ?? <Outlet />;
  if (!user) return <Navigate to="/login" replace />;
  return <Navigate to={settings.billing?.enable && !isSubscribed ? '/pricing' : '/404'} replace />;
}

/** Login-required guard: a logged-out visitor goes to /login. */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { user } = useBootstrapData();
  if (!user) return <Navigate to="/login" replace />;
  return children ?? <Outlet />;
}
