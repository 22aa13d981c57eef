import { useMemo } from 'react';
import { Link } from 'react-router';
import { HardDrive } from 'lucide-react';
import clsx from 'clsx';
import { formatBytes } from '@kosh/contracts/format';
import { USER_SPACE_SORTABLE, type UserSpacePage as UserSpaceAnswer, type UserSpaceRow } from '@kosh/contracts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Avatar } from '../../shell/layout/Avatar.tsx';
import { focusRing } from '../../ui/button-styles.ts';
import { AdminPage } from '../AdminPage.tsx';
import { DataTable, type TableColumn } from '../table/DataTable.tsx';
import type { FilterDef } from '../table/filters.ts';
import { useAdminList } from '../table/useAdminList.ts';
import { useTableState } from '../table/useTableState.ts';
import { useFormatMoment } from '../useAdminFormat.ts';
import { SpaceTotals } from './SpaceTotals.tsx';
import { PercentCell, UsedCell } from './space-cells.tsx';
import { fetchUserSpace, usePlanOptions, userSpaceKeys } from './user-space.api.ts';

const OVER_FILTER: FilterDef = {
  kind: 'select',
  key: 'over',
  label: 'Allowance used',
  options: [
    { value: '80', label: '80% or more' },
    { value: '90', label: '90% or more' },
    { value: '100', label: '100% or more' },
  ],
};

/** The filters; the plan filter once the plans have answered. */
function useSpaceFilters(): FilterDef[] {
  const plans = usePlanOptions();
  return useMemo(
    () => [
      OVER_FILTER,
      ...(plans.data?.length ? [{ kind: 'select' as const, key: 'planId', label: 'Plan', options: plans.data }] : []),
    ],
    [plans.data],
  );
}

/** The user, linking to their details where staff change the allowance. */
function SpaceUserCell({ row }: { row: UserSpaceRow }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Avatar user={row} size={32} />
      <div className="min-w-0">
        <Link
          to={`/admin/users/${row.id}/details`}
          className={clsx('block truncate rounded-sm font-medium text-fg hover:underline', focusRing)}
        >
          {row.name}
        </Link>
        <div className="truncate text-xs text-fg-muted">{row.email}</div>
      </div>
    </div>
  );
}

function useColumns(): TableColumn<UserSpaceRow>[] {
  const { trans, language } = useTrans();
  const formatMoment = useFormatMoment();
  return useMemo(() => {
    const count = new Intl.NumberFormat(language);
    return [
      {
        id: 'user',
        header: 'User',
        isRowHeader: true,
        className: 'min-w-[220px] max-w-[320px]',
        cell: (row) => <SpaceUserCell row={row} />,
      },
      {
        id: 'used',
        header: 'Used',
        sortKey: 'used',
        firstDir: 'desc',
        className: 'w-32 whitespace-nowrap',
        cell: (row) => <UsedCell row={row} />,
      },
      {
        id: 'allowed',
        header: 'Allowed',
        className: 'w-28 whitespace-nowrap',
        cell: (row) =>
          row.allowed === null ? (
            <span className="text-fg-muted">{trans('Unlimited')}</span>
          ) : (
            <span className="tabular-nums">{formatBytes(row.allowed)}</span>
          ),
      },
      {
        id: 'percent',
        header: 'Full',
        sortKey: 'percent',
        firstDir: 'desc',
        className: 'w-48',
        cell: (row) => <PercentCell row={row} />,
      },
      {
        id: 'files',
        header: 'Files',
        sortKey: 'files',
        firstDir: 'desc',
        className: 'w-20 tabular-nums',
        cell: (row) => count.format(row.files),
      },
      {
        id: 'plan',
        header: 'Plan',
        className: 'w-28',
        cell: (row) => row.plan?.name ?? <span className="text-fg-muted">—</span>,
      },
      {
        id: 'last_upload',
        header: 'Last upload',
        sortKey: 'last_upload_at',
        firstDir: 'desc',
        className: 'w-32 whitespace-nowrap',
        cell: (row) =>
          row.last_upload_at ? (
            <time dateTime={row.last_upload_at}>{formatMoment(row.last_upload_at)}</time>
          ) : (
            <span className="text-fg-muted">—</span>
          ),
      },
    ];
  }, [trans, language, formatMoment]);
}

/** /admin/user-space (admin.access): the store's totals, then users ranked by the space their files take. */
export function UserSpacePage() {
  const { trans } = useTrans();
  const filters = useSpaceFilters();
  const table = useTableState({ filters, sortable: USER_SPACE_SORTABLE });
  const list = useAdminList(userSpaceKeys.list, fetchUserSpace, table.state);
  const columns = useColumns();
  // The page is the whole answer: the shared list hook types only its pagination, the totals ride along.
  const totals = (list.data as UserSpaceAnswer | undefined)?.totals;
  return (
    <AdminPage
      title={trans('User space')}
      description={trans('Who takes the most space, and whose allowance is nearly or over full.')}
    >
      {totals && <SpaceTotals totals={totals} />}
      <DataTable
        label={trans('User space')}
        columns={columns}
        table={table}
        list={list}
        defaultSort={{ orderBy: 'used', orderDir: 'desc' }}
        searchLabel={trans('Search by name or email')}
        empty={{
          icon: HardDrive,
          heading: 'Nobody stores files yet',
          help: 'Users show up here once they upload their first file.',
        }}
      />
    </AdminPage>
  );
}

export { UserSpacePage as Component };
