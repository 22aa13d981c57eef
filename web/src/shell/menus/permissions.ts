import type { BootstrapData, User } from '@kosh/contracts';

export type AuthContext = {
  user: User | null;
  guestRole: BootstrapData['guest_role'];
};

/** The permissions in force: the user's, or the guest role's when logged out (part 1, 6). */
function permissionsOf({ user, guestRole }: AuthContext) {
  return user ? user.permissions : (guestRole?.permissions ?? []);
}

/** admin passes every check; otherwise the named permission must be held. */
export function hasPermission(ctx: AuthContext, name: string): boolean {
  const held = permissionsOf(ctx);
  return held.some((p) => p.name === 'admin' || p.name === name);
}

/** hasRole checks the role id; a logged-out visitor holds the guest role. */
export function hasRole(ctx: AuthContext, roleId: number): boolean {
  if (ctx.user) return ctx.user.roles.some((r) => r.id === roleId);
  return ctx.guestRole?.id === roleId;
}

/** A user is subscribed if any subscription is valid (part 1, 6). */
export function isSubscribed(user: User | null): boolean {
  return !!user?.subscriptions.some((s) => s.valid);
}

/**
 * A permission restriction's quota: over when the count is at or above the value; a
 * missing value means unlimited (part 1, 6).
 */
export function isOverQuota(ctx: AuthContext, permission: string, restriction: string, count: number): boolean {
  const held = permissionsOf(ctx);
  if (held.some((p) => p.name === 'admin')) return false;
  const value = held.find((p) => p.name === permission)?.restrictions.find((r) => r.name === restriction)?.value;
  return value != null && count >= value;
}
