import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useConfirmPaymentMethodChange } from '../api/subscriptions.api.ts';
import { useTrans } from '../shell/i18n/useTrans.tsx';
import { toast } from '../ui/toast/toast-store.ts';
import { GatewayReturn } from './GatewayReturn.tsx';

/** Where Stripe sends the browser after saving a card: the card becomes the plan's, then back to /billing. */
export function PaymentMethodDonePage() {
  const { trans } = useTrans();
  const navigate = useNavigate();
  const onDone = useCallback(() => {
    toast.positive(trans('Your card was updated.'));
    void navigate('/billing', { replace: true });
  }, [navigate, trans]);
  return (
    <GatewayReturn
      param="session_id"
      mutation={useConfirmPaymentMethodChange()}
      title={trans('Update card')}
      working={trans('Saving your card...')}
      failureTitle={trans('We could not update your card')}
      missing={trans('The checkout session is missing.')}
      onDone={onDone}
    />
  );
}

export { PaymentMethodDonePage as Component };
