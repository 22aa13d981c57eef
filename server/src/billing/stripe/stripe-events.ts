import type Stripe from 'stripe';
import type { EventHandler } from '../billing-events.service.ts';
import type { SubscriptionRow } from '../subscriptions.repository.ts';
import type { StripeSync } from './stripe-sync.ts';

/** What a payment event means to the subscriber (the notifications follow it). */
export type PaymentNotice = (
  kind: 'payment_received' | 'payment_failed',
  subscription: SubscriptionRow,
) => Promise<void>;

/**
 * Stripe's events Kosh acts on (the rest are kept and ignored). Each one reads the subscription
 * back from Stripe rather than trusting the event's copy, so the order they arrive in does not matter.
 */
export function stripeEventHandler(deps: { sync: StripeSync; notice: PaymentNotice }): EventHandler {
  return async (row) => {
    const event = JSON.parse(row.payload) as Stripe.Event;
    switch (event.type) {
      case 'checkout.session.completed': {
        const subscription = event.data.object.subscription;
        if (event.data.object.mode === 'subscription' && subscription)
          await deps.sync.subscription(typeof subscription === 'string' ? subscription : subscription.id);
        return;
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        await deps.sync.subscription(event.data.object.id);
        return;
      case 'invoice.paid': {
        const { subscription, added } = await deps.sync.invoice(event.data.object, 'paid');
        if (added) await deps.notice('payment_received', subscription);
        return;
      }
      case 'invoice.payment_failed': {
        const { subscription, added } = await deps.sync.invoice(event.data.object, 'failed');
        if (added) await deps.notice('payment_failed', subscription);
        return;
      }
      default:
        return;
    }
  };
}
