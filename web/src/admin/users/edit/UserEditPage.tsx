import clsx from 'clsx';
import { ArrowLeft, SearchX } from 'lucide-react';
import { Link, NavLink, Outlet, useOutletContext, useParams } from 'react-router';
import type { AdminUserDetail } from '@kosh/contracts';
import { isApiError } from '../../../api/api-error.ts';
import { useTrans } from '../../../shell/i18n/useTrans.tsx';
import { Avatar } from '../../../shell/layout/Avatar.tsx';
import { Button } from '../../../ui/Button.tsx';
import { buttonClasses, focusRing } from '../../../ui/button-styles.ts';
import { Spinner } from '../../../ui/Spinner.tsx';
import { AdminPage } from '../../AdminPage.tsx';
import { useFormatUtcDay } from '../../useAdminFormat.ts';
import { UserHeaderActions } from './UserHeaderActions.tsx';
import { useAdminUser } from './user-edit.api.ts';

/** The edit page's tabs (spec part 2, 2: users/:userId/{details,permissions,security,date,api}). */
export const USER_EDIT_TABS = [
  { path: 'details', label: 'Details' },
  { path: 'permissions', label: 'Permissions' },
  { path: 'security', label: 'Security' },
  { path: 'date', label: 'Date and time' },
  { path: 'api', label: 'API' },
] as const;

const backLink = (label: string) => (
  <Link to="/admin/users" className={buttonClasses('text', 'md')}>
    <ArrowLeft size={18} aria-hidden />
    {label}
  </Link>
);

const badge = 'inline-flex h-6 items-center rounded-full px-2.5 text-xs font-medium';

function UserBadges({ user }: { user: AdminUserDetail }) {
  const { trans } = useTrans();
  const formatDay = useFormatUtcDay();
  return (
    <span className="flex flex-wrap gap-1.5">
      {user.is_admin && <span className={clsx(badge, 'bg-bg-chip text-fg')}>{trans('Admin')}</span>}
      {user.banned_at && (
        <span className={clsx(badge, 'border border-danger text-danger')} title={user.ban_reason ?? undefined}>
          {user.banned_until
            ? trans('Suspended until :date', { date: formatDay(user.banned_until) })
            : trans('Suspended permanently')}
        </span>
      )}
      {!user.email_verified_at && (
        <span className={clsx(badge, 'border border-divider text-fg-muted')}>{trans('Email not confirmed')}</span>
      )}
    </span>
  );
}

function UserTabs() {
  const { trans } = useTrans();
  return (
    <nav aria-label={trans('User')} className="-mt-1 overflow-x-auto border-b border-divider">
      <ul className="flex gap-2">
        {USER_EDIT_TABS.map((tab) => (
          <li key={tab.path} className="shrink-0">
            <NavLink
              to={tab.path}
              className={({ isActive }) =>
                clsx(
                  'relative inline-flex h-11 items-center px-3 text-sm font-medium transition-colors duration-125',
                  isActive
                    ? 'text-primary after:absolute after:inset-x-0 after:bottom-0 after:h-0.5 after:bg-primary'
                    : 'text-fg-muted hover:text-fg',
                  focusRing,
                  '-outline-offset-2',
                )
              }
            >
              {trans(tab.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The user edit page: the user's header with its actions, the tabs as addresses, the open tab under them. */
export function UserEditPage() {
  const { trans } = useTrans();
  const userId = Number(useParams().userId);
  const user = useAdminUser(userId);
  if (!user.data) {
    const isMissing = isApiError(user.error) && user.error.status === 404;
    return (
      <AdminPage title={trans('Edit user')} actions={backLink(trans('Users'))}>
        <div className="flex flex-col items-center gap-2 py-16 text-center">
          {isMissing ? (
            <>
              <SearchX size={64} strokeWidth={1.25} className="text-fg-muted" aria-hidden />
              <p className="text-xl font-medium text-fg">{trans('This user does not exist')}</p>
              <p className="text-sm text-fg-muted">{trans('They may have been deleted.')}</p>
            </>
          ) : user.isError ? (
            <Button onPress={() => void user.refetch()}>{trans('Try again')}</Button>
          ) : (
            <Spinner />
          )}
        </div>
      </AdminPage>
    );
  }
  const current = user.data;
  return (
    <AdminPage
      title={trans('Edit user')}
      documentTitle={`${current.name} · ${trans('Edit user')}`}
      actions={backLink(trans('Users'))}
      tabs={
        <>
          <UserEditHeader user={current} />
          <UserTabs />
        </>
      }
    >
      <Outlet context={current} />
    </AdminPage>
  );
}

/** The user header above the tabs: avatar, name, email, badges and the actions. */
function UserEditHeader({ user }: { user: AdminUserDetail }) {
  return (
    <div className="flex flex-wrap items-center gap-4 rounded-kosh-lg border border-divider bg-bg p-4">
      <Avatar user={user} size={56} />
      <div className="min-w-0 flex-1">
        <p className="truncate text-base font-medium text-fg">{user.name}</p>
        <p className="truncate text-sm text-fg-muted">{user.email}</p>
        <div className="mt-1.5">
          <UserBadges user={user} />
        </div>
      </div>
      <UserHeaderActions user={user} />
    </div>
  );
}

/** The user the edit page loaded, for its tabs. */
export const useEditedUser = () => useOutletContext<AdminUserDetail>();

export { UserEditPage as Component };
