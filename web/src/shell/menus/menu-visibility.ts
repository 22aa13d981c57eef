import type { Menu, MenuItem } from '@kosh/contracts';
import { hasPermission, hasRole, isSubscribed, type AuthContext } from './permissions.ts';

export type MenuContext = AuthContext & {
  settings: Record<string, unknown>;
  /** Whether an in-app path opens a page of the router (app-routes.ts); without it every path does. */
  isAppPage?: (path: string) => boolean;
};

/** Reads a dotted settings key ('billing.enable') from the settings object. */
export function readSetting(settings: Record<string, unknown>, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined),
      settings,
    );
}

/** The signed-in drive's own routes (/drive, /drive/trash, ...); shareable link pages (/drive/s/...) are public. */
const SIGNED_IN_DRIVE_ROUTE = /^\/drive(?!\/s\/)(\/|$|\?|#)/;

/**
 * Menu item visibility of part 1 section 6: all of its roles and permissions held, its
 * settings conditions hold, and the subscription matches ('subscribed' needs a valid
 * subscription; any other value needs none). A route into the drive needs a signed-in user
 * in every menu, so a visitor of a link page is never offered a drive that sends them to login;
 * a rule here, not in the seeded menus, so it holds for installs whose menus were seeded before.
 * Likewise an in-app route this version has no page for (an admin area, payment history) is never
 * offered: it would only open the not-found page.
 */
export function isMenuItemVisible(item: MenuItem, ctx: MenuContext): boolean {
  if (!ctx.user && item.type === 'route' && SIGNED_IN_DRIVE_ROUTE.test(item.action)) return false;
  if (ctx.isAppPage && !isExternalAction(item) && !ctx.isAppPage(item.action)) return false;
  if (!(item.roles ?? []).every((id) => hasRole(ctx, id))) return false;
  if (!(item.permissions ?? []).every((name) => hasPermission(ctx, name))) return false;
  for (const [key, expected] of Object.entries(item.settings ?? {})) {
    if (readSetting(ctx.settings, key) !== expected) return false;
  }
  if (item.subscriptionStatus) {
    const subscribed = isSubscribed(ctx.user);
    if (item.subscriptionStatus === 'subscribed' ? !subscribed : subscribed) return false;
  }
  return true;
}

/** The `{currentUser}` placeholder in an action becomes the user id. */
export function resolveMenuAction(action: string, ctx: Pick<MenuContext, 'user'>): string {
  return action.replaceAll('{currentUser}', ctx.user ? String(ctx.user.id) : '');
}

/** The first menu at a position, with only its visible items and actions resolved. */
export function menuForPosition(menus: Menu[], position: string, ctx: MenuContext): Menu | undefined {
  const menu = menus.find((m) => m.positions.includes(position));
  if (!menu) return undefined;
  const items = menu.items
    .filter((item) => isMenuItemVisible(item, ctx))
    .map((item) => ({ ...item, action: resolveMenuAction(item.action, ctx) }));
  return { ...menu, items };
}

/** Paths the server answers itself (API docs, downloads), never routes of this app. */
const SERVER_PATHS = /^\/(api-docs|api|auth|secure)(\/|$|\?)/;

/** Whether an action leaves the app: a type 'link' item, an absolute URL, or a server path. */
export function isExternalAction(item: Pick<MenuItem, 'action' | 'type'>): boolean {
  return item.type === 'link' || /^[a-z][a-z0-9+.-]*:/i.test(item.action) || SERVER_PATHS.test(item.action);
}
