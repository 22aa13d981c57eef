import clsx from 'clsx';
import { Menu as MenuIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button as AriaButton } from 'react-aria-components';
import type { MenuItem } from '@kosh/contracts';
import { buttonClasses, focusRing, iconButtonClasses } from '../../ui/button-styles.ts';
import { Dropdown } from '../../ui/Menu.tsx';
import { NotificationsBell } from '../../notifications/NotificationsBell.tsx';
import { useBootstrapData } from '../bootstrap-store.ts';
import { useTrans } from '../i18n/useTrans.tsx';
import { dropdownMenuLinks, CustomMenu } from '../menus/CustomMenu.tsx';
import { useMenu } from '../menus/useMenu.ts';
import { useIsMobile } from '../useMediaQuery.ts';
import { AccountMenu } from './AccountMenu.tsx';
import { Logo } from './Logo.tsx';

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

/** A visitor's one menu on small screens: the position's menu and 'Contact us'. */
function GuestMenu({ items }: { items: MenuItem[] }) {
  const { trans } = useTrans();
  return (
    <Dropdown
      aria-label={trans('Main menu')}
      placement="bottom end"
      trigger={
        <AriaButton aria-label={trans('Open menu')} className={iconButtonClasses('md')}>
          <MenuIcon size={20} aria-hidden />
        </AriaButton>
      }
    >
      {dropdownMenuLinks(items, trans)}
    </Dropdown>
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
          {!isMobile && <NotificationsBell />}
          {user ? (
            <AccountMenu user={user} navbarItems={isMobile ? phoneItems : undefined} />
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
          {isMobile && !user && <GuestMenu items={phoneItems} />}
        </div>
      </div>
    </header>
  );
}
