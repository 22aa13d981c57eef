import { AlertCircle } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../api/api-error.ts';
import { useConfirmPaymentMethodChange } from '../api/subscriptions.api.ts';
import { DEFAULT_ERROR_MESSAGE } from '../api/error-handler.ts';
import { useTrans } from '../shell/i18n/useTrans.tsx';
import { useDocumentTitle } from '../shell/useDocumentTitle.ts';
import { buttonClasses } from '../ui/button-styles.ts';
import { Button } from '../ui/Button.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { toast } from '../ui/toast/toast-store.ts';
import { BillingShell } from './BillingShell.tsx';
import { cardClasses } from './card-styles.ts';
import { useConfirmOnce } from './useConfirmOnce.ts';

/** Where Stripe sends the browser after saving a card: the card becomes the plan's, then back to /billing. */
export function PaymentMethodDonePage() {
  const { trans } = useTrans();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const sessionId = search.get('session_id');
  const confirm = useConfirmOnce(sessionId, useConfirmPaymentMethodChange());
  useDocumentTitle(trans('Update card'));
  const isSuccess = confirm.isSuccess;

  useEffect(() => {
    if (!isSuccess) return;
    toast.positive(trans('Your card was updated.'));
    void navigate('/billing', { replace: true });
  }, [isSuccess, navigate, trans]);

  const failure = !sessionId
    ? trans('The checkout session is missing.')
    : confirm.isError
      ? (isApiError(confirm.error) && confirm.error.displayMessage) || trans(DEFAULT_ERROR_MESSAGE)
      : null;
  return (
    <BillingShell>
      {failure ? (
        <section role="alert" className={cardClasses}>
          <h1 className="flex items-center gap-2 text-xl font-medium text-fg">
            <AlertCircle size={24} className="shrink-0 text-danger" aria-hidden />
            {trans('We could not update your card')}
          </h1>
          <p className="mt-3 text-sm text-fg-muted">{failure}</p>
          <div className="mt-6 flex flex-wrap gap-3">
            {sessionId && <Button onPress={confirm.retry}>{trans('Try again')}</Button>}
            <Link to="/billing" className={buttonClasses('secondary')}>
              {trans('Billing')}
            </Link>
          </div>
        </section>
      ) : (
        <div className="flex flex-col items-center gap-4 py-16 text-center" aria-live="polite">
          <Spinner size={40} immediate label={trans('Saving your card...')} />
          <p className="text-base text-fg">{trans('Saving your card...')}</p>
        </div>
      )}
    </BillingShell>
  );
}

export { PaymentMethodDonePage as Component };
