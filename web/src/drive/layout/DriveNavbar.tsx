import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import clsx from 'clsx';
import { Menu as MenuIcon, Search } from 'lucide-react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { ProgressBar } from 'react-aria-components';
import { NotificationsBell } from '../../notifications/NotificationsBell.tsx';
import { useBootstrapData } from '../../shell/bootstrap-store.ts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { AccountMenu } from '../../shell/layout/AccountMenu.tsx';
import { Logo } from '../../shell/layout/Logo.tsx';
import { CustomMenu } from '../../shell/menus/CustomMenu.tsx';
import { useMenu } from '../../shell/menus/useMenu.ts';
import { useIsMobile } from '../../shell/useMediaQuery.ts';
import { focusRing, iconButtonClasses } from '../../ui/button-styles.ts';
import { IconButton } from '../../ui/Button.tsx';
import { useHasOpened } from '../../ui/useHasOpened.ts';
import { SearchBox } from '../search/SearchBox.tsx';
import { useGlobalShortcuts } from '../shortcuts/useGlobalShortcuts.ts';

// The shortcuts sheet loads the first time '?' asks for it.
const ShortcutsSheet = lazy(() =>
  import('../shortcuts/ShortcutsSheet.tsx').then((m) => ({ default: m.ShortcutsSheet })),
);

/** While files upload: a ring of the batch's progress (UI.md "upload progress indicator when active"). */
function UploadIndicator({ active, percentage }: { active: number; percentage: number }) {
  const { trans } = useTrans();
  const label = trans(active === 1 ? 'Uploading 1 item' : 'Uploading :count items', { count: active });
  const circumference = 2 * Math.PI * 9;
  return (
    <ProgressBar
      value={percentage}
      aria-label={label}
      data-testid="upload-indicator"
      className="inline-flex size-10 items-center justify-center text-primary"
    >
      <svg width="22" height="22" viewBox="0 0 22 22" aria-hidden className="-rotate-90">
        <circle cx="11" cy="11" r="9" fill="none" stroke="currentColor" strokeOpacity="0.2" strokeWidth="3" />
        <circle
          cx="11"
          cy="11"
          r="9"
          fill="none"
          stroke="currentColor"
          strokeWidth="3"
          strokeDasharray={circumference}
          strokeDashoffset={circumference * (1 - percentage / 100)}
        />
      </svg>
    </ProgressBar>
  );
}

export type UploadProgress = { active: number; percentage: number };

/**
 * Drive navbar (UI.md, 64 px): logo in the sidebar's column, search centred, drive-navbar menu,
 * uploads, bell, account.
 */
export function DriveNavbar({ onOpenDrawer, uploads }: { onOpenDrawer: () => void; uploads: UploadProgress }) {
  const { trans } = useTrans();
  const { user } = useBootstrapData();
  const isMobile = useIsMobile();
  const navbarMenu = useMenu('drive-navbar');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const searchInput = useRef<HTMLInputElement>(null);
  const [isShortcutsOpen, setShortcutsOpen] = useState(false);
  // On mobile the field lives on the search page, which focuses it as it opens.
  const focusSearch = useCallback(() => {
    if (searchInput.current) searchInput.current.focus();
    else void navigate('/drive/search');
  }, [navigate]);
  const openShortcuts = useCallback(() => setShortcutsOpen(true), []);
  useGlobalShortcuts({ onSearch: focusSearch, onHelp: openShortcuts });
  const shortcuts = useHasOpened(isShortcutsOpen) && (
    <Suspense fallback={null}>
      <ShortcutsSheet isOpen={isShortcutsOpen} onClose={() => setShortcutsOpen(false)} />
    </Suspense>
  );
  const menuLink = clsx(
    'inline-flex h-9 items-center rounded-kosh px-3 text-sm font-medium text-primary hover:bg-bg-alt',
    focusRing,
  );
  if (isMobile) {
    const onSearch = pathname === '/drive/search';
    return (
      <header className="flex h-16 shrink-0 items-center gap-1 border-b border-divider bg-bg px-2">
        <IconButton label={trans('Open menu')} onPress={onOpenDrawer} showTooltip={false}>
          <MenuIcon size={22} aria-hidden />
        </IconButton>
        {onSearch ? (
          <SearchBox className="min-w-0 flex-1" autoFocus inputRef={searchInput} />
        ) : (
          <Logo to="/drive" className="min-w-0 flex-1" />
        )}
        {!onSearch && (
          <RouterLink to="/drive/search" aria-label={trans('Search')} className={iconButtonClasses('md')}>
            <Search size={22} aria-hidden />
          </RouterLink>
        )}
        {/* The drawer is the drive's one menu button; the navbar's links (Upgrade) join the account menu. */}
        {user && <AccountMenu user={user} navbarItems={navbarMenu?.items} />}
        {shortcuts}
      </header>
    );
  }
  return (
    <header className="flex h-16 shrink-0 items-center border-b border-divider bg-bg pr-4">
      <div className="flex w-60 shrink-0 items-center pl-5">
        <Logo to="/drive" />
      </div>
      <div className="flex min-w-0 flex-1 justify-center px-4">
        <SearchBox className="w-full max-w-[720px]" inputRef={searchInput} />
      </div>
      <div className="flex shrink-0 items-center gap-2">
        <CustomMenu position="drive-navbar" className="items-center gap-1" itemClassName={menuLink} />
        {uploads.active > 0 && <UploadIndicator {...uploads} />}
        <NotificationsBell />
        {user && <AccountMenu user={user} />}
      </div>
      {shortcuts}
    </header>
  );
}
