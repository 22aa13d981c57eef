import { useMemo } from 'react';
import { useBootstrapData } from './bootstrap-store.ts';
import { hasPermission, hasRole, isSubscribed } from './menus/permissions.ts';

/** The signed-in user (or null) with the checks of part 1, 6. */
export function useAuth() {
  const { user, guest_role: guestRole } = useBootstrapData();
  return useMemo(() => {
    const ctx = { user, guestRole };
    return {
      user,
      isLoggedIn: !!user,
      isSubscribed: isSubscribed(user),
      hasPermission: (name: string) => hasPermission(ctx, name),
      hasRole: (id: number) => hasRole(ctx, id),
    };
  }, [user, guestRole]);
}
