import clsx from 'clsx';
import { useState } from 'react';
import { Link } from 'react-router';
import { type BillingSubscription, formatBytes } from '@kosh/contracts';
import { useFormatDate } from '../shell/i18n/date-format.ts';
import { useTrans } from '../shell/i18n/useTrans.tsx';
import { PriceTag } from '../site/pricing/PriceTag.tsx';
import { buttonClasses } from '../ui/button-styles.ts';
import { Button } from '../ui/Button.tsx';
import { canCancel, canChangePlan, canResume, subscriptionStatusLine } from './billing-status.ts';
import { CancelPlanDialog } from './CancelPlanDialog.tsx';
import { cardClasses } from './card-styles.ts';
import { StatusBadge } from './StatusBadge.tsx';
import { usePlanActions } from './usePlanActions.ts';

function PlanActions({ subscription }: { subscription: BillingSubscription }) {
  const { trans } = useTrans();
  const { cancel, resume, isCancelling, isResuming } = usePlanActions();
  const [isConfirming, setConfirming] = useState(false);
  return (
    <>
      {canChangePlan(subscription.state) && (
        <Link to="/billing/change-plan" className={buttonClasses('secondary')}>
          {trans('Change plan')}
        </Link>
      )}
      {canResume(subscription.state) ? (
        <Button onPress={() => resume()} isPending={isResuming}>
          {trans('Renew plan')}
        </Button>
      ) : canCancel(subscription.state) ? (
        <Button variant="secondary" onPress={() => setConfirming(true)}>
          {trans('Cancel plan')}
        </Button>
      ) : null}
      {/* Kept while the cancellation runs, though the plan already reads as cancelled. */}
      {isConfirming && (
        <CancelPlanDialog
          subscription={subscription}
          isOpen
          isCancelling={isCancelling}
          onConfirm={() => cancel(() => setConfirming(false))}
          onClose={() => setConfirming(false)}
        />
      )}
    </>
  );
}

/** The plan, its storage and price, where it stands, and what can be done with it. */
export function CurrentPlanCard({ subscription }: { subscription: BillingSubscription }) {
  const { trans } = useTrans();
  const formatDate = useFormatDate();
  const { product, price, state } = subscription;
  const line = subscriptionStatusLine(subscription);
  const hasActions = canCancel(state) || canResume(state);
  return (
    <section aria-labelledby="current-plan" className={cardClasses}>
      <div className="flex items-center justify-between gap-3">
        <h2 id="current-plan" className="text-sm font-medium text-fg-muted">
          {trans('Current plan')}
        </h2>
        <StatusBadge state={state} />
      </div>
      <div className="mt-3 flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <p className="truncate text-xl font-medium text-fg" data-testid="current-plan-name">
            {trans(product.name)}
          </p>
          <p className="mt-1 text-sm text-fg-muted">
            {trans(':size storage', { size: formatBytes(product.available_space) })}
          </p>
        </div>
        {price && <PriceTag price={price} size="md" />}
      </div>
      {line && (
        <p
          className={clsx('mt-4 text-sm', state === 'past_due' ? 'text-danger' : 'text-fg')}
          data-testid="subscription-line"
        >
          {trans(line.message, { date: line.date ? formatDate(line.date) : '' })}
        </p>
      )}
      {hasActions && (
        <div className="mt-6 flex justify-end gap-3 border-t border-divider pt-4">
          <PlanActions subscription={subscription} />
        </div>
      )}
    </section>
  );
}
