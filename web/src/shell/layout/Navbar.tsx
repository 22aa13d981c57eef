import { lazy, Suspense } from 'react';
import clsx from 'clsx';
import { Bell, Menu as MenuIcon } from 'lucide-react';
import { Link } from 'react-router';
import type { MenuItem, User } from '@kosh/contracts';
import { buttonClasses, focusRing, iconButtonClasses } from '../../ui/button-styles.ts';
import { DeferredMenu, type MenuLoader } from '../../ui/DeferredMenu.tsx';
import { useBootstrapData } from '../bootstrap-store.ts';
import { useTrans } from '../i18n/useTrans.tsx';
import { CustomMenu } from '../menus/CustomMenu.tsx';
import { useMenu } from '../menus/useMenu.ts';
import { useIsMobile } from '../useMediaQuery.ts';
import type { AccountMenuProps } from './AccountMenu.tsx';
import { AccountTriggerContent, accountTriggerClasses } from './AccountTrigger.tsx';
import type { GuestMenuProps } from './GuestMenu.tsx';
import { Logo } from './Logo.tsx';

// The navbar's menus (react-aria) load on first use: the public pages' first load does without them.
const loadGuestMenu: MenuLoader<GuestMenuProps> = () => import('./GuestMenu.tsx').then((m) => m.GuestMenu);
const loadAccountMenu: MenuLoader<AccountMenuProps> = () => import('./AccountMenu.tsx').then((m) => m.AccountMenu);
// Signed-in users only; it loads with the page, the bell standing still until then.
const NotificationsBell = lazy(() =>
  import('../../notifications/NotificationsBell.tsx').then((m) => ({ default: m.NotificationsBell })),
);

type NavbarProps = { menuPosition?: string; className?: string };

const CONTACT: MenuItem = {
  id: 'contact',
  label: 'Contact us',
  action: '/contact',
  type: 'route',
  roles: [],
  permissions: [],
  settings: {},
};

function GuestMenuButton({ items }: GuestMenuProps) {
  const { trans } = useTrans();
  return (
    <DeferredMenu
      load={loadGuestMenu}
      props={{ items }}
      trigger={{ 'aria-label': trans('Open menu'), className: iconButtonClasses('md') }}
      triggerContent={<MenuIcon size={20} aria-hidden />}
    />
  );
}

function AccountMenuButton({ user, navbarItems }: { user: User; navbarItems?: MenuItem[] }) {
  return (
    <DeferredMenu
      load={loadAccountMenu}
      props={{ user, navbarItems }}
      trigger={{ className: accountTriggerClasses }}
      triggerContent={<AccountTriggerContent user={user} />}
    />
  );
}

function BellStandIn() {
  return (
    <span className={iconButtonClasses('md')} aria-hidden>
      <Bell size={20} />
    </span>
  );
}

/**
 * Navbar of part 1, 2.6 (64 px). On small screens a page has one menu: a visitor's holds the
 * position's links, a signed-in user's account menu takes them in, so no second menu sits beside it.
 */
export function Navbar({ menuPosition = 'homepage-navbar', className }: NavbarProps) {
  const { trans } = useTrans();
  const { user, settings } = useBootstrapData();
  const isMobile = useIsMobile();
  const items = useMenu(menuPosition)?.items ?? [];
  const menuHasContact = items.some((item) => item.action === CONTACT.action);
  // On small screens the position's links and 'Contact us' (part 1, 2.6) share one menu.
  const phoneItems = menuHasContact ? items : [...items, CONTACT];
  // Signed in, the logo is the way back to the drive from anywhere (account settings included: the
  // post-login detour there for users without a name applies once, at sign-in, not on every click).
  const logoTarget = user ? '/drive' : '/';
  const navLink = clsx(
    'inline-flex h-9 items-center rounded-kosh px-3 text-sm font-medium text-fg-muted hover:bg-bg-alt hover:text-fg',
    focusRing,
  );

  return (
    <header className={clsx('sticky top-0 z-30 border-b border-divider bg-bg', className)}>
      <div className="mx-auto flex h-16 max-w-[1200px] items-center gap-2 px-4 sm:px-6">
        <Logo to={logoTarget} className="mr-2 md:mr-6" />
        {!isMobile && <CustomMenu position={menuPosition} className="items-center gap-1" itemClassName={navLink} />}
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          {!isMobile && !menuHasContact && (
            <Link to="/contact" className={navLink}>
              {trans('Contact us')}
            </Link>
          )}
          {!isMobile && user && settings.notifications?.integrated && (
            <Suspense fallback={<BellStandIn />}>
              <NotificationsBell />
            </Suspense>
          )}
          {user ? (
            <AccountMenuButton user={user} navbarItems={isMobile ? phoneItems : undefined} />
          ) : (
            <>
              <Link to="/login" className={buttonClasses('text', 'md', isMobile ? 'px-3' : undefined)}>
                {trans('Login')}
              </Link>
              {!settings.registration?.disable && (
                <Link to="/register" className={buttonClasses('primary', 'md', isMobile ? 'px-3' : undefined)}>
                  {trans('Register')}
                </Link>
              )}
            </>
          )}
          {isMobile && !user && <GuestMenuButton items={phoneItems} />}
        </div>
      </div>
    </header>
  );
}
