import { useTrans } from '../shell/i18n/useTrans.tsx';
import { useDocumentTitle } from '../shell/useDocumentTitle.ts';
import { PricingPlans } from '../site/pricing/PricingPlans.tsx';
import { BillingShell } from './BillingShell.tsx';
import { SubscriptionGate } from './SubscriptionGate.tsx';

/**
 * /billing/change-plan (spec part 2, 2 and 5): the plans with more space than the subscriber's,
 * each leading to its confirmation.
 */
export function ChangePlanPage() {
  const { trans } = useTrans();
  useDocumentTitle(trans('Change plan'));
  return (
    <BillingShell isWide>
      <SubscriptionGate>
        {() => (
          <>
            <h1 className="text-center text-2xl font-medium text-fg">{trans('Change plan')}</h1>
            <p className="mt-2 text-center text-base text-fg-muted">
              {trans('Choose a plan with more storage. The new plan starts at once.')}
            </p>
            <PricingPlans cardHeadingLevel={2} isChangingPlan />
          </>
        )}
      </SubscriptionGate>
    </BillingShell>
  );
}

export { ChangePlanPage as Component };
