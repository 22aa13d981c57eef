import {
  addInterval,
  buildLine,
  list,
  newId,
  type WirePrice,
  type WireSubscription,
  type WireSubscriptionItem,
} from './stripe-objects.ts';

/** The end of the period that starts at `start`, by the price's interval. */
export function periodAfter(start: number, price: WirePrice): number {
  const recurring = price.recurring ?? { interval: 'month', interval_count: 1 };
  return addInterval(start, recurring.interval, recurring.interval_count);
}

/**
 * A price change billed now, with the cycle restarting now (what `billing_cycle_anchor=now` does): the
 * new price less the unused part of the old one, rounded to minor units, never below 0.
 */
export function prorate(sub: WireSubscription, item: WireSubscriptionItem, price: WirePrice, now: number) {
  const total = item.current_period_end - item.current_period_start;
  const unused = total > 0 ? Math.max(0, item.current_period_end - now) / total : 0;
  const credit = Math.round(item.price.unit_amount * unused);
  const periodEnd = periodAfter(now, price);
  const lines = (invoiceId: string) => [
    buildLine({
      invoiceId,
      subscription: sub,
      item,
      price: item.price,
      amount: -credit,
      period: { start: now, end: item.current_period_end },
      isProration: true,
      description: `Unused time on ${item.price.product}`,
    }),
    buildLine({
      invoiceId,
      subscription: sub,
      item,
      price,
      amount: price.unit_amount,
      period: { start: now, end: periodEnd },
      isProration: true,
    }),
  ];
  return { amount: Math.max(0, price.unit_amount - credit), lines, periodEnd };
}

/** A new active subscription of one item, its first period starting now. */
export function buildSubscription(
  customer: string,
  price: WirePrice,
  paymentMethod: string,
  metadata: Record<string, string>,
  now: number,
): WireSubscription {
  const id = newId('sub');
  const item: WireSubscriptionItem = {
    id: newId('si'),
    object: 'subscription_item',
    created: now,
    current_period_start: now,
    current_period_end: periodAfter(now, price),
    discounts: [],
    metadata: {},
    price,
    quantity: 1,
    subscription: id,
    tax_rates: [],
  };
  const sub: WireSubscription = {
    id,
    object: 'subscription',
    billing_cycle_anchor: now,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    collection_method: 'charge_automatically',
    created: now,
    currency: price.currency,
    customer,
    default_payment_method: paymentMethod,
    ended_at: null,
    items: list([item], `/v1/subscription_items?subscription=${id}`),
    latest_invoice: null,
    livemode: false,
    metadata: { ...metadata },
    start_date: now,
    status: 'active',
    trial_end: null,
    trial_start: null,
  };
  return sub;
}
