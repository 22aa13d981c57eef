import clsx from 'clsx';
import { Clock, House, Plus, Star, Trash2, Users, type LucideIcon } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import { Button as AriaButton } from 'react-aria-components';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { MenuItemLink } from '../../shell/menus/CustomMenu.tsx';
import { useMenu } from '../../shell/menus/useMenu.ts';
import { focusRing } from '../../ui/button-styles.ts';
import { WorkspaceSwitcher } from '../../workspaces/WorkspaceSwitcher.tsx';
import { useMoveEntriesTo } from '../actions/useMoveEntriesTo.ts';
import { useDropTarget } from '../dnd/useDropTarget.ts';
import { useDriveUi } from './drive-context.ts';
import { NewMenu } from './NewMenu.tsx';
import { StorageMeter } from './StorageMeter.tsx';

// Menu item icons load only when a drive menu carries one (the /drive first-load budget).
const MenuIconGlyph = lazy(() => import('../../shell/menus/MenuIconGlyph.tsx'));

type NavItem = { to: string; label: string; icon: LucideIcon };
const NAV: NavItem[] = [
  { to: '/drive', label: 'Home', icon: House },
  { to: '/drive/shares', label: 'Shared with me', icon: Users },
  { to: '/drive/recent', label: 'Recent', icon: Clock },
  { to: '/drive/starred', label: 'Starred', icon: Star },
  { to: '/drive/trash', label: 'Trash', icon: Trash2 },
];

const itemClasses = (isActive: boolean, isOver = false) =>
  clsx(
    'flex h-10 items-center gap-4 rounded-full px-4 text-sm transition-colors duration-125',
    isActive ? 'bg-bg-chip font-medium text-fg' : 'text-fg hover:bg-bg-alt',
    isOver && 'outline-2 outline-dashed outline-primary',
    focusRing,
  );

/** Home takes dropped entries (a move to the root) and is active inside the caller's own folders too. */
function HomeLink({ item, isActive }: { item: NavItem; isActive: boolean }) {
  const { trans } = useTrans();
  const moveTo = useMoveEntriesTo();
  const { isOver, dropProps } = useDropTarget({ onEntries: (ids) => moveTo(ids, { id: null, name: trans('Home') }) });
  return (
    <Link
      to={item.to}
      {...dropProps}
      aria-current={isActive ? 'page' : undefined}
      className={itemClasses(isActive, isOver)}
    >
      <item.icon size={20} className="shrink-0 text-fg-muted" aria-hidden />
      <span className="truncate">{trans(item.label)}</span>
    </Link>
  );
}

/** The section the user is in: Home inside their own folders, Shared with me inside someone else's. */
function useActiveSection(): string | undefined {
  const { pathname } = useLocation();
  const { target } = useDriveUi();
  if (pathname.startsWith('/drive/folders/')) return target.isShared ? '/drive/shares' : '/drive';
  const matches = (to: string) => pathname === to || (to !== '/drive' && pathname.startsWith(`${to}/`));
  return NAV.find((item) => matches(item.to))?.to;
}

/** Sidebar of the drive (UI.md, 240 px): the workspace switcher, New, the sections, the drive-sidebar menu, storage. */
export function DriveSidebar({ className }: { className?: string }) {
  const { trans } = useTrans();
  const menu = useMenu('drive-sidebar');
  const active = useActiveSection();
  return (
    <div className={clsx('flex h-full w-60 flex-col bg-bg', className)}>
      <WorkspaceSwitcher className="px-3 pt-2" />
      <div className="px-3 pt-2 pb-4">
        <NewMenu
          trigger={
            <AriaButton
              className={clsx(
                'inline-flex h-14 items-center gap-3 rounded-2xl bg-bg pr-6 pl-4 text-sm font-medium text-fg shadow-md',
                'ring-1 ring-divider hover:bg-bg-alt',
                focusRing,
              )}
            >
              <Plus size={24} className="text-primary" aria-hidden />
              {trans('New')}
            </AriaButton>
          }
        />
      </div>
      <nav aria-label={trans('Drive')} className="flex min-h-0 flex-1 flex-col overflow-y-auto px-3">
        <ul className="flex flex-col gap-0.5">
          {NAV.map((item) => (
            <li key={item.to}>
              {item.to === '/drive' ? (
                <HomeLink item={item} isActive={active === item.to} />
              ) : (
                <Link
                  to={item.to}
                  aria-current={active === item.to ? 'page' : undefined}
                  className={itemClasses(active === item.to)}
                >
                  <item.icon size={20} className="shrink-0 text-fg-muted" aria-hidden />
                  <span className="truncate">{trans(item.label)}</span>
                </Link>
              )}
            </li>
          ))}
        </ul>
        {!!menu?.items.length && (
          <ul className="mt-2 flex flex-col gap-0.5 border-t border-divider pt-2" data-menu-position="drive-sidebar">
            {menu.items.map((item) => (
              <li key={item.id}>
                <MenuItemLink
                  item={item}
                  icon={
                    item.icon ? (
                      <Suspense fallback={<span className="size-5 shrink-0" aria-hidden />}>
                        <MenuIconGlyph name={item.icon} size={20} className="shrink-0 text-fg-muted" />
                      </Suspense>
                    ) : undefined
                  }
                  className={clsx(itemClasses(false), !item.icon && 'pl-[52px]')}
                />
              </li>
            ))}
          </ul>
        )}
      </nav>
      <div className="border-t border-divider">
        <StorageMeter />
      </div>
    </div>
  );
}
