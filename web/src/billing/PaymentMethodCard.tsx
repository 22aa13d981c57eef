import { CreditCard } from 'lucide-react';
import type { PaymentMethod } from '@kosh/contracts';
import { useTrans } from '../shell/i18n/useTrans.tsx';
import { paymentMethodLine } from './billing-status.ts';
import { cardClasses } from './card-styles.ts';

/** The card the plan is charged to ("Visa ending in 4242"), or that there is none. */
export function PaymentMethodCard({ method }: { method: PaymentMethod | null }) {
  const { trans } = useTrans();
  const line = paymentMethodLine(method);
  return (
    <section aria-labelledby="payment-method" className={cardClasses}>
      <h2 id="payment-method" className="text-sm font-medium text-fg-muted">
        {trans('Payment method')}
      </h2>
      <p className="mt-3 flex items-center gap-3 text-base text-fg" data-testid="payment-method">
        <CreditCard size={20} className="shrink-0 text-fg-muted" aria-hidden />
        {trans(line.message, line.values)}
      </p>
    </section>
  );
}
