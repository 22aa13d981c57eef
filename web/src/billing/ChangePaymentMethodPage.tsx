import { AlertCircle, Lock } from 'lucide-react';
import { Link } from 'react-router';
import { isApiError } from '../api/api-error.ts';
import { useStartPaymentMethodChange } from '../api/subscriptions.api.ts';
import { DEFAULT_ERROR_MESSAGE } from '../api/error-handler.ts';
import { useTrans } from '../shell/i18n/useTrans.tsx';
import { useDocumentTitle } from '../shell/useDocumentTitle.ts';
import { buttonClasses } from '../ui/button-styles.ts';
import { Button } from '../ui/Button.tsx';
import { BillingShell } from './BillingShell.tsx';
import { cardClasses } from './card-styles.ts';
import { PaymentMethodCard } from './PaymentMethodCard.tsx';
import { SubscriptionGate } from './SubscriptionGate.tsx';

/**
 * /billing/change-payment-method (spec part 2, 2): the card on file, and a way to Stripe's page
 * that saves another; the plan itself does not change.
 */
export function ChangePaymentMethodPage() {
  const { trans } = useTrans();
  const start = useStartPaymentMethodChange();
  useDocumentTitle(trans('Update card'));
  const go = () => start.mutate(undefined, { onSuccess: ({ redirect_url }) => window.location.assign(redirect_url) });
  return (
    <BillingShell>
      <h1 className="mb-6 text-xl font-medium text-fg">{trans('Update card')}</h1>
      <SubscriptionGate>
        {(subscription) => (
          <div className="flex flex-col gap-4 sm:gap-6">
            <PaymentMethodCard method={subscription.payment_method} />
            <section className={cardClasses}>
              <p className="text-base text-fg">
                {trans('Your plan stays as it is; the new card is charged from the next payment on.')}
              </p>
              {start.error && (
                <p role="alert" className="mt-3 flex items-start gap-2 text-sm text-danger">
                  <AlertCircle size={18} className="mt-0.5 shrink-0" aria-hidden />
                  {(isApiError(start.error) && start.error.displayMessage) || trans(DEFAULT_ERROR_MESSAGE)}
                </p>
              )}
              <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
                <Link to="/billing" className={buttonClasses('text')}>
                  {trans('Back')}
                </Link>
                <Button onPress={go} isPending={start.isPending || start.isSuccess}>
                  {trans('Add a new card')}
                </Button>
              </div>
              <p className="mt-3 flex items-center justify-end gap-1.5 text-xs text-fg-muted">
                <Lock size={12} aria-hidden />
                {trans('You will be taken to Stripe to save your card securely.')}
              </p>
            </section>
          </div>
        )}
      </SubscriptionGate>
    </BillingShell>
  );
}

export { ChangePaymentMethodPage as Component };
