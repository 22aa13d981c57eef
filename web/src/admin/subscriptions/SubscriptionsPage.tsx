import { CreditCard, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { type AdminSubscription, SUBSCRIPTION_STATES } from '@kosh/contracts';
import { subscriptionStateLabel } from '../../billing/billing-status.ts';
import { StatusBadge } from '../../billing/StatusBadge.tsx';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import { AdminPage } from '../AdminPage.tsx';
import { DataTable, type TableColumn } from '../table/DataTable.tsx';
import type { FilterDef } from '../table/filters.ts';
import { useAdminList } from '../table/useAdminList.ts';
import { useTableState } from '../table/useTableState.ts';
import { useFormatMoment } from '../useAdminFormat.ts';
import { GrantSubscriptionDialog } from './GrantSubscriptionDialog.tsx';
import { SubscriptionDialog } from './SubscriptionDialog.tsx';
import { GATEWAY_LABELS, keyDate } from './subscription-labels.ts';
import { fetchSubscriptions, subscriptionKeys } from './subscriptions.api.ts';

const CONFIG = {
  filters: [
    {
      kind: 'select',
      key: 'state',
      label: 'Status',
      options: SUBSCRIPTION_STATES.map((value) => ({ value, label: subscriptionStateLabel(value) })),
    },
    {
      kind: 'select',
      key: 'gateway',
      label: 'Gateway',
      options: Object.entries(GATEWAY_LABELS).map(([value, label]) => ({ value, label })),
    },
  ] satisfies FilterDef[],
  sortable: ['created_at', 'ends_at', 'renews_at'] as const,
};

function useColumns(): TableColumn<AdminSubscription>[] {
  const { trans } = useTrans();
  const formatMoment = useFormatMoment();
  return useMemo(
    () => [
      {
        id: 'user',
        header: 'User',
        isRowHeader: true,
        className: 'min-w-[200px] max-w-[280px]',
        cell: (s) => (
          <div className="min-w-0">
            <div className="truncate text-fg">{s.user.name}</div>
            <div className="truncate text-xs text-fg-muted">{s.user.email}</div>
          </div>
        ),
      },
      { id: 'plan', header: 'Plan', className: 'min-w-[120px]', cell: (s) => trans(s.product.name) },
      { id: 'gateway', header: 'Gateway', className: 'w-28', cell: (s) => trans(GATEWAY_LABELS[s.gateway]) },
      { id: 'status', header: 'Status', className: 'w-32', cell: (s) => <StatusBadge state={s.state} /> },
      {
        id: 'date',
        header: 'Renews or ends',
        sortKey: 'ends_at',
        firstDir: 'asc',
        className: 'w-44 whitespace-nowrap',
        cell: (s) => {
          const date = keyDate(s);
          return date ? (
            <span>
              {trans(date.label)} <time dateTime={date.at}>{formatMoment(date.at)}</time>
            </span>
          ) : null;
        },
      },
      {
        id: 'created',
        header: 'Started',
        sortKey: 'created_at',
        firstDir: 'desc',
        className: 'w-40 whitespace-nowrap',
        cell: (s) => <time dateTime={s.created_at}>{formatMoment(s.created_at)}</time>,
      },
    ],
    [trans, formatMoment],
  );
}

/**
 * /admin/subscriptions (subscriptions.update): every subscription with its user, plan and state;
 * the Ended status filter lists the expired ones. A row opens it; a plan can be granted.
 */
export function SubscriptionsPage() {
  const { trans } = useTrans();
  const table = useTableState(CONFIG);
  const list = useAdminList(subscriptionKeys.all, fetchSubscriptions, table.state);
  const columns = useColumns();
  const [open, setOpen] = useState<AdminSubscription | null>(null);
  const [isGranting, setGranting] = useState(false);
  return (
    <AdminPage
      title={trans('Subscriptions')}
      actions={
        <Button startIcon={<Plus size={18} aria-hidden />} onPress={() => setGranting(true)}>
          {trans('Grant a plan')}
        </Button>
      }
    >
      <DataTable
        label={trans('Subscriptions')}
        columns={columns}
        table={table}
        list={list}
        defaultSort={{ orderBy: 'created_at', orderDir: 'desc' }}
        searchLabel={trans('Search email or gateway id')}
        onRowAction={setOpen}
        empty={{
          icon: CreditCard,
          heading: 'No subscriptions yet',
          help: 'Plans people pay for, and plans granted here, will show up here.',
        }}
      />
      <SubscriptionDialog subscription={open} onClose={() => setOpen(null)} />
      <GrantSubscriptionDialog isOpen={isGranting} onClose={() => setGranting(false)} />
    </AdminPage>
  );
}

export { SubscriptionsPage as Component };
