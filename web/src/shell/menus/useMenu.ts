import { useMemo } from 'react';
import type { Menu } from '@kosh/contracts';
import { useBootstrapData } from '../bootstrap-store.ts';
import { useIsAppPage } from './app-routes.ts';
import { menuForPosition } from './menu-visibility.ts';

/** The menu at a position with only the items this visitor may see (part 1, 6). */
export function useMenu(position: string): Menu | undefined {
  const { settings, user, guest_role: guestRole } = useBootstrapData();
  const isAppPage = useIsAppPage();
  return useMemo(
    () =>
      menuForPosition(settings.menus ?? [], position, {
        user,
        guestRole,
        settings: settings as unknown as Record<string, unknown>,
        isAppPage,
      }),
    [settings, user, guestRole, position, isAppPage],
  );
}
