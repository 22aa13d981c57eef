import { useCallback, useMemo, useState } from 'react';
import clsx from 'clsx';
import { MoreVertical, Pencil, Plus, RefreshCw, TicketPercent, Trash2 } from 'lucide-react';
import { Button as AriaButton } from 'react-aria-components';
import { ADMIN_COUPONS_SORTABLE, type AdminCoupon } from '@kosh/contracts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import { iconButtonClasses } from '../../ui/button-styles.ts';
import { Dropdown, MenuItem } from '../../ui/Menu.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { AdminPage } from '../AdminPage.tsx';
import { DataTable, type TableColumn } from '../table/DataTable.tsx';
import { useAdminList } from '../table/useAdminList.ts';
import { useTableState } from '../table/useTableState.ts';
import { useFormatMoment } from '../useAdminFormat.ts';
import { type CouponStatus, couponStatus, redemptionsText, termsText } from './coupon-form.ts';
import { couponKeys, fetchCoupons, useSyncCoupons } from './coupons.api.ts';
import { DeleteCouponDialog } from './DeleteCouponDialog.tsx';
import { EditCouponDialog } from './EditCouponDialog.tsx';
import { NewCouponDialog } from './NewCouponDialog.tsx';

const CONFIG = { filters: [], sortable: ADMIN_COUPONS_SORTABLE };
const STATUS: Record<CouponStatus, { label: string; tone: string }> = {
  active: { label: 'Active', tone: 'bg-bg-alt text-positive' },
  inactive: { label: 'Inactive', tone: 'bg-bg-alt text-fg-muted' },
  expired: { label: 'Expired', tone: 'bg-bg-alt text-fg-muted' },
  used_up: { label: 'Used up', tone: 'bg-bg-alt text-fg-muted' },
};

function useColumns(): TableColumn<AdminCoupon>[] {
  const { trans, language } = useTrans();
  const formatMoment = useFormatMoment();
  return useMemo(
    () => [
      {
        id: 'code',
        header: 'Code',
        sortKey: 'code',
        isRowHeader: true,
        cell: (c) => <span className="block truncate font-medium text-fg">{c.code}</span>,
      },
      { id: 'name', header: 'Name', sortKey: 'name', cell: (c) => <span className="block truncate">{c.name}</span> },
      { id: 'terms', header: 'Terms', cell: (c) => <span className="block truncate">{termsText(c, language)}</span> },
      {
        id: 'redemptions',
        header: 'Redemptions',
        sortKey: 'times_redeemed',
        firstDir: 'desc',
        className: 'w-32 tabular-nums',
        cell: (c) => redemptionsText(c),
      },
      {
        id: 'expires',
        header: 'Expires',
        className: 'w-40 whitespace-nowrap text-fg-muted',
        cell: (c) => (c.expires_at ? formatMoment(c.expires_at) : trans('Never')),
      },
      {
        id: 'status',
        header: 'Status',
        className: 'w-28',
        cell: (c) => {
          const status = STATUS[couponStatus(c, new Date())];
          return (
            <span className={clsx('rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap', status.tone)}>
              {trans(status.label)}
            </span>
          );
        },
      },
    ],
    [trans, language, formatMoment],
  );
}

/** /admin/discount (discount.update): coupons customers type at Stripe Checkout; add, edit, delete, sync. */
export function CouponsPage() {
  const { trans } = useTrans();
  const table = useTableState(CONFIG);
  const list = useAdminList(couponKeys.list, fetchCoupons, table.state);
  const columns = useColumns();
  const sync = useSyncCoupons();
  const [isCreating, setCreating] = useState(false);
  const [editing, setEditing] = useState<AdminCoupon | null>(null);
  const [deleting, setDeleting] = useState<AdminCoupon | null>(null);
  const rowActions = useCallback(
    (coupon: AdminCoupon) => (
      <Dropdown
        aria-label={trans('Actions for :name', { name: coupon.code })}
        trigger={
          <AriaButton
            aria-label={trans('Actions for :name', { name: coupon.code })}
            className={iconButtonClasses('md')}
          >
            <MoreVertical size={20} aria-hidden />
          </AriaButton>
        }
        onAction={(key) => (key === 'edit' ? setEditing(coupon) : setDeleting(coupon))}
      >
        <MenuItem id="edit" icon={<Pencil size={18} />}>
          {trans('Edit')}
        </MenuItem>
        <MenuItem id="delete" icon={<Trash2 size={18} />}>
          {trans('Delete')}
        </MenuItem>
      </Dropdown>
    ),
    [trans],
  );
  const handleSync = () =>
    sync.mutate(undefined, {
      onSuccess: ({ updated }) =>
        toast.positive(
          updated === 1
            ? trans('Synced with Stripe: 1 coupon updated')
            : trans('Synced with Stripe: :count coupons updated', { count: updated }),
        ),
    });
  const addButton = (
    <Button onPress={() => setCreating(true)} startIcon={<Plus size={18} aria-hidden />}>
      {trans('New coupon')}
    </Button>
  );
  const actions = (
    <>
      <Button
        variant="secondary"
        onPress={handleSync}
        isPending={sync.isPending}
        startIcon={<RefreshCw size={18} aria-hidden />}
      >
        {trans('Sync')}
      </Button>
      {addButton}
    </>
  );
  return (
    <AdminPage title={trans('Discount')} actions={actions}>
      <p className="-mt-2 text-sm text-fg-muted">
        {trans('Coupon codes customers type at checkout. Sync reads back how often each was used.')}
      </p>
      <DataTable
        label={trans('Coupons')}
        columns={columns}
        table={table}
        list={list}
        defaultSort={{ orderBy: 'created_at', orderDir: 'desc' }}
        searchLabel={trans('Search coupons')}
        rowActions={rowActions}
        onRowAction={(coupon) => setEditing(coupon)}
        empty={{
          icon: TicketPercent,
          heading: 'No coupons yet',
          help: 'Create a code customers can type at checkout for a discount.',
          action: addButton,
        }}
      />
      <NewCouponDialog
        isOpen={isCreating}
        onClose={() => setCreating(false)}
        onCreated={(coupon) => toast.positive(trans('Created :code', { code: coupon.code }))}
      />
      <EditCouponDialog coupon={editing} onClose={() => setEditing(null)} />
      <DeleteCouponDialog coupon={deleting} onClose={() => setDeleting(null)} />
    </AdminPage>
  );
}

export { CouponsPage as Component };
