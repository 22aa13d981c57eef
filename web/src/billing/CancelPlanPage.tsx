import { Navigate, useNavigate } from 'react-router';
import { useTrans } from '../shell/i18n/useTrans.tsx';
import { useDocumentTitle } from '../shell/useDocumentTitle.ts';
import { canCancel } from './billing-status.ts';
import { BillingShell } from './BillingShell.tsx';
import { ConfirmationCard } from './ConfirmationCard.tsx';
import { CancelConfirmationText } from './PlanConfirmation.tsx';
import { SubscriptionGate } from './SubscriptionGate.tsx';
import { usePlanActions } from './usePlanActions.ts';

/** /billing/cancel (spec part 2, 2): the cancel confirmation as a page; either way back to /billing. */
export function CancelPlanPage() {
  const { trans } = useTrans();
  const navigate = useNavigate();
  const { cancel, isCancelling } = usePlanActions();
  useDocumentTitle(trans('Cancel your plan?'));
  return (
    <BillingShell>
      <SubscriptionGate>
        {(subscription) =>
          // The plan changes state before the toast and the way back: the page stays until then.
          canCancel(subscription.state) || isCancelling ? (
            <ConfirmationCard
              title={trans('Cancel your plan?')}
              backLabel={trans('Keep plan')}
              confirmLabel={trans('Cancel plan')}
              variant="danger"
              isPending={isCancelling}
              onConfirm={() => cancel(() => void navigate('/billing', { replace: true }))}
            >
              <CancelConfirmationText subscription={subscription} />
            </ConfirmationCard>
          ) : (
            <Navigate to="/billing" replace />
          )
        }
      </SubscriptionGate>
    </BillingShell>
  );
}

export { CancelPlanPage as Component };
