import { useEffect, useState, type FormEvent } from 'react';
import clsx from 'clsx';
import { Menu as MenuIcon, Search, X } from 'lucide-react';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ProgressBar } from 'react-aria-components';
import { NotificationsBell } from '../../notifications/NotificationsBell.tsx';
import { useBootstrapData } from '../../shell/bootstrap-store.ts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { AccountMenu } from '../../shell/layout/AccountMenu.tsx';
import { Logo } from '../../shell/layout/Logo.tsx';
import { CustomMenu } from '../../shell/menus/CustomMenu.tsx';
import { useIsMobile } from '../../shell/useMediaQuery.ts';
import { focusRing, iconButtonClasses } from '../../ui/button-styles.ts';
import { IconButton } from '../../ui/Button.tsx';

/** The centred search field (UI.md): submits to /drive/search?query=. */
function SearchBox({ className, autoFocus }: { className?: string; autoFocus?: boolean }) {
  const { trans } = useTrans();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const urlQuery = pathname === '/drive/search' ? (params.get('query') ?? '') : '';
  const [value, setValue] = useState(urlQuery);
  useEffect(() => setValue(urlQuery), [urlQuery]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams(pathname === '/drive/search' ? params : undefined);
    if (value.trim()) next.set('query', value.trim());
    else next.delete('query');
    void navigate(`/drive/search?${next.toString()}`);
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: the search landmark on the form itself; <search> would only wrap it
    <form role="search" onSubmit={submit} className={clsx('relative flex items-center', className)}>
      <Search size={20} className="pointer-events-none absolute left-4 text-fg-muted" aria-hidden />
      <input
        type="search"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        placeholder={trans('Search files and folders')}
        aria-label={trans('Search files and folders')}
        // biome-ignore lint/a11y/noAutofocus: only on the mobile search page, which the user opened to type a query
        autoFocus={autoFocus}
        className={clsx(
          'h-12 w-full rounded-full bg-bg-alt pr-12 pl-12 text-base text-fg placeholder:text-fg-muted outline-none',
          'focus:bg-bg focus:shadow-md focus:ring-1 focus:ring-divider [&::-webkit-search-cancel-button]:hidden',
        )}
      />
      {value && (
        <button
          type="button"
          aria-label={trans('Clear search')}
          onClick={() => setValue('')}
          className={clsx(iconButtonClasses('sm'), 'absolute right-2')}
        >
          <X size={18} aria-hidden />
        </button>
      )}
    </form>
  );
}

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
  const { pathname } = useLocation();
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
          <SearchBox className="min-w-0 flex-1" autoFocus />
        ) : (
          <Logo to="/drive" className="min-w-0 flex-1" />
        )}
        {!onSearch && (
          <RouterLink to="/drive/search" aria-label={trans('Search')} className={iconButtonClasses('md')}>
            <Search size={22} aria-hidden />
          </RouterLink>
        )}
        {user && <AccountMenu user={user} />}
      </header>
    );
  }
  return (
    <header className="flex h-16 shrink-0 items-center border-b border-divider bg-bg pr-4">
      <div className="flex w-60 shrink-0 items-center pl-5">
        <Logo to="/drive" />
      </div>
      <div className="flex min-w-0 flex-1 justify-center px-4">
        <SearchBox className="w-full max-w-[720px]" />
      </div>
      <div className="flex shrink-0 items-center gap-2">
        <CustomMenu position="drive-navbar" className="items-center gap-1" itemClassName={menuLink} />
        {uploads.active > 0 && <UploadIndicator {...uploads} />}
        <NotificationsBell />
        {user && <AccountMenu user={user} />}
      </div>
    </header>
  );
}
