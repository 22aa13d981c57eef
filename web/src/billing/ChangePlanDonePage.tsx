import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { SubscriptionResponse } from '@kosh/contracts';
import { useConfirmPayPalPlanChange } from '../api/subscriptions.api.ts';
import { useTrans } from '../shell/i18n/useTrans.tsx';
import { toast } from '../ui/toast/toast-store.ts';
import { GatewayReturn } from './GatewayReturn.tsx';

/** Where PayPal sends the browser after the subscriber approved a plan change: recorded, then back to /billing. */
export function ChangePlanDonePage() {
  const { trans } = useTrans();
  const navigate = useNavigate();
  const onDone = useCallback(
    ({ subscription }: SubscriptionResponse) => {
      toast.positive(trans('Your plan is now :plan.', { plan: trans(subscription.product.name) }));
      void navigate('/billing', { replace: true });
    },
    [navigate, trans],
  );
  return (
    <GatewayReturn
      param="subscription_id"
      mutation={useConfirmPayPalPlanChange()}
      title={trans('Change plan')}
      working={trans('Changing your plan...')}
      failureTitle={trans('We could not change your plan')}
      missing={trans('The PayPal subscription is missing.')}
      onDone={onDone}
    />
  );
}

export { ChangePlanDonePage as Component };
