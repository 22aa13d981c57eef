import { AlertCircle } from 'lucide-react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../api/api-error.ts';
import { useConfirmCheckout } from '../api/subscriptions.api.ts';
import { DEFAULT_ERROR_MESSAGE } from '../api/error-handler.ts';
import { useTrans } from '../shell/i18n/useTrans.tsx';
import { PublicLayout } from '../shell/layout/PublicLayout.tsx';
import { useDocumentTitle } from '../shell/useDocumentTitle.ts';
import { buttonClasses } from '../ui/button-styles.ts';
import { Button } from '../ui/Button.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { PaymentSuccess } from './PaymentSuccess.tsx';
import { useConfirmOnce } from './useConfirmOnce.ts';

/**
 * Where the gateway sends the browser after paying: Stripe to
 * /checkout/:productId/:priceId/stripe/done?session_id=, PayPal to …/paypal/done?subscription_id=.
 * The server checks it, the user is reloaded with the new plan, and the page says so.
 */
export function CheckoutDonePage() {
  const { trans } = useTrans();
  const { productId, priceId } = useParams();
  const [search] = useSearchParams();
  const gateway = useLocation().pathname.endsWith('/paypal/done') ? 'paypal' : 'stripe';
  const sessionId = search.get(gateway === 'paypal' ? 'subscription_id' : 'session_id');
  const confirm = useConfirmOnce(sessionId, useConfirmCheckout(gateway));
  useDocumentTitle(trans(confirm.isSuccess ? 'Payment successful' : 'Checkout'));

  const failure = !sessionId
    ? trans('The checkout session is missing.')
    : confirm.isError
      ? (isApiError(confirm.error) && confirm.error.displayMessage) || trans(DEFAULT_ERROR_MESSAGE)
      : null;

  return (
    <PublicLayout>
      <div className="mx-auto w-full max-w-[560px] px-4 py-12 sm:px-6 sm:py-16">
        {confirm.isSuccess ? (
          <PaymentSuccess subscription={confirm.data.subscription} />
        ) : failure ? (
          <div role="alert" className="rounded-kosh-lg bg-bg p-6 shadow-sm ring-1 ring-divider">
            <h1 className="flex items-center gap-2 text-xl font-medium text-fg">
              <AlertCircle size={24} className="shrink-0 text-danger" aria-hidden />
              {trans('We could not confirm your payment')}
            </h1>
            <p className="mt-3 text-sm text-fg-muted">{failure}</p>
            <div className="mt-6 flex flex-wrap gap-3">
              {sessionId && (
                <Button variant="primary" onPress={confirm.retry}>
                  {trans('Try again')}
                </Button>
              )}
              <Link to={`/checkout/${productId}/${priceId}`} className={buttonClasses('secondary')}>
                {trans('Back to checkout')}
              </Link>
            </div>
          </div>
        ) : (
          <div className="flex flex-col items-center gap-4 py-16 text-center" aria-live="polite">
            <Spinner size={40} immediate label={trans('Confirming your payment...')} />
            <p className="text-base text-fg">{trans('Confirming your payment...')}</p>
          </div>
        )}
      </div>
    </PublicLayout>
  );
}

export { CheckoutDonePage as Component };
