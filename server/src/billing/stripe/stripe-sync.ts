import type Stripe from 'stripe';
import type { Clock } from '../../clock.ts';
import type { PlansRepository } from '../plans.repository.ts';
import type { SubscriptionRow, SubscriptionsRepository } from '../subscriptions.repository.ts';
import type { StripeGateway } from './stripe-gateway.ts';

const iso = (seconds: number | null | undefined): string | null =>
  seconds ? new Date(seconds * 1000).toISOString() : null;
const idOf = (ref: string | { id: string } | null | undefined): string | null =>
  ref ? (typeof ref === 'string' ? ref : ref.id) : null;

export type SubscriptionChanged = (before: SubscriptionRow | undefined, after: SubscriptionRow) => Promise<void>;

/** Why a gateway's object could not be matched to Kosh's records (the event is kept, not retried). */
export class UnmatchedError extends Error {
  override name = 'UnmatchedError';
}

/**
 * Copies Stripe's subscriptions and invoices into Kosh's tables. It always reads the
 * subscription back from Stripe, so events arriving twice or out of order end in Stripe's state.
 */
export class StripeSync {
  private readonly gateway: StripeGateway;
  private readonly subscriptions: SubscriptionsRepository;
  private readonly plans: Pick<PlansRepository, 'priceByGatewayId'>;
  private readonly clock: Clock;
  private readonly changed: SubscriptionChanged;
  constructor(deps: {
    gateway: StripeGateway;
    subscriptions: SubscriptionsRepository;
    plans: Pick<PlansRepository, 'priceByGatewayId'>;
    /** Told of each write with the row before it (the cancellation notice). */
    changed?: SubscriptionChanged;
    clock: Clock;
  }) {
    this.gateway = deps.gateway;
    this.subscriptions = deps.subscriptions;
    this.plans = deps.plans;
    this.changed = deps.changed ?? (async () => undefined);
    this.clock = deps.clock;
  }

  /** Reads the subscription from Stripe and writes the local copy. */
  async subscription(stripeId: string): Promise<SubscriptionRow> {
    const stripe = await this.gateway.client();
    const sub = await stripe.subscriptions.retrieve(stripeId, { expand: ['default_payment_method'] });
    const customerId = idOf(sub.customer);
    const userId = customerId ? await this.subscriptions.userOfCustomer('stripe', customerId) : undefined;
    if (userId === undefined) throw new UnmatchedError(`Stripe customer ${customerId} is not a Kosh user.`);
    const item = sub.items.data[0];
    const price = item ? await this.plans.priceByGatewayId('stripe_id', item.price.id) : undefined;
    if (!item || !price) throw new UnmatchedError(`Subscription ${sub.id} is not on a price of a Kosh plan.`);
    const periodEnd = iso(item.current_period_end);
    const endsAt =
      sub.status === 'canceled'
        ? (iso(sub.ended_at) ?? periodEnd)
        : sub.cancel_at
          ? iso(sub.cancel_at)
          : sub.cancel_at_period_end
            ? periodEnd
            : null;
    const renews = endsAt === null && ['active', 'trialing', 'past_due'].includes(sub.status);
    const before = await this.subscriptions.byGatewayId('stripe', sub.id);
    const after = await this.subscriptions.upsertFromGateway(
      {
        user_id: userId,
        product_id: price.product_id,
        price_id: price.id,
        gateway: 'stripe',
        gateway_id: sub.id,
        status: sub.status,
        renews_at: renews ? periodEnd : null,
        ends_at: endsAt,
        trial_ends_at: iso(sub.trial_end),
        payment_method: cardOf(sub.default_payment_method),
        // A plan set to renew again is reminded afresh should it be cancelled later.
        ...(endsAt === null ? { ending_notice_at: null, ended_notice_at: null } : {}),
      },
      this.clock().toISOString(),
    );
    await this.changed(before, after);
    return after;
  }

  /**
   * Records a paid or failed invoice of a subscription (once per invoice and outcome) after
   * reading its subscription back. Answers the subscription and whether the invoice is new.
   */
  async invoice(invoice: Stripe.Invoice, outcome: 'paid' | 'failed') {
    const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
    if (!subscriptionId) throw new UnmatchedError(`Invoice ${invoice.id} is not a subscription's.`);
    const subscription = await this.subscription(subscriptionId);
    const line = invoice.lines.data[0];
    const added = await this.subscriptions.addInvoice({
      user_id: subscription.user_id,
      subscription_id: subscription.id,
      product_id: subscription.product_id,
      gateway: 'stripe',
      // A failed attempt and the later payment of one invoice are two records.
      gateway_id: outcome === 'paid' ? invoice.id : `${invoice.id}#failed-${invoice.attempt_count}`,
      amount: outcome === 'paid' ? invoice.amount_paid : invoice.amount_due,
      currency: invoice.currency.toUpperCase(),
      status: outcome,
      period_start: iso(line?.period.start ?? invoice.period_start),
      period_end: iso(line?.period.end ?? invoice.period_end),
      paid_at: outcome === 'paid' ? (iso(invoice.status_transitions.paid_at) ?? this.clock().toISOString()) : null,
      created_at: iso(invoice.created) ?? this.clock().toISOString(),
    });
    return { subscription, added };
  }
}

/** The brand and last digits of a card payment method, as JSON, when Stripe expanded it. */
function cardOf(method: string | Stripe.PaymentMethod | null): string | null {
  if (!method || typeof method === 'string' || !method.card) return null;
  return JSON.stringify({ brand: method.card.brand, last4: method.card.last4 });
}
