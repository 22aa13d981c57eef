import type { EventHandler } from '../billing-events.service.ts';
import type { PaymentNotice } from '../stripe/stripe-events.ts';
import type { PayPalEvent } from './paypal-gateway.ts';
import type { PayPalSale, PayPalSync } from './paypal-sync.ts';

/** The subscription events whose news is the subscription's new state (read back from PayPal). */
const SUBSCRIPTION_EVENTS = new Set([
  'BILLING.SUBSCRIPTION.CREATED',
  'BILLING.SUBSCRIPTION.ACTIVATED',
  'BILLING.SUBSCRIPTION.RE-ACTIVATED',
  'BILLING.SUBSCRIPTION.UPDATED',
  'BILLING.SUBSCRIPTION.CANCELLED',
  'BILLING.SUBSCRIPTION.EXPIRED',
  'BILLING.SUBSCRIPTION.SUSPENDED',
]);

/**
 * PayPal's events Kosh acts on (the rest are kept and ignored). Each reads the subscription back
 * from PayPal rather than trusting the event's copy, so the order they arrive in does not matter.
 */
export function paypalEventHandler(deps: { sync: PayPalSync; notice: PaymentNotice }): EventHandler {
  return async (row) => {
    const event = JSON.parse(row.payload) as PayPalEvent;
    const resourceId = typeof event.resource?.id === 'string' ? event.resource.id : '';
    if (SUBSCRIPTION_EVENTS.has(event.event_type)) {
      if (resourceId) await deps.sync.subscription(resourceId);
      return;
    }
    if (event.event_type === 'PAYMENT.SALE.COMPLETED') {
      const { subscription, added } = await deps.sync.sale(event.resource as PayPalSale);
      if (added) await deps.notice('payment_received', subscription);
      return;
    }
    if (event.event_type === 'BILLING.SUBSCRIPTION.PAYMENT.FAILED' && resourceId) {
      const { subscription, added } = await deps.sync.failedPayment(resourceId);
      if (added) await deps.notice('payment_failed', subscription);
    }
  };
}
