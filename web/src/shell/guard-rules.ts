import type { User } from '@kosh/contracts';
import { defaultRedirectFor } from './redirects.ts';

/** What the route guards of part 1, 2.2 look at; pure, so the rules are unit-tested. */
export type GuardContext = {
  user: User | null;
  billingEnabled: boolean;
  secondaryRedirect?: string | null;
  isSubscribed: boolean;
  hasPermission: (name: string) => boolean;
  inAppearanceEditor?: boolean;
  storage?: Pick<Storage, 'getItem'>;
};

/** Guest-only: a signed-in user (outside the appearance editor) goes to the secondary or default address. */
export function guestOnlyRedirect(ctx: GuardContext): string | null {
  if (!ctx.user || ctx.inAppearanceEditor) return null;
  return ctx.secondaryRedirect || defaultRedirectFor(ctx.user, ctx.storage);
}

/** Login required: a visitor goes to /login. */
export function loginRequiredRedirect(ctx: GuardContext): string | null {
  return ctx.user ? null : '/login';
}

/**
 * Permission: held passes; a visitor goes to /login; a user without it to /pricing when
 * billing is on and they are not subscribed, else /404.
 */
export function permissionRedirect(ctx: GuardContext, permission: string): string | null {
  if (ctx.hasPermission(permission)) return null;
  if (!ctx.user) return '/login';
  return ctx.billingEnabled && !ctx.isSubscribed ? '/pricing' : '/404';
}

/** Checkout routes: a visitor goes to /register. */
export function checkoutRedirect(ctx: GuardContext): string | null {
  return ctx.user ? null : '/register';
}

/** Billing routes: a visitor goes to /login, a user without a subscription to /pricing. */
export function subscribedRedirect(ctx: GuardContext): string | null {
  if (!ctx.user) return '/login';
  return ctx.isSubscribed ? null : '/pricing';
}

/** The verification screen replaces the app (part 1, 2.5 and 4 "User verification"). */
export function needsEmailVerification(
  user: Pick<User, 'email_verified_at'> | null,
  requireConfirmation: boolean | undefined,
): boolean {
  return !!user && !!requireConfirmation && !user.email_verified_at;
}
