import type { Notifier } from '../notifications/notification.service.ts';
import { escapeHtml } from '../mail/templates.ts';
import type { PlansRepository } from './plans.repository.ts';
import type { PaymentNotice } from './stripe/stripe-events.ts';

/**
 * What a subscriber hears when a charge of their plan succeeds or fails (in the app and by mail,
 * as their notification preferences say). A failed charge links to where the card is changed.
 */
export function paymentNotices(deps: { notifier: Notifier; plans: Pick<PlansRepository, 'getById'> }): PaymentNotice {
  return async (kind, subscription) => {
    const plan = escapeHtml((await deps.plans.getById(subscription.product_id))?.name ?? 'your plan');
    const received = kind === 'payment_received';
    const action = received
      ? { action: '/drive/payment-history', label: 'Payment history' }
      : { action: '/billing/change-payment-method', label: 'Update card' };
    await deps.notifier.notify(subscription.user_id, {
      type: received ? 'payment-received' : 'payment-failed',
      data: {
        lines: [
          {
            type: 'primary',
            content: received
              ? `We received your payment for <strong>${plan}</strong>. Thank you.`
              : `Your payment for <strong>${plan}</strong> failed. Update your card to keep your plan.`,
            action,
          },
        ],
        mainAction: action,
        subscriptionId: subscription.id,
      },
    });
  };
}
