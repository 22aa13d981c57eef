import type { Menu, MenuItem } from '@kosh/contracts';
import type { SaveMenuBody } from '@kosh/contracts/admin-appearance';

/** Settings a menu item may depend on, each shown as "is on" / "is off" (part 1, 6). */
export const MENU_SETTING_CONDITIONS = [
  { key: 'billing.enable', label: 'Billing' },
  { key: 'registration.disable', label: 'Registration disabled' },
  { key: 'api.integrated', label: 'API' },
  { key: 'notifications.integrated', label: 'Notifications' },
  { key: 'i18n.enable', label: 'Translations' },
  { key: 'themes.user_change', label: 'Theme switching' },
] as const;

/** A new item: a route to the drive, with an id no other item has. */
export function newMenuItem(id: string = crypto.randomUUID()): MenuItem {
  return { id, label: 'New item', action: '/drive', type: 'route', roles: [], permissions: [], settings: {} };
}

/** Moves the item at `from` to `to`, keeping the others in order. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}

/** Moves the items with `keys` before or after the item `target` (a drop in the list). */
export function reorderByKeys<T extends { id: string }>(
  items: readonly T[],
  keys: ReadonlySet<string>,
  target: string,
  position: 'before' | 'after',
): T[] {
  const moving = items.filter((item) => keys.has(item.id));
  const rest = items.filter((item) => !keys.has(item.id));
  const index = rest.findIndex((item) => item.id === target);
  if (index < 0) return [...items];
  rest.splice(position === 'before' ? index : index + 1, 0, ...moving);
  return rest;
}

/** The settings condition as one choice id ('billing.enable:true'), or 'none'. */
export function settingsChoice(settings: Record<string, unknown> | undefined): string {
  const entry = Object.entries(settings ?? {})[0];
  return entry ? `${entry[0]}:${entry[1] === true ? 'true' : 'false'}` : 'none';
}

/** The settings map of a choice id from settingsChoice. */
export function settingsFromChoice(choice: string): Record<string, boolean> {
  if (choice === 'none') return {};
  const at = choice.lastIndexOf(':');
  return { [choice.slice(0, at)]: choice.slice(at + 1) === 'true' };
}

/** What a page item's action is: the custom page's address. */
export const pageAction = (slug: string) => `/pages/${slug}`;

/** The menu as the API saves it: only known fields, empty optionals left out. */
export function menuBody(menu: Pick<Menu, 'name' | 'positions' | 'items'>): SaveMenuBody {
  return {
    name: menu.name,
    positions: menu.positions as SaveMenuBody['positions'],
    items: menu.items.map((item) => ({
      id: item.id,
      label: item.label,
      action: item.action,
      type: item.type,
      ...(item.target ? { target: item.target } : {}),
      ...(item.icon ? { icon: item.icon as NonNullable<SaveMenuBody['items'][number]['icon']> } : {}),
      roles: item.roles ?? [],
      permissions: item.permissions ?? [],
      settings: item.settings ?? {},
      ...(item.subscriptionStatus === 'subscribed' || item.subscriptionStatus === 'unsubscribed'
        ? { subscriptionStatus: item.subscriptionStatus }
        : {}),
    })),
  };
}

/** What each menu position is, for people. */
export const MENU_POSITION_LABELS: Record<string, string> = {
  'auth-dropdown': 'Account menu',
  'auth-page-footer': 'Login and register page footer',
  'drive-navbar': 'Drive navbar',
  'drive-sidebar': 'Drive sidebar',
  'homepage-navbar': 'Homepage navbar',
  'shareable-link-page': 'Shared link page',
  footer: 'Footer',
  'footer-secondary': 'Secondary footer',
};
