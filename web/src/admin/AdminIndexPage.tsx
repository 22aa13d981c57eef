import clsx from 'clsx';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { useBootstrapData } from '../shell/bootstrap-store.ts';
import { useTrans } from '../shell/i18n/useTrans.tsx';
import { focusRing } from '../ui/button-styles.ts';
import { AdminPage } from './AdminPage.tsx';
import { useAdminSections } from './AdminSidebar.tsx';

/**
 * The admin area's start page until the report lands: each section this user may open, with
 * what it is for.
 */
export function AdminIndexPage() {
  const { trans } = useTrans();
  const { user } = useBootstrapData();
  const sections = useAdminSections().filter((s) => s.id !== 'report');
  return (
    <AdminPage
      title={trans('Overview')}
      description={trans('Signed in as :name. These are the parts of the admin area your role opens.', {
        name: user?.name || user?.email || '',
      })}
    >
      {sections.length ? (
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-label={trans('Admin sections')}>
          {sections.map((section) => (
            <li key={section.id}>
              <Link
                to={section.path}
                className={clsx(
                  'flex h-full items-start gap-4 rounded-kosh border border-divider bg-bg p-4',
                  'transition-colors duration-125 hover:bg-bg-alt',
                  focusRing,
                )}
              >
                <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-bg-chip text-fg">
                  <section.icon size={20} aria-hidden />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block text-base font-medium text-fg">{trans(section.label)}</span>
                  <span className="mt-0.5 block text-sm text-fg-muted">{trans(section.description)}</span>
                </span>
                <ChevronRight size={20} className="mt-2.5 shrink-0 text-fg-muted" aria-hidden />
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="rounded-kosh border border-divider p-4 text-sm text-fg-muted">
          {trans('Your role opens no other admin sections yet. Ask an administrator for the permissions you need.')}
        </p>
      )}
    </AdminPage>
  );
}

export { AdminIndexPage as Component };
