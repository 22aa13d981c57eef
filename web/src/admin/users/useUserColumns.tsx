import { useMemo } from 'react';
import type { AdminUserRow } from '@kosh/contracts';
import { useSettings } from '../../shell/bootstrap-store.ts';
import { useRelativeTime, useTrans } from '../../shell/i18n/useTrans.tsx';
import type { TableColumn } from '../table/DataTable.tsx';
import { useFormatMoment } from '../useAdminFormat.ts';
import { RolesCell, SpaceCell, SuspendedCell, UserCell, YesNoCell } from './user-cells.tsx';

/** The users list's columns (BeDrive's, plus space); Subscribed only while billing is on. */
export function useUserColumns(): TableColumn<AdminUserRow>[] {
  const { trans } = useTrans();
  const isBillingOn = !!useSettings().billing?.enable;
  const formatMoment = useFormatMoment();
  const relativeTime = useRelativeTime();
  return useMemo(() => {
    const columns: Array<TableColumn<AdminUserRow> | false> = [
      {
        id: 'user',
        header: 'User',
        sortKey: 'email',
        isRowHeader: true,
        className: 'min-w-[220px] max-w-[320px]',
        cell: (user) => <UserCell user={user} />,
      },
      { id: 'roles', header: 'Roles', className: 'min-w-[120px]', cell: (user) => <RolesCell user={user} /> },
      isBillingOn && {
        id: 'subscribed',
        header: 'Subscribed',
        className: 'w-28',
        cell: (user) => <YesNoCell value={user.subscribed} yes="Subscribed" no="Not subscribed" />,
      },
      {
        id: 'suspended',
        header: 'Suspended',
        sortKey: 'banned_at',
        firstDir: 'desc',
        className: 'w-36',
        cell: (user) => <SuspendedCell user={user} />,
      },
      { id: 'space', header: 'Space used', className: 'w-44', cell: (user) => <SpaceCell user={user} /> },
      {
        id: 'last_active',
        header: 'Last active',
        sortKey: 'last_active_at',
        firstDir: 'desc',
        className: 'w-36 whitespace-nowrap',
        cell: (user) =>
          user.last_active_at ? (
            <time dateTime={user.last_active_at} title={formatMoment(user.last_active_at, true)}>
              {relativeTime(user.last_active_at)}
            </time>
          ) : (
            <span className="text-fg-muted">{trans('Never')}</span>
          ),
      },
      {
        id: 'created',
        header: 'Created',
        sortKey: 'created_at',
        firstDir: 'desc',
        className: 'w-32 whitespace-nowrap',
        cell: (user) => <time dateTime={user.created_at}>{formatMoment(user.created_at)}</time>,
      },
    ];
    return columns.filter((c): c is TableColumn<AdminUserRow> => !!c);
  }, [trans, isBillingOn, formatMoment, relativeTime]);
}
