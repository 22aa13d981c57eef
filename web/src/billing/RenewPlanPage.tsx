import { Navigate, useNavigate } from 'react-router';
import { useTrans } from '../shell/i18n/useTrans.tsx';
import { useDocumentTitle } from '../shell/useDocumentTitle.ts';
import { canResume } from './billing-status.ts';
import { BillingShell } from './BillingShell.tsx';
import { ConfirmationCard } from './ConfirmationCard.tsx';
import { RenewConfirmationText } from './PlanConfirmation.tsx';
import { SubscriptionGate } from './SubscriptionGate.tsx';
import { usePlanActions } from './usePlanActions.ts';

/** /billing/renew (spec part 2, 2): renews a cancelled plan after a confirmation; either way back to /billing. */
export function RenewPlanPage() {
  const { trans } = useTrans();
  const navigate = useNavigate();
  const { resume, isResuming } = usePlanActions();
  useDocumentTitle(trans('Renew your plan?'));
  return (
    <BillingShell>
      <SubscriptionGate>
        {(subscription) =>
          // The plan changes state before the toast and the way back: the page stays until then.
          canResume(subscription.state) || isResuming ? (
            <ConfirmationCard
              title={trans('Renew your plan?')}
              backLabel={trans('Not now')}
              confirmLabel={trans('Renew plan')}
              variant="primary"
              isPending={isResuming}
              onConfirm={() => resume(() => void navigate('/billing', { replace: true }))}
            >
              <RenewConfirmationText subscription={subscription} />
            </ConfirmationCard>
          ) : (
            <Navigate to="/billing" replace />
          )
        }
      </SubscriptionGate>
    </BillingShell>
  );
}

export { RenewPlanPage as Component };
