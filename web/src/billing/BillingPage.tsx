import { useTrans } from '../shell/i18n/useTrans.tsx';
import { useDocumentTitle } from '../shell/useDocumentTitle.ts';
import { BillingShell } from './BillingShell.tsx';
import { CurrentPlanCard } from './CurrentPlanCard.tsx';
import { PaymentMethodCard } from './PaymentMethodCard.tsx';
import { RecentInvoices } from './RecentInvoices.tsx';
import { SubscriptionGate } from './SubscriptionGate.tsx';

/** /billing (spec part 2, 2 "Billing routes"; login required): the plan, the card and recent invoices. */
export function BillingPage() {
  const { trans } = useTrans();
  useDocumentTitle(trans('Billing'));
  return (
    <BillingShell>
      <h1 className="mb-6 text-xl font-medium text-fg">{trans('Billing')}</h1>
      <SubscriptionGate>
        {(subscription) => (
          <div className="flex flex-col gap-4 sm:gap-6">
            <CurrentPlanCard subscription={subscription} />
            <PaymentMethodCard
              method={subscription.payment_method}
              gateway={subscription.gateway}
              canChange={subscription.gateway === 'stripe' && subscription.state !== 'ended'}
            />
            <RecentInvoices />
          </div>
        )}
      </SubscriptionGate>
    </BillingShell>
  );
}

export { BillingPage as Component };
