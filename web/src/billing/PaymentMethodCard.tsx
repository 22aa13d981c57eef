import { CreditCard, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import type { BillingSubscription, PaymentMethod } from '@kosh/contracts';
import { useTrans } from '../shell/i18n/useTrans.tsx';
import { paymentMethodLine } from './billing-status.ts';
import { buttonClasses } from '../ui/button-styles.ts';
import { cardClasses } from './card-styles.ts';

/**
 * The card the plan is charged to ("Visa ending in 4242"), or that there is none; with
 * `canChange`, a link to change it.
 */
export function PaymentMethodCard({
  method,
  gateway,
  canChange = false,
}: {
  method: PaymentMethod | null;
  gateway?: BillingSubscription['gateway'];
  canChange?: boolean;
}) {
  const { trans } = useTrans();
  const line = paymentMethodLine(method, gateway);
  const Icon = gateway === 'paypal' ? Wallet : CreditCard;
  return (
    <section aria-labelledby="payment-method" className={cardClasses}>
      <h2 id="payment-method" className="text-sm font-medium text-fg-muted">
        {trans('Payment method')}
      </h2>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <p className="flex items-center gap-3 text-base text-fg" data-testid="payment-method">
          <Icon size={20} className="shrink-0 text-fg-muted" aria-hidden />
          {trans(line.message, line.values)}
        </p>
        {gateway === 'paypal' && (
          <p className="text-sm text-fg-muted">{trans('Change how you pay in your PayPal account.')}</p>
        )}
        {canChange && (
          <Link to="/billing/change-payment-method" className={buttonClasses('secondary')}>
            {trans('Update card')}
          </Link>
        )}
      </div>
    </section>
  );
}
