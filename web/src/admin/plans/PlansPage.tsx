import { useState } from 'react';
import clsx from 'clsx';
import { CreditCard, Plus, RefreshCw } from 'lucide-react';
import { GridList, useDragAndDrop } from 'react-aria-components';
import { Link, useNavigate } from 'react-router';
import type { AdminPlan } from '@kosh/contracts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import { buttonClasses } from '../../ui/button-styles.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { AdminPage } from '../AdminPage.tsx';
import { DeletePlanDialog } from './DeletePlanDialog.tsx';
import { PLAN_COLUMNS, PlanRow, type RowAction } from './PlanRow.tsx';
import { useAdminPlans, useReorderPlans, useSyncPlans } from './plans.api.ts';

const SYNCED = 'Stripe synced: :products products and :prices prices created, :updated updated, :archived archived';

/** The plans with `moved` put before or after `target`. */
export function movePlans(plans: AdminPlan[], moved: Set<number>, target: number, where: 'before' | 'after') {
  const taken = plans.filter((p) => moved.has(p.id));
  const rest = plans.filter((p) => !moved.has(p.id));
  const at = rest.findIndex((p) => p.id === target);
  if (at < 0) return plans;
  rest.splice(where === 'before' ? at : at + 1, 0, ...taken);
  return rest;
}

/** /admin/plans (plans.update): every plan, hidden ones too, in pricing-page order; drag or move to reorder. */
export function PlansPage() {
  const { trans } = useTrans();
  const navigate = useNavigate();
  const plans = useAdminPlans();
  const reorder = useReorderPlans();
  const sync = useSyncPlans();
  const [deleting, setDeleting] = useState<AdminPlan | null>(null);
  const list = plans.data ?? [];
  const save = (next: AdminPlan[]) => reorder.mutate(next, { onSuccess: () => toast.positive(trans('Order saved')) });
  const { dragAndDropHooks } = useDragAndDrop({
    getItems: (keys) => [...keys].map((key) => ({ 'text/plain': String(key) })),
    onReorder: (e) => {
      if (e.target.dropPosition === 'on') return;
      save(movePlans(list, new Set([...e.keys].map(Number)), Number(e.target.key), e.target.dropPosition));
    },
  });
  const handleAction = (plan: AdminPlan, action: RowAction) => {
    const index = list.findIndex((p) => p.id === plan.id);
    if (action === 'edit') void navigate(`/admin/plans/${plan.id}/edit`);
    else if (action === 'delete') setDeleting(plan);
    else {
      const neighbour = list[action === 'up' ? index - 1 : index + 1];
      if (neighbour) save(movePlans(list, new Set([plan.id]), neighbour.id, action === 'up' ? 'before' : 'after'));
    }
  };
  const handleSync = () =>
    sync.mutate(undefined, {
      onSuccess: (counts) =>
        toast.positive(
          trans(SYNCED, {
            products: counts.products_created,
            updated: counts.products_updated,
            prices: counts.prices_created,
            archived: counts.prices_archived,
          }),
        ),
    });
  const actions = (
    <>
      <Button
        variant="secondary"
        onPress={handleSync}
        isPending={sync.isPending}
        startIcon={<RefreshCw size={18} aria-hidden />}
      >
        {trans('Sync plans')}
      </Button>
      <Link to="/admin/plans/new" className={buttonClasses('primary', 'md')}>
        <Plus size={18} aria-hidden />
        {trans('New plan')}
      </Link>
    </>
  );
  return (
    <AdminPage title={trans('Plans')} actions={actions}>
      <p className="-mt-2 text-sm text-fg-muted">
        {trans('The plans of the pricing page, in its order. Drag a plan, or use Move up and Move down.')}
      </p>
      {!plans.data ? (
        <div className="flex justify-center py-16">
          {plans.isError ? <Button onPress={() => void plans.refetch()}>{trans('Try again')}</Button> : <Spinner />}
        </div>
      ) : (
        <div className="overflow-hidden rounded-kosh border border-divider">
          <div
            aria-hidden
            className={clsx(
              'hidden gap-x-3 border-b border-divider bg-bg-alt px-2 py-2 text-xs font-medium text-fg-muted md:grid',
              PLAN_COLUMNS,
            )}
          >
            <span />
            <span>{trans('Plan')}</span>
            <span>{trans('Storage')}</span>
            <span>{trans('Prices')}</span>
            <span className="text-right">{trans('Subscribers')}</span>
            <span />
          </div>
          <GridList
            aria-label={trans('Plans')}
            items={list}
            dragAndDropHooks={dragAndDropHooks}
            renderEmptyState={() => (
              <div className="flex flex-col items-center gap-2 py-16 text-center">
                <CreditCard size={64} strokeWidth={1.25} className="text-fg-muted" aria-hidden />
                <p className="text-xl font-medium text-fg">{trans('No plans yet')}</p>
                <p className="text-sm text-fg-muted">{trans('Plans you create are offered on the pricing page.')}</p>
              </div>
            )}
          >
            {(plan) => (
              <PlanRow
                plan={plan}
                index={list.findIndex((p) => p.id === plan.id)}
                count={list.length}
                onAction={handleAction}
              />
            )}
          </GridList>
        </div>
      )}
      <DeletePlanDialog plan={deleting} onClose={() => setDeleting(null)} />
    </AdminPage>
  );
}

export { PlansPage as Component };
