import { AlertCircle } from 'lucide-react';
import { useState } from 'react';
import { useProducts } from '../../api/billing.api.ts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { useAuth } from '../../shell/useAuth.ts';
import { PlainButton } from '../../ui/PlainButton.tsx';
import { BillingCycleSelector } from './BillingCycleSelector.tsx';
import { PlanCard } from './PlanCard.tsx';
import { PlanCardsSkeleton, planCell, planGrid } from './PlanCardSkeleton.tsx';
import { bestYearlyDiscount, DEFAULT_BILLING_CYCLE, plansForCycle, type BillingCycle } from './plan-pricing.ts';

/** The billing-cycle selector and the plan cards (spec part 2, 2 "Pricing"), read from the server. */
export function PricingPlans({
  cardHeadingLevel,
  isChangingPlan = false,
}: {
  cardHeadingLevel: 2 | 3;
  /** The change-plan page: each card leads to the confirmation of its plan. */
  isChangingPlan?: boolean;
}) {
  const { trans } = useTrans();
  const { user, isLoggedIn, isSubscribed } = useAuth();
  const [cycle, setCycle] = useState<BillingCycle>(DEFAULT_BILLING_CYCLE);
  const query = useProducts(user?.id ?? null);
  const products = query.data ?? [];
  return (
    <>
      <div className="mt-8">
        <BillingCycleSelector cycle={cycle} onChange={setCycle} discount={bestYearlyDiscount(products)} />
      </div>
      <div className="mt-12">
        {query.isPending ? (
          <PlanCardsSkeleton label={trans('Loading...')} />
        ) : query.isError ? (
          <div role="alert" className="mx-auto flex max-w-[440px] flex-col items-center gap-3 text-center">
            <AlertCircle size={40} className="text-danger" aria-hidden />
            <p className="text-base font-medium text-fg">{trans('Something went wrong')}</p>
            <p className="text-sm text-fg-muted">{trans('The plans could not be loaded.')}</p>
            <PlainButton variant="secondary" onClick={() => query.refetch()}>
              {trans('Try again')}
            </PlainButton>
          </div>
        ) : (
          <ul className={planGrid}>
            {plansForCycle(products, cycle).map((product) => (
              <li key={product.id} className={planCell}>
                <PlanCard
                  product={product}
                  cycle={cycle}
                  visitor={{ isLoggedIn, isSubscribed, isChangingPlan }}
                  headingLevel={cardHeadingLevel}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
