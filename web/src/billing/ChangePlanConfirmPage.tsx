import { AlertCircle } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { type BillingSubscription, formatBytes, type Price, type Product } from '@kosh/contracts';
import { useProducts } from '../api/billing.api.ts';
import { useChangePlan, usePlanChangePreview } from '../api/subscriptions.api.ts';
import { isApiError } from '../api/api-error.ts';
import { DEFAULT_ERROR_MESSAGE } from '../api/error-handler.ts';
import { useFormatDate } from '../shell/i18n/date-format.ts';
import { useTrans } from '../shell/i18n/useTrans.tsx';
import { useAuth } from '../shell/useAuth.ts';
import { useDocumentTitle } from '../shell/useDocumentTitle.ts';
import { formatAmount } from '../site/pricing/plan-pricing.ts';
import { PriceTag } from '../site/pricing/PriceTag.tsx';
import { buttonClasses } from '../ui/button-styles.ts';
import { Button } from '../ui/Button.tsx';
import { toast } from '../ui/toast/toast-store.ts';
import { BillingShell } from './BillingShell.tsx';
import { cardClasses } from './card-styles.ts';
import { CardSkeleton, SubscriptionGate } from './SubscriptionGate.tsx';

/** PayPal does not prorate: the change waits for the subscriber's approval and is paid from the next payment. */
const PAYPAL_CHANGE_NOTE = 'The new plan starts once you approve it at PayPal; nothing is charged today.';

function PlanLine({ label, product, price }: { label: string; product: Product; price: Price | null }) {
  const { trans } = useTrans();
  return (
    <div className="flex items-start justify-between gap-4 py-3">
      <div className="min-w-0">
        <p className="text-sm text-fg-muted">{label}</p>
        <p className="truncate text-base font-medium text-fg">{trans(product.name)}</p>
        <p className="text-sm text-fg-muted">
          {trans(':size storage', { size: formatBytes(product.available_space) })}
        </p>
      </div>
      {price && <PriceTag price={price} size="md" />}
    </div>
  );
}

function Confirmation({ current, product, price }: { current: BillingSubscription; product: Product; price: Price }) {
  const { trans, language } = useTrans();
  const formatDate = useFormatDate();
  const navigate = useNavigate();
  const preview = usePlanChangePreview({ product_id: product.id, price_id: price.id });
  const change = useChangePlan();
  const atPayPal = preview.data?.charged === 'next_payment';
  const confirm = () => {
    if (!preview.data) return;
    change.mutate(
      { product_id: product.id, price_id: price.id, proration_date: preview.data.proration_date },
      {
        onSuccess: ({ redirect_url }) => {
          // PayPal: the subscriber approves the change on PayPal's page, which returns to the done route.
          if (redirect_url) return window.location.assign(redirect_url);
          toast.positive(trans('Your plan is now :plan.', { plan: trans(product.name) }));
          void navigate('/billing', { replace: true });
        },
      },
    );
  };
  const error = preview.error ?? change.error;
  return (
    <section aria-labelledby="confirm-change" className={cardClasses}>
      <h1 id="confirm-change" className="text-xl font-medium text-fg">
        {trans('Confirm plan change')}
      </h1>
      <div className="mt-4 divide-y divide-divider border-y border-divider">
        <PlanLine label={trans('Current plan')} product={current.product} price={current.price} />
        <PlanLine label={trans('New plan')} product={product} price={price} />
      </div>
      <div className="mt-4" aria-live="polite">
        {preview.isPending ? (
          <CardSkeleton className="h-16" />
        ) : preview.data && atPayPal ? (
          <>
            <div className="flex items-center justify-between gap-4">
              <span className="text-base font-medium text-fg">{trans('From your next payment')}</span>
              <span className="text-xl font-semibold text-fg" data-testid="change-due">
                {formatAmount(preview.data.amount_due, preview.data.currency, language)}
              </span>
            </div>
            <p className="mt-2 text-sm text-fg-muted">
              {trans(PAYPAL_CHANGE_NOTE)}{' '}
              {preview.data.renews_at
                ? trans('Its price is charged from your next payment on :date.', {
                    date: formatDate(preview.data.renews_at),
                  })
                : trans('Its price is charged from your next payment.')}
            </p>
          </>
        ) : preview.data ? (
          <>
            <div className="flex items-center justify-between gap-4">
              <span className="text-base font-medium text-fg">{trans('Due today')}</span>
              <span className="text-xl font-semibold text-fg" data-testid="change-due">
                {formatAmount(preview.data.amount_due, preview.data.currency, language)}
              </span>
            </div>
            <p className="mt-2 text-sm text-fg-muted">
              {preview.data.renews_at
                ? trans(
                    'The new plan starts now. What is left of your current plan is credited, and it renews on :date.',
                    {
                      date: formatDate(preview.data.renews_at),
                    },
                  )
                : trans('The new plan starts now. What is left of your current plan is credited.')}
            </p>
          </>
        ) : null}
        {error && (
          <p role="alert" className="mt-3 flex items-start gap-2 text-sm text-danger">
            <AlertCircle size={18} className="mt-0.5 shrink-0" aria-hidden />
            {(isApiError(error) && error.displayMessage) || trans(DEFAULT_ERROR_MESSAGE)}
          </p>
        )}
      </div>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Link to="/billing/change-plan" className={buttonClasses('text')}>
          {trans('Back')}
        </Link>
        <Button
          onPress={confirm}
          isPending={change.isPending || change.data?.redirect_url !== undefined}
          isDisabled={!preview.data}
        >
          {atPayPal ? trans('Continue to PayPal') : trans('Confirm change')}
        </Button>
      </div>
    </section>
  );
}

/**
 * /billing/change-plan/{productId}/{priceId}/confirm (spec part 2, 2): what changes and when,
 * with the gateway's proration, before the change is made.
 */
export function ChangePlanConfirmPage() {
  const { trans } = useTrans();
  const { productId, priceId } = useParams();
  const { user } = useAuth();
  const products = useProducts(user?.id ?? null);
  useDocumentTitle(trans('Confirm plan change'));
  const product = products.data?.find((p) => String(p.id) === productId);
  const price = product?.prices.find((p) => String(p.id) === priceId);
  return (
    <BillingShell>
      <SubscriptionGate>
        {(current) =>
          products.isPending ? (
            <CardSkeleton />
          ) : product && price ? (
            <Confirmation current={current} product={product} price={price} />
          ) : (
            <section className={cardClasses}>
              <p className="text-base text-fg">{trans('This plan is not offered to you.')}</p>
              <Link to="/billing/change-plan" className={buttonClasses('secondary', 'md', 'mt-4')}>
                {trans('Change plan')}
              </Link>
            </section>
          )
        }
      </SubscriptionGate>
    </BillingShell>
  );
}

export { ChangePlanConfirmPage as Component };
