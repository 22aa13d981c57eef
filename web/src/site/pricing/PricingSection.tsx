import { AlertCircle } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useProducts } from '../../api/billing.api.ts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { useAuth } from '../../shell/useAuth.ts';
import { Button } from '../../ui/Button.tsx';
import { BillingCycleSelector } from './BillingCycleSelector.tsx';
import { PlanCard, PlanCardSkeleton } from './PlanCard.tsx';
import { bestYearlyDiscount, DEFAULT_BILLING_CYCLE, plansForCycle, type BillingCycle } from './plan-pricing.ts';

type Props = {
  /** 1 on the pricing page, where this heading is the page's; 2 inside the landing page. */
  headingLevel?: 1 | 2;
  /** Shown under the heading (the pricing page's savings claim). */
  intro?: ReactNode;
};

const SKELETON_CARDS = ['a', 'b', 'c', 'd'];
const grid = 'flex flex-wrap items-stretch justify-center gap-6';
const cell = 'flex w-full max-w-[22rem] grow basis-[13rem] flex-col';

/** The plans with the billing-cycle selector (spec part 2, 2 "Pricing"); the landing page embeds it. */
export function PricingSection({ headingLevel = 2, intro }: Props) {
  const { trans } = useTrans();
  const { user, isLoggedIn, isSubscribed } = useAuth();
  const [cycle, setCycle] = useState<BillingCycle>(DEFAULT_BILLING_CYCLE);
  const query = useProducts(user?.id ?? null);
  const products = query.data ?? [];
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <div className="mx-auto w-full max-w-[1200px] px-4 sm:px-6">
      <div className="mx-auto max-w-[720px] text-center">
        <Heading className="text-[28px] font-semibold leading-9 text-fg sm:text-4xl sm:leading-[44px]">
          {trans('Simple plans for every need')}
        </Heading>
        {intro}
      </div>
      <div className="mt-8">
        <BillingCycleSelector cycle={cycle} onChange={setCycle} discount={bestYearlyDiscount(products)} />
      </div>
      <div className="mt-12">
        {query.isPending ? (
          <div className={grid} aria-busy="true">
            <span className="sr-only">{trans('Loading...')}</span>
            {SKELETON_CARDS.map((key) => (
              <div key={key} className={cell}>
                <PlanCardSkeleton />
              </div>
            ))}
          </div>
        ) : query.isError ? (
          <div role="alert" className="mx-auto flex max-w-[440px] flex-col items-center gap-3 text-center">
            <AlertCircle size={40} className="text-danger" aria-hidden />
            <p className="text-base font-medium text-fg">{trans('Something went wrong')}</p>
            <p className="text-sm text-fg-muted">{trans('The plans could not be loaded.')}</p>
            <Button variant="secondary" onPress={() => query.refetch()}>
              {trans('Try again')}
            </Button>
          </div>
        ) : (
          <ul className={grid}>
            {plansForCycle(products, cycle).map((product) => (
              <li key={product.id} className={cell}>
                <PlanCard
                  product={product}
                  cycle={cycle}
                  visitor={{ isLoggedIn, isSubscribed }}
                  headingLevel={headingLevel === 1 ? 2 : 3}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
