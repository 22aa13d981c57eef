import { describe, expect, it } from 'vitest';
import type { User } from '@kosh/contracts';
import {
  checkoutRedirect,
  guestOnlyRedirect,
  loginRequiredRedirect,
  needsEmailVerification,
  permissionRedirect,
  subscribedRedirect,
  type GuardContext,
} from './guard-rules.ts';

const user = { id: 1, first_name: 'A', last_name: 'B', email_verified_at: null } as User;
const ctx = (over: Partial<GuardContext> = {}): GuardContext => ({
  user,
  billingEnabled: false,
  isSubscribed: false,
  hasPermission: () => false,
  ...over,
});

describe('guestOnlyRedirect', () => {
  it('lets visitors through', () => {
    expect(guestOnlyRedirect(ctx({ user: null }))).toBeNull();
  });

  it('sends a signed-in user to the secondary address, else the default one', () => {
    expect(guestOnlyRedirect(ctx({ secondaryRedirect: '/welcome' }))).toBe('/welcome');
    expect(guestOnlyRedirect(ctx())).toBe('/drive');
    expect(guestOnlyRedirect(ctx({ user: { ...user, first_name: null } }))).toBe('/account-settings');
  });

  it('shows the page inside the appearance editor', () => {
    expect(guestOnlyRedirect(ctx({ inAppearanceEditor: true }))).toBeNull();
  });
});

describe('permissionRedirect', () => {
  it('passes a holder', () => {
    expect(permissionRedirect(ctx({ hasPermission: (n) => n === 'api.access' }), 'api.access')).toBeNull();
  });

  it('sends a visitor to /login', () => {
    expect(permissionRedirect(ctx({ user: null }), 'api.access')).toBe('/login');
  });

  it('sends an unsubscribed user to /pricing when billing is on, else to /404', () => {
    expect(permissionRedirect(ctx({ billingEnabled: true }), 'api.access')).toBe('/pricing');
    expect(permissionRedirect(ctx({ billingEnabled: true, isSubscribed: true }), 'api.access')).toBe('/404');
    expect(permissionRedirect(ctx({ billingEnabled: false }), 'api.access')).toBe('/404');
  });
});

describe('login, checkout and billing guards', () => {
  it('sends visitors to /login, checkout visitors to /register', () => {
    expect(loginRequiredRedirect(ctx({ user: null }))).toBe('/login');
    expect(loginRequiredRedirect(ctx())).toBeNull();
    expect(checkoutRedirect(ctx({ user: null }))).toBe('/register');
    expect(checkoutRedirect(ctx())).toBeNull();
  });

  it('sends a user without a subscription from billing to /pricing', () => {
    expect(subscribedRedirect(ctx())).toBe('/pricing');
    expect(subscribedRedirect(ctx({ isSubscribed: true }))).toBeNull();
    expect(subscribedRedirect(ctx({ user: null }))).toBe('/login');
  });
});

describe('needsEmailVerification', () => {
  it('holds an unverified user when confirmation is required', () => {
    expect(needsEmailVerification(user, true)).toBe(true);
    expect(needsEmailVerification({ email_verified_at: '2026-01-01T00:00:00Z' }, true)).toBe(false);
    expect(needsEmailVerification(user, false)).toBe(false);
    expect(needsEmailVerification(null, true)).toBe(false);
  });
});
