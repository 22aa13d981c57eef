import clsx from 'clsx';
import { Menu as MenuIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button as AriaButton } from 'react-aria-components';
import { buttonClasses, focusRing, iconButtonClasses } from '../../ui/button-styles.ts';
import { Dropdown, MenuItem } from '../../ui/Menu.tsx';
import { NotificationsBell } from '../../notifications/NotificationsBell.tsx';
import { useBootstrapData } from '../bootstrap-store.ts';
import { useTrans } from '../i18n/useTrans.tsx';
import { CustomMenu } from '../menus/CustomMenu.tsx';
import { isExternalAction } from '../menus/menu-visibility.ts';
import { useMenu } from '../menus/useMenu.ts';
import { useIsMobile } from '../useMediaQuery.ts';
import { AccountMenu } from './AccountMenu.tsx';
import { Logo } from './Logo.tsx';

type NavbarProps = { menuPosition?: string; className?: string };

/** On small screens the position's menu and 'Contact us' fold into one dropdown. */
function MobileMenu({ menuPosition }: { menuPosition: string }) {
  const { trans } = useTrans();
  const menu = useMenu(menuPosition);
  const items = menu?.items ?? [];
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
      {items.map((item) => (
        <MenuItem
          key={item.id}
          id={item.id}
          href={item.action}
          target={isExternalAction(item) ? (item.target ?? '_self') : item.target}
          textValue={trans(item.label)}
        >
          {trans(item.label)}
        </MenuItem>
      ))}
      {!items.some((item) => item.action === '/contact') && (
        <MenuItem id="contact" href="/contact" textValue={trans('Contact us')}>
          {trans('Contact us')}
        </MenuItem>
      )}
    </Dropdown>
  );
}

/** Navbar of part 1, 2.6 (64 px). */
export function Navbar({ menuPosition = 'homepage-navbar', className }: NavbarProps) {
  const { trans } = useTrans();
  const { user, settings } = useBootstrapData();
  const isMobile = useIsMobile();
  const menu = useMenu(menuPosition);
  const menuHasContact = !!menu?.items.some((item) => item.action === '/contact');
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
            <AccountMenu user={user} />
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
          {isMobile && <MobileMenu menuPosition={menuPosition} />}
        </div>
      </div>
    </header>
  );
}
