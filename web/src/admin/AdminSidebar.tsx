import clsx from 'clsx';
import { Link, useLocation } from 'react-router';
import { useTrans } from '../shell/i18n/useTrans.tsx';
import { useIsAppPage } from '../shell/menus/app-routes.ts';
import { useAuth } from '../shell/useAuth.ts';
import { focusRing } from '../ui/button-styles.ts';
import { ADMIN_SECTIONS, activeSection, visibleSections, type AdminSection } from './admin-sections.ts';

/** The admin sections this user may open (their permission and a page for it). */
export function useAdminSections(): AdminSection[] {
  const { hasPermission } = useAuth();
  const isAppPage = useIsAppPage();
  return visibleSections(ADMIN_SECTIONS, hasPermission, isAppPage);
}

const itemClasses = (isActive: boolean) =>
  clsx(
    'flex h-10 items-center gap-4 rounded-full px-4 text-sm transition-colors duration-125',
    isActive ? 'bg-bg-chip font-medium text-fg' : 'text-fg hover:bg-bg-alt',
    focusRing,
  );

/** The admin area's navigation (240 px, like the drive's sidebar); the drawer's content on phones. */
export function AdminSidebar({ className }: { className?: string }) {
  const { trans } = useTrans();
  const { pathname } = useLocation();
  const sections = useAdminSections();
  const active = activeSection(sections, pathname);
  return (
    <nav
      aria-label={trans('Admin area')}
      className={clsx('flex h-full w-60 flex-col overflow-y-auto bg-bg', className)}
    >
      <ul className="flex flex-col gap-0.5 px-3 py-2">
        {sections.map((section) => (
          <li key={section.id}>
            <Link
              to={section.path}
              aria-current={active?.id === section.id ? 'page' : undefined}
              className={itemClasses(active?.id === section.id)}
            >
              <section.icon size={20} className="shrink-0 text-fg-muted" aria-hidden />
              <span className="truncate">{trans(section.label)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
