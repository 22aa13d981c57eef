import { createContext, useCallback, useContext } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';

/**
 * Whether an in-app path opens one of the router's pages rather than its catch-all not-found
 * page: menus and the account dropdown offer only links that lead somewhere.
 */
export function isAppPage(routes: RouteObject[], path: string): boolean {
  const pathname = path.split(/[?#]/)[0] || '/';
  const leaf = matchRoutes(routes, pathname)?.at(-1);
  return !!leaf && leaf.route.path !== '*';
}

/** The router's route table, provided by App; without it every path counts as a page. */
export const AppRoutesContext = createContext<RouteObject[] | null>(null);

/** A check of in-app paths against the app's routes (see isAppPage). */
export function useIsAppPage(): (path: string) => boolean {
  const routes = useContext(AppRoutesContext);
  return useCallback((path: string) => !routes || isAppPage(routes, path), [routes]);
}
