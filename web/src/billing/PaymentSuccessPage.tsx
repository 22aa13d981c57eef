import { Navigate } from 'react-router';
import { useCurrentSubscription } from '../api/subscriptions.api.ts';
import { useTrans } from '../shell/i18n/useTrans.tsx';
import { PublicLayout } from '../shell/layout/PublicLayout.tsx';
import { useDocumentTitle } from '../shell/useDocumentTitle.ts';
import { hasBillingPage } from './billing-status.ts';
import { PaymentSuccess } from './PaymentSuccess.tsx';
import { CardSkeleton, LoadError } from './SubscriptionGate.tsx';

/** /payment-success (spec part 2, 2; login required): the success state for the current plan. */
export function PaymentSuccessPage() {
  const { trans } = useTrans();
  const query = useCurrentSubscription();
  useDocumentTitle(trans('Payment successful'));
  if (query.isSuccess && !hasBillingPage(query.data)) return <Navigate to="/pricing" replace />;
  return (
    <PublicLayout>
      <div className="mx-auto w-full max-w-[560px] px-4 py-12 sm:px-6 sm:py-16">
        {query.isSuccess && query.data ? (
          <PaymentSuccess subscription={query.data} />
        ) : query.isError ? (
          <LoadError onRetry={() => void query.refetch()} />
        ) : (
          <CardSkeleton className="h-80" />
        )}
      </div>
    </PublicLayout>
  );
}

export { PaymentSuccessPage as Component };
