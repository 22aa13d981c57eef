import { describe, expect, it } from 'vitest';
import type { Menu, MenuItem, User } from '@kosh/contracts';
import {
  isExternalAction,
  isMenuItemVisible,
  menuForPosition,
  readSetting,
  resolveMenuAction,
  type MenuContext,
} from './menu-visibility.ts';
import { hasPermission, isOverQuota } from './permissions.ts';

const item = (over: Partial<MenuItem> = {}): MenuItem => ({
  id: 'i',
  label: 'Item',
  action: '/x',
  type: 'route',
  roles: [],
  permissions: [],
  settings: {},
  ...over,
});

function user(over: Partial<User> = {}): User {
  return {
    id: 42,
    first_name: 'A',
    last_name: 'B',
    name: 'A B',
    email: 'a@b.c',
    email_verified_at: null,
    image: null,
    country_id: null,
    state_id: null,
    language: 'en',
    timezone: null,
    date_format: null,
    roles: [{ id: 2, name: 'users' }],
    permissions: [{ id: 1, name: 'files.create', restrictions: [{ name: 'max_space_bytes', value: 100 }] }],
    subscriptions: [],
    social_profiles: [],
    two_factor_confirmed_at: null,
    unread_notifications_count: 0,
    created_at: '',
    updated_at: '',
    ...over,
  };
}

const guestRole = { id: 3, permissions: [{ id: 9, name: 'links.view', restrictions: [] }] };
const ctx = (over: Partial<MenuContext> = {}): MenuContext => ({
  user: user(),
  guestRole,
  settings: { billing: { enable: true } },
  ...over,
});

describe('isMenuItemVisible', () => {
  it('shows an item without conditions to everyone', () => {
    expect(isMenuItemVisible(item(), ctx())).toBe(true);
    expect(isMenuItemVisible(item(), ctx({ user: null }))).toBe(true);
  });

  it('hides routes into the drive from a logged-out visitor, but not link pages or other routes', () => {
    const guest = ctx({ user: null });
    for (const action of ['/drive', '/drive/trash', '/drive?x=1'])
      expect(isMenuItemVisible(item({ action }), guest)).toBe(false);
    for (const action of ['/drive', '/drive/trash']) expect(isMenuItemVisible(item({ action }), ctx())).toBe(true);
    for (const action of ['/drive/s/abc', '/drives', '/pricing'])
      expect(isMenuItemVisible(item({ action }), guest)).toBe(true);
  });

  it('hides in-app routes the app has no page for, but never links that leave the app', () => {
    const isAppPage = (path: string) => path !== '/admin';
    expect(isMenuItemVisible(item({ action: '/admin' }), ctx({ isAppPage }))).toBe(false);
    expect(isMenuItemVisible(item({ action: '/pricing' }), ctx({ isAppPage }))).toBe(true);
    expect(isMenuItemVisible(item({ action: '/admin', type: 'link' }), ctx({ isAppPage }))).toBe(true);
    expect(isMenuItemVisible(item({ action: '/admin' }), ctx())).toBe(true);
  });

  it('needs every permission of the item', () => {
    expect(isMenuItemVisible(item({ permissions: ['files.create'] }), ctx())).toBe(true);
    expect(isMenuItemVisible(item({ permissions: ['files.create', 'admin.access'] }), ctx())).toBe(false);
  });

  it('lets admin pass every permission', () => {
    const admin = user({ permissions: [{ id: 1, name: 'admin', restrictions: [] }] });
    expect(isMenuItemVisible(item({ permissions: ['admin.access', 'logs.view'] }), ctx({ user: admin }))).toBe(true);
  });

  it("uses the guest role's permissions when logged out", () => {
    expect(isMenuItemVisible(item({ permissions: ['links.view'] }), ctx({ user: null }))).toBe(true);
    expect(isMenuItemVisible(item({ permissions: ['files.create'] }), ctx({ user: null }))).toBe(false);
  });

  it('needs every role of the item', () => {
    expect(isMenuItemVisible(item({ roles: [2] }), ctx())).toBe(true);
    expect(isMenuItemVisible(item({ roles: [2, 5] }), ctx())).toBe(false);
    expect(isMenuItemVisible(item({ roles: [3] }), ctx({ user: null }))).toBe(true);
  });

  it('needs its settings conditions to hold', () => {
    expect(isMenuItemVisible(item({ settings: { 'billing.enable': true } }), ctx())).toBe(true);
    expect(
      isMenuItemVisible(
        item({ settings: { 'billing.enable': true } }),
        ctx({ settings: { billing: { enable: false } } }),
      ),
    ).toBe(false);
  });

  it("shows 'subscribed' items only with a valid subscription, other values only without", () => {
    const subscribed = user({ subscriptions: [{ id: 1, valid: true, active: true }] });
    const lapsed = user({ subscriptions: [{ id: 1, valid: false, active: false }] });
    expect(isMenuItemVisible(item({ subscriptionStatus: 'subscribed' }), ctx({ user: subscribed }))).toBe(true);
    expect(isMenuItemVisible(item({ subscriptionStatus: 'subscribed' }), ctx({ user: lapsed }))).toBe(false);
    expect(isMenuItemVisible(item({ subscriptionStatus: 'unsubscribed' }), ctx({ user: lapsed }))).toBe(true);
    expect(isMenuItemVisible(item({ subscriptionStatus: 'unsubscribed' }), ctx({ user: subscribed }))).toBe(false);
    expect(isMenuItemVisible(item({ subscriptionStatus: 'subscribed' }), ctx({ user: null }))).toBe(false);
  });
});

