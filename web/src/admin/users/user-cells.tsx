import clsx from 'clsx';
import { Check, Minus } from 'lucide-react';
import { Link } from 'react-router';
import { Focusable } from 'react-aria-components';
import type { AdminUserRow } from '@kosh/contracts';
import { formatBytes } from '@kosh/contracts/format';
import { NEARLY_FULL_RATIO } from '../../drive/entry-format.ts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Avatar } from '../../shell/layout/Avatar.tsx';
import { useIsAppPage } from '../../shell/menus/app-routes.ts';
import { focusRing } from '../../ui/button-styles.ts';
import { Tooltip } from '../../ui/Tooltip.tsx';
import { useFormatUtcDay } from '../useAdminFormat.ts';

/** Avatar, name (opening the user's edit page once it exists), and the email under it. */
export function UserCell({ user }: { user: AdminUserRow }) {
  const isAppPage = useIsAppPage();
  const editPath = `/admin/users/${user.id}/details`;
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Avatar user={user} size={32} />
      <div className="min-w-0">
        {isAppPage(editPath) ? (
          <Link
            to={editPath}
            className={clsx(
              'block truncate rounded-sm font-medium text-fg hover:text-primary hover:underline',
              focusRing,
            )}
          >
            {user.name}
          </Link>
        ) : (
          <div className="truncate font-medium text-fg">{user.name}</div>
        )}
        <div className="truncate text-xs text-fg-muted">{user.email}</div>
      </div>
    </div>
  );
}

const chipClass = clsx(
  'inline-flex h-6 max-w-[160px] items-center rounded-full bg-bg-chip px-2.5 text-xs text-fg',
  // On a selected row (itself bg-chip) the chip turns white to stay visible.
  'group-data-[selected]/row:bg-bg',
);

/** The user's roles as chips; each opens its role once the roles screens exist. */
export function RolesCell({ user }: { user: AdminUserRow }) {
  const isAppPage = useIsAppPage();
  if (!user.roles.length) return <span className="text-fg-muted">—</span>;
  return (
    <ul className="flex flex-wrap gap-1">
      {user.roles.map((role) => {
        const to = `/admin/roles/${role.id}/edit`;
        return (
          <li key={role.id}>
            {isAppPage(to) ? (
              <Link to={to} className={clsx(chipClass, 'hover:brightness-95', focusRing)}>
                <span className="truncate">{role.name}</span>
              </Link>
            ) : (
              <span className={chipClass}>
                <span className="truncate">{role.name}</span>
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** A yes or no as an icon with its word for screen readers. */
export function YesNoCell({ value, yes, no }: { value: boolean; yes: string; no: string }) {
  const { trans } = useTrans();
  return value ? (
    <span className="inline-flex text-positive">
      <Check size={18} aria-hidden />
      <span className="sr-only">{trans(yes)}</span>
    </span>
  ) : (
    <span className="inline-flex text-fg-muted">
      <Minus size={18} aria-hidden />
      <span className="sr-only">{trans(no)}</span>
    </span>
  );
}

/** Suspended: a badge whose tooltip tells until when and why; the end date also shows under it. */
export function SuspendedCell({ user }: { user: AdminUserRow }) {
  const { trans } = useTrans();
  const formatDay = useFormatUtcDay();
  if (!user.banned_at) return <span className="text-fg-muted">—</span>;
  const until = user.banned_until ? trans('Until :date', { date: formatDay(user.banned_until) }) : trans('Permanently');
  const reason = user.ban_reason ? trans('Reason: :reason', { reason: user.ban_reason }) : trans('No reason given');
  return (
    <div className="flex flex-col items-start gap-0.5">
      <Tooltip
        content={
          <>
            <span className="block font-medium">{until}</span>
            <span className="block">{reason}</span>
          </>
        }
      >
        <Focusable>
          <span
            role="img"
            aria-label={`${trans('Suspended')}. ${until}`}
            className={clsx(
              'inline-flex h-6 items-center rounded-full border border-danger px-2.5 text-xs font-medium text-danger',
              focusRing,
            )}
          >
            {trans('Suspended')}
          </span>
        </Focusable>
      </Tooltip>
      <span className="text-xs text-fg-muted">{until}</span>
    </div>
  );
}

/** Space used of allowed: a 4 px bar (danger above 90%) and the figures; 'Unlimited' when nothing limits. */
export function SpaceCell({ user }: { user: AdminUserRow }) {
  const { trans } = useTrans();
  const allowed = user.space_allowed;
  const ratio = allowed ? Math.min(1, user.space_used / allowed) : 0;
  const used = formatBytes(user.space_used);
  return (
    <div className="flex w-full min-w-[120px] flex-col gap-1">
      <span className="text-xs text-fg">
        {allowed === null
          ? trans(':used · Unlimited', { used })
          : trans(':used of :allowed', { used, allowed: formatBytes(allowed) })}
      </span>
      {allowed !== null && (
        <span className="h-1 w-full overflow-hidden rounded-full bg-divider" aria-hidden>
          <span
            className={clsx('block h-full rounded-full', ratio > NEARLY_FULL_RATIO ? 'bg-danger' : 'bg-primary')}
            style={{ width: `${Math.max(ratio * 100, user.space_used > 0 ? 2 : 0)}%` }}
          />
        </span>
      )}
    </div>
  );
}
