import type { BillingSubscription, Invoice, SubscriptionSummary } from '@kosh/contracts';
import { PaymentMethodSchema } from '@kosh/contracts';
import { presentPrice, presentProduct } from './plans.presenter.ts';
import type { PriceRow, ProductRow } from './plans.repository.ts';
import { isValidState, subscriptionState } from './subscription-state.ts';
import type { InvoiceRow, SubscriptionRow } from './subscriptions.repository.ts';

/** A subscription with its plan, the plan's current prices and the price it was sold at. */
export type SubscriptionWithPlan = {
  row: SubscriptionRow;
  product: ProductRow;
  productPrices: PriceRow[];
  price: PriceRow | undefined;
};

function paymentMethodOf(json: string | null) {
  if (!json) return null;
  try {
    const parsed = PaymentMethodSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function presentSubscription(s: SubscriptionWithPlan, now: Date): BillingSubscription {
  const state = subscriptionState(s.row, now);
  return {
    id: s.row.id,
    state,
    valid: isValidState(state),
    gateway: s.row.gateway,
    product: presentProduct(s.product, s.productPrices),
    price: s.price ? presentPrice(s.price) : null,
    renews_at: s.row.renews_at,
    ends_at: s.row.ends_at,
    trial_ends_at: s.row.trial_ends_at,
    payment_method: paymentMethodOf(s.row.payment_method),
    created_at: s.row.created_at,
  };
}

/** The subscription as `user.subscriptions` carries it (spec part 1, 3). */
export function summarizeSubscription(s: SubscriptionWithPlan, now: Date): SubscriptionSummary {
  const full = presentSubscription(s, now);
  return {
    id: full.id,
    valid: full.valid,
    active: full.state === 'active' || full.state === 'trialing',
    product: full.product,
    price: full.price ?? undefined,
  };
}

export function presentInvoice(row: InvoiceRow & { plan: string | null }): Invoice {
  return {
    id: row.id,
    plan: row.plan,
    amount: Number(row.amount) / 100,
    currency: row.currency,
    status: row.status,
    period_start: row.period_start,
    period_end: row.period_end,
    paid_at: row.paid_at,
    created_at: row.created_at,
  };
}