describe('resolveMenuAction', () => {
  it('replaces {currentUser} with the user id', () => {
    expect(resolveMenuAction('/users/{currentUser}/profile', { user: user() })).toBe('/users/42/profile');
  });
});

describe('menuForPosition', () => {
  it('picks the menu at the position and drops hidden items', () => {
    const menus: Menu[] = [
      {
        id: 1,
        name: 'Footer',
        positions: ['footer'],
        items: [item({ id: 'a' }), item({ id: 'b', permissions: ['nope'] })],
      },
      { id: 2, name: 'Nav', positions: ['homepage-navbar'], items: [item({ id: 'c', action: '/u/{currentUser}' })] },
    ];
    expect(menuForPosition(menus, 'footer', ctx())?.items.map((i) => i.id)).toEqual(['a']);
    expect(menuForPosition(menus, 'homepage-navbar', ctx())?.items[0].action).toBe('/u/42');
    expect(menuForPosition(menus, 'drive-sidebar', ctx())).toBeUndefined();
  });
});

describe('readSetting', () => {
  it('reads dotted keys', () => {
    expect(readSetting({ a: { b: { c: 1 } } }, 'a.b.c')).toBe(1);
    expect(readSetting({ a: 1 }, 'a.b')).toBeUndefined();
  });
});

describe('permissions', () => {
  it('finds quotas: at or above the value is over; no value is unlimited', () => {
    const c = ctx();
    expect(isOverQuota(c, 'files.create', 'max_space_bytes', 99)).toBe(false);
    expect(isOverQuota(c, 'files.create', 'max_space_bytes', 100)).toBe(true);
    expect(isOverQuota(c, 'files.create', 'other', 1e9)).toBe(false);
  });

  it('checks permissions by name', () => {
    expect(hasPermission(ctx(), 'files.create')).toBe(true);
    expect(hasPermission(ctx(), 'admin.access')).toBe(false);
  });
});

describe('isExternalAction', () => {
  it('treats links, absolute URLs and server paths as leaving the app', () => {
    expect(isExternalAction({ type: 'link', action: '/x' })).toBe(true);
    expect(isExternalAction({ type: 'route', action: 'https://example.com' })).toBe(true);
    expect(isExternalAction({ type: 'route', action: '/api-docs' })).toBe(true);
    expect(isExternalAction({ type: 'route', action: '/pages/about-us' })).toBe(false);
    expect(isExternalAction({ type: 'route', action: '/apis' })).toBe(false);
  });
});
