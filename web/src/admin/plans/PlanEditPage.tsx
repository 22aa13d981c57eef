import { useState } from 'react';
import { ArrowLeft, SearchX, Trash2 } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import { buttonClasses } from '../../ui/button-styles.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { AdminPage } from '../AdminPage.tsx';
import { DeletePlanDialog } from './DeletePlanDialog.tsx';
import { blankPlan, planToForm } from './plan-form.ts';
import { PlanForm } from './PlanForm.tsx';
import { useAdminPlans } from './plans.api.ts';

const backLink = (label: string) => (
  <Link to="/admin/plans" className={buttonClasses('text', 'md')}>
    <ArrowLeft size={18} aria-hidden />
    {label}
  </Link>
);

/** /admin/plans/new and /admin/plans/:planId/edit: every field of a plan, its features and prices. */
export function PlanEditPage() {
  const { trans } = useTrans();
  const navigate = useNavigate();
  const param = useParams().planId;
  const planId = param === undefined ? null : Number(param);
  const plans = useAdminPlans();
  const [isDeleting, setDeleting] = useState(false);
  const toList = () => void navigate('/admin/plans');
  if (!plans.data) {
    return (
      <AdminPage title={planId === null ? trans('New plan') : trans('Edit plan')} actions={backLink(trans('Plans'))}>
        <div className="flex justify-center py-16">
          {plans.isError ? <Button onPress={() => void plans.refetch()}>{trans('Try again')}</Button> : <Spinner />}
        </div>
      </AdminPage>
    );
  }
  const plan = planId === null ? null : plans.data.find((p) => p.id === planId);
  if (plan === undefined) {
    return (
      <AdminPage title={trans('Edit plan')} actions={backLink(trans('Plans'))}>
        <div className="flex flex-col items-center gap-2 py-16 text-center">
          <SearchX size={64} strokeWidth={1.25} className="text-fg-muted" aria-hidden />
          <p className="text-xl font-medium text-fg">{trans('This plan does not exist')}</p>
          <p className="text-sm text-fg-muted">{trans('It may have been deleted.')}</p>
        </div>
      </AdminPage>
    );
  }
  const lastPosition = Math.max(-1, ...plans.data.map((p) => p.position)) + 1;
  return (
    <AdminPage
      title={plan ? plan.name : trans('New plan')}
      documentTitle={plan ? trans('Edit plan') : trans('New plan')}
      actions={
        <>
          {backLink(trans('Plans'))}
          {plan && (
            <Button
              variant="danger-text"
              onPress={() => setDeleting(true)}
              startIcon={<Trash2 size={18} aria-hidden />}
            >
              {trans('Delete')}
            </Button>
          )}
        </>
      }
    >
      <PlanForm
        key={plan?.id ?? 'new'}
        plan={plan}
        defaults={plan ? planToForm(plan) : blankPlan()}
        position={lastPosition}
        onSaved={(saved) => {
          toast.positive(plan ? trans('Plan saved') : trans('Plan created'));
          if (!plan) void navigate(`/admin/plans/${saved.id}/edit`, { replace: true });
        }}
      />
      <DeletePlanDialog plan={isDeleting ? plan : null} onClose={() => setDeleting(false)} onDeleted={toList} />
    </AdminPage>
  );
}

export { PlanEditPage as Component };
