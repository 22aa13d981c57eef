import { Bell, CreditCard, LogOut, Moon, Sun } from 'lucide-react';
import { Button as AriaButton } from 'react-aria-components';
import type { MenuItem as MenuEntry, User } from '@kosh/contracts';
import { useLogout } from '../../api/auth.api.ts';
import type { MenuOpenState } from '../../ui/DeferredMenu.tsx';
import { Dropdown, MenuDivider, MenuItem } from '../../ui/Menu.tsx';
import { useSettings } from '../bootstrap-store.ts';
import { useTrans } from '../i18n/useTrans.tsx';
import { useIsAppPage } from '../menus/app-routes.ts';
import { dropdownMenuLinks } from '../menus/dropdown-menu-links.tsx';
import { useMenu } from '../menus/useMenu.ts';
import { useAuth } from '../useAuth.ts';
import { useIsMobile } from '../useMediaQuery.ts';
import { AccountTriggerContent, accountTriggerClasses } from './AccountTrigger.tsx';
import { Avatar } from './Avatar.tsx';
import { useThemeToggle } from './useThemeToggle.ts';

export type AccountMenuProps = {
  user: User;
  /** On small screens, the navbar's own links, held here instead of in a second menu. */
  navbarItems?: MenuEntry[];
} & Partial<MenuOpenState>;

/** Account dropdown of part 1, 2.6: avatar 32 px, name capped at 124 px. */
export function AccountMenu({ user, navbarItems = [], isOpen, onOpenChange }: AccountMenuProps) {
  const { trans } = useTrans();
  const settings = useSettings();
  const { isSubscribed } = useAuth();
  const isMobile = useIsMobile();
  const isAppPage = useIsAppPage();
  const menu = useMenu('auth-dropdown');
  const accountItems = menu?.items ?? [];
  // A link both menus have (My drive on a link page) is listed once, with the account's.
  const pageItems = navbarItems.filter((item) => !accountItems.some((own) => own.action === item.action));
  const themeToggle = useThemeToggle();
  const { logout } = useLogout();
  const unread = user.unread_notifications_count;

  const trigger = (
    <AriaButton className={accountTriggerClasses}>
      <AccountTriggerContent user={user} />
    </AriaButton>
  );

  return (
    <Dropdown
      trigger={trigger}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      aria-label={trans('Account menu')}
      minWidth={240}
      header={
        <div className="mb-1 flex items-center gap-3 border-b border-divider px-4 pt-2 pb-3">
          <Avatar user={user} size={40} />
          <div className="min-w-0">
            <div className="truncate text-sm font-medium text-fg">{user.name}</div>
            <div className="truncate text-xs text-fg-muted">{user.email}</div>
          </div>
        </div>
      }
      onAction={(key) => {
        if (key === 'theme') themeToggle.toggle();
        if (key === 'logout') logout();
      }}
    >
      {dropdownMenuLinks(pageItems, trans, 'page-')}
      {pageItems.length > 0 && <MenuDivider />}
      {dropdownMenuLinks(accountItems, trans, 'menu-')}
      {isMobile && settings.notifications?.integrated && (
        <MenuItem
          id="notifications"
          href="/notifications"
          icon={<Bell size={18} />}
          end={unread ? String(unread) : undefined}
          textValue={trans('Notifications')}
        >
          {trans('Notifications')}
        </MenuItem>
      )}
      {/* Offered once the app has a billing page: an entry must lead somewhere. */}
      {isSubscribed && isAppPage('/billing') && (
        <MenuItem id="billing" href="/billing" icon={<CreditCard size={18} />} textValue={trans('Billing')}>
          {trans('Billing')}
        </MenuItem>
      )}
      {themeToggle.isEnabled && (
        <MenuItem
          id="theme"
          icon={themeToggle.isDark ? <Sun size={18} /> : <Moon size={18} />}
          textValue={trans(themeToggle.label)}
        >
          {trans(themeToggle.label)}
        </MenuItem>
      )}
      <MenuDivider />
      <MenuItem id="logout" icon={<LogOut size={18} />} textValue={trans('Log out')}>
        {trans('Log out')}
      </MenuItem>
    </Dropdown>
  );
}
