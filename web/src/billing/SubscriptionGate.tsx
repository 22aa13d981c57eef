import { AlertCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import type { BillingSubscription } from '@kosh/contracts';
import { useCurrentSubscription } from '../api/subscriptions.api.ts';
import { useTrans } from '../shell/i18n/useTrans.tsx';
import { Button } from '../ui/Button.tsx';
import { hasBillingPage } from './billing-status.ts';

/** Said when a billing screen could not load; Try again asks once more. */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  const { trans } = useTrans();
  return (
    <div role="alert" className="flex flex-col items-start gap-3">
      <p className="flex items-center gap-2 text-base font-medium text-fg">
        <AlertCircle size={20} className="text-danger" aria-hidden />
        {trans('Something went wrong')}
      </p>
      <Button variant="secondary" onPress={onRetry}>
        {trans('Try again')}
      </Button>
    </div>
  );
}

export function CardSkeleton({ className = 'h-40' }: { className?: string }) {
  const { trans } = useTrans();
  return (
    <div aria-busy="true" className={`animate-pulse rounded-kosh-lg bg-bg ring-1 ring-divider ${className}`}>
      <span className="sr-only">{trans('Loading...')}</span>
    </div>
  );
}

/**
 * Loads the current subscription for a billing page; a user without one (or whose plan has ended)
 * is sent to /pricing, as the spec's billing guard does.
 */
export function SubscriptionGate({ children }: { children: (subscription: BillingSubscription) => ReactNode }) {
  const query = useCurrentSubscription();
  if (query.isPending) return <CardSkeleton />;
  if (query.isError) return <LoadError onRetry={() => void query.refetch()} />;
  if (!hasBillingPage(query.data)) return <Navigate to="/pricing" replace />;
  return children(query.data);
}
