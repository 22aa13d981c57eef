import { CheckCircle2 } from 'lucide-react';
import { Link } from 'react-router';
import { type BillingSubscription, formatBytes } from '@kosh/contracts';
import { useTrans } from '../shell/i18n/useTrans.tsx';
import { buttonClasses } from '../ui/button-styles.ts';
import { PriceTag } from '../site/pricing/PriceTag.tsx';

/** The end of a checkout: the plan is active, with the way into the drive and to billing. */
export function PaymentSuccess({ subscription }: { subscription: BillingSubscription }) {
  const { trans } = useTrans();
  const { product, price } = subscription;
  return (
    <section
      aria-labelledby="payment-success"
      className="flex flex-col items-center rounded-kosh-lg bg-bg px-6 py-10 text-center shadow-sm ring-1 ring-divider"
    >
      <CheckCircle2 size={56} className="text-positive" aria-hidden />
      <h1 id="payment-success" className="mt-4 text-2xl font-medium text-fg">
        {trans('Payment successful')}
      </h1>
      <p className="mt-2 text-base text-fg-muted">{trans('Your plan is now active.')}</p>
      <div className="mt-6 w-full max-w-[360px] rounded-kosh bg-bg-alt p-4 text-left">
        <p className="truncate text-base font-medium text-fg" data-testid="success-plan">
          {trans(product.name)}
        </p>
        <p className="mt-1 text-sm text-fg-muted">
          {trans(':size storage', { size: formatBytes(product.available_space) })}
        </p>
        {price && (
          <p className="mt-2">
            <PriceTag price={price} size="md" />
          </p>
        )}
      </div>
      <div className="mt-8 flex w-full flex-col items-center gap-3 sm:w-auto sm:flex-row">
        <Link to="/drive" className={buttonClasses('primary', 'lg', 'w-full sm:w-auto')}>
          {trans('Go to drive')}
        </Link>
        <Link to="/billing" className={buttonClasses('text', 'lg', 'w-full sm:w-auto')}>
          {trans('View billing')}
        </Link>
      </div>
    </section>
  );
}
