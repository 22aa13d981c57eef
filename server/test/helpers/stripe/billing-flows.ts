import { StripeApiError, invalidParam, resourceMissing } from './api-error.ts';
import {
  buildInvoice,
  buildPaymentMethod,
  newId,
  type WireInvoice,
  type WirePrice,
  type WireSetupIntent,
  type WireSubscription,
} from './stripe-objects.ts';
import { type MetadataInput, mergeMetadata, type StripeStore } from './stripe-store.ts';
import { CouponStore } from './coupon-store.ts';
import { buildSubscription, periodAfter, prorate } from './subscription-math.ts';
import type { WebhookSender } from './webhook-sender.ts';

/** Stripe's test card that is declined at payment (`card_declined`). */
export const DECLINED_CARD = '4000000000000341';

export type SubscriptionUpdate = {
  cancelAtPeriodEnd?: boolean;
  metadata?: MetadataInput;
  defaultPaymentMethod?: string;
  itemId?: string;
  price?: string;
  prorationBehavior?: string;
  billingCycleAnchor?: string;
};

export type PreviewInput = { customer?: string; subscription?: string; itemId?: string; price?: string };

/** Top-level fields that differ, with their old values: Stripe's `data.previous_attributes`. */
function changedFields(before: object, after: object): Record<string, unknown> {
  const old = before as Record<string, unknown>;
  const now = after as Record<string, unknown>;
  const changed: Record<string, unknown> = {};
  for (const key of Object.keys(now)) {
    if (JSON.stringify(old[key]) !== JSON.stringify(now[key])) changed[key] = old[key];
  }
  return changed;
}

/**
 * What happens to subscriptions over time (checkout, changes, renewals, failures, cancellation), each
 * step emitting the webhook events Stripe sends for it, in Stripe's order.
 */
export class BillingFlows {
  private readonly store: StripeStore;
  private readonly sender: WebhookSender;
  private readonly discounts: CouponStore | undefined;

  constructor(store: StripeStore, sender: WebhookSender, discounts?: CouponStore) {
    this.store = store;
    this.sender = sender;
    this.discounts = discounts;
  }

  /** Pays a session's first invoice with `card`; a `promotionCode` typed on the page discounts that invoice. */
  async completeCheckout(sessionId: string, card = '4242 4242 4242 4242', promotionCode?: string): Promise<void> {
    const { store } = this;
    const session = store.get(store.sessions, 'checkout.session', sessionId);
    if (session.status !== 'open') throw new StripeApiError(400, `Checkout session ${sessionId} is ${session.status}.`);
    const promotion = promotionCode ? this.promotionFor(session.allow_promotion_codes, promotionCode) : undefined;
    if (card.replace(/\D/g, '') === DECLINED_CARD) {
      throw new StripeApiError(402, 'Your card was declined.', 'card_error', undefined, 'card_declined');
    }
    const now = store.now();
    const customerId = session.customer ?? store.createCustomer({}).id;
    const paymentMethod = buildPaymentMethod(card, customerId, now);
    store.paymentMethods.set(paymentMethod.id, paymentMethod);
    const extras = store.sessionExtras.get(sessionId);
    Object.assign(session, { status: 'complete', customer: customerId });
    if (session.mode === 'setup') {
      // As at Stripe: the card is saved on a SetupIntent and attached to the customer; making it the
      // subscription's default is the merchant's call (subscriptions.update), not Checkout's.
      const intent: WireSetupIntent = {
        id: session.setup_intent ?? newId('seti'),
        object: 'setup_intent',
        created: now,
        livemode: false,
        usage: 'off_session',
        customer: customerId,
        payment_method: paymentMethod.id,
        status: 'succeeded',
        metadata: { ...(session.metadata ?? {}), ...(extras?.setupMetadata ?? {}) },
      };
      store.setupIntents.set(intent.id, intent);
      session.setup_intent = intent.id;
      await this.sender.emit('checkout.session.completed', store.render(session));
      await this.sender.emit('setup_intent.succeeded', store.render(intent));
      return;
    }
    const price = store.get(store.prices, 'price', extras?.price ?? '');
    const sub = buildSubscription(customerId, price, paymentMethod.id, extras?.subscriptionMetadata ?? {}, now);
    store.subscriptions.set(sub.id, sub);
    const item = sub.items.data[0];
    const discount = promotion ? CouponStore.discountOf(promotion.coupon, price.unit_amount) : 0;
    const invoice = buildInvoice({
      subscription: sub,
      item,
      amount: price.unit_amount - discount,
      periodStart: item.current_period_start,
      periodEnd: item.current_period_end,
      isPaid: true,
      billingReason: 'subscription_create',
      now,
    });
    invoice.subtotal = price.unit_amount;
    store.invoices.set(invoice.id, invoice);
    sub.latest_invoice = invoice.id;
    if (promotion) this.discounts?.redeem(promotion.promotionCode);
    Object.assign(session, {
      payment_status: 'paid',
      subscription: sub.id,
      invoice: invoice.id,
      amount_total: invoice.total,
    });
    await this.sender.emit('checkout.session.completed', store.render(session));
    await this.sender.emit('customer.subscription.created', store.render(sub));
    await this.sender.emit('invoice.paid', store.render(invoice));
  }

  /** The coupon a code typed at Checkout gives; refused when the session takes no codes or the code is not valid. */
  private promotionFor(isAllowed: boolean | null, code: string) {
    if (!isAllowed || !this.discounts) throw invalidParam('promotion_code', 'This checkout does not take codes.');
    return this.discounts.redeemable(code.trim());
  }

  async updateSubscription(id: string, input: SubscriptionUpdate): Promise<WireSubscription> {
    const { store } = this;
    const sub = store.get(store.subscriptions, 'subscription', id);
    if (
      sub.status === 'canceled' &&
      Object.entries(input).some(([key, value]) => key !== 'metadata' && value !== undefined)
    ) {
      throw invalidParam('id', 'A canceled subscription can only update its cancellation_details and metadata.');
    }
    if (input.defaultPaymentMethod) {
      store.get(store.paymentMethods, 'payment_method', input.defaultPaymentMethod, 'default_payment_method');
    }
    const item = sub.items.data[0];
    if (input.itemId && input.itemId !== item.id) {
      throw resourceMissing('subscription_item', input.itemId, 'items[0][id]');
    }
    const price = input.price ? this.recurringPrice(input.price, 'items[0][price]') : undefined;
    const now = store.now();
    let invoice: WireInvoice | undefined;
    await this.change(sub, () => {
      if (input.cancelAtPeriodEnd === true) {
        Object.assign(sub, { cancel_at_period_end: true, cancel_at: item.current_period_end, canceled_at: now });
      } else if (input.cancelAtPeriodEnd === false) {
        Object.assign(sub, { cancel_at_period_end: false, cancel_at: null, canceled_at: null });
      }
      sub.metadata = mergeMetadata(sub.metadata, input.metadata);
      if (input.defaultPaymentMethod) sub.default_payment_method = input.defaultPaymentMethod;
      if (price && price.id !== item.price.id) invoice = this.changePrice(sub, price, input, now);
    });
    if (invoice) await this.sender.emit('invoice.paid', store.render(invoice));
    return sub;
  }

  async cancelSubscription(id: string): Promise<WireSubscription> {
    const sub = this.store.get(this.store.subscriptions, 'subscription', id);
    if (sub.status === 'canceled') throw invalidParam('id', `Subscription ${id} is already canceled.`);
    const now = this.store.now();
    Object.assign(sub, { status: 'canceled', canceled_at: sub.canceled_at ?? now, ended_at: now });
    await this.sender.emit('customer.subscription.deleted', this.store.render(sub));
    return sub;
  }

  /**
   * A price change charges the new price for a period starting now, less the unused part of the old
   * price (what `billing_cycle_anchor=now` does); with no change, the next renewal's invoice.
   */
  preview(input: PreviewInput): WireInvoice {
    const { store } = this;
    if (!input.subscription) throw invalidParam('subscription', 'The stand-in previews subscriptions only.');
    const sub = store.get(store.subscriptions, 'subscription', input.subscription, 'subscription');
    if (input.customer && input.customer !== sub.customer) throw invalidParam('customer', 'Customer mismatch.');
    const item = sub.items.data[0];
    if (input.itemId && input.itemId !== item.id) {
      throw resourceMissing('subscription_item', input.itemId, 'subscription_details[items][0][id]');
    }
    const now = store.now();
    const base = { subscription: sub, item, isPaid: false, now, id: newId('upcoming_in') };
    let invoice: WireInvoice;
    if (input.price && input.price !== item.price.id) {
      const price = this.recurringPrice(input.price, 'subscription_details[items][0][price]');
      const { amount, lines, periodEnd } = prorate(sub, item, price, now);
      invoice = buildInvoice({ ...base, amount, periodStart: now, periodEnd, billingReason: 'upcoming', lines });
    } else {
      const periodEnd = periodAfter(item.current_period_end, item.price);
      const periodStart = item.current_period_end;
      invoice = buildInvoice({
        ...base,
        amount: item.price.unit_amount,
        periodStart,
        periodEnd,
        billingReason: 'upcoming',
      });
    }
    return { ...invoice, status: 'draft', attempt_count: 0, attempted: false, next_payment_attempt: null };
  }

  /** The next charge succeeds: pays an open (failed) invoice, or else bills the next period. */
  async renew(subscriptionId: string): Promise<void> {
    const sub = this.active(subscriptionId);
    if (sub.cancel_at_period_end) throw new Error(`${subscriptionId} ends at period end: call endPeriod`);
    const open = sub.latest_invoice ? this.store.invoices.get(sub.latest_invoice) : undefined;
    const now = this.store.now();
    let invoice: WireInvoice | undefined;
    const after = await this.change(
      sub,
      () => {
        if (open?.status === 'open') {
          const transitions = { ...open.status_transitions, paid_at: now };
          Object.assign(open, { status: 'paid', amount_paid: open.amount_due, amount_remaining: 0 });
          Object.assign(open, { next_payment_attempt: null, status_transitions: transitions });
          invoice = open;
        } else invoice = this.billNextPeriod(sub, true, now);
        sub.status = 'active';
      },
      false,
    );
    if (invoice) await this.sender.emit('invoice.paid', this.store.render(invoice));
    await after();
  }

  /** The renewal charge is declined: the period moves on, its invoice stays open, the subscription is past_due. */
  async failPayment(subscriptionId: string): Promise<void> {
    const sub = this.active(subscriptionId);
    let invoice: WireInvoice | undefined;
    const after = await this.change(
      sub,
      () => {
        invoice = this.billNextPeriod(sub, false, this.store.now());
        sub.status = 'past_due';
      },
      false,
    );
    if (invoice) await this.sender.emit('invoice.payment_failed', this.store.render(invoice));
    await after();
  }

  /** A subscription set to cancel at period end reaches it. */
  async endPeriod(subscriptionId: string): Promise<void> {
    const sub = this.active(subscriptionId);
    if (!sub.cancel_at_period_end) throw new Error(`${subscriptionId} is not set to cancel at period end`);
    Object.assign(sub, { status: 'canceled', ended_at: this.store.now() });
    await this.sender.emit('customer.subscription.deleted', this.store.render(sub));
  }

  private active(subscriptionId: string): WireSubscription {
    const sub = this.store.subscriptions.get(subscriptionId);
    if (!sub) throw new Error(`no subscription ${subscriptionId}`);
    if (sub.status === 'canceled') throw new Error(`${subscriptionId} is canceled`);
    return sub;
  }

  /**
   * Applies `update` and sends customer.subscription.updated with the previous attributes when anything
   * changed; with `isNow` false, answers a function that sends it later (after an invoice event).
   */
  private async change(sub: WireSubscription, update: () => void, isNow = true): Promise<() => Promise<void>> {
    const before = this.store.render(sub);
    update();
    const after = this.store.render(sub);
    const previous = changedFields(before, after);
    const send = async () => {
      if (Object.keys(previous).length) await this.sender.emit('customer.subscription.updated', after, previous);
    };
    if (isNow) await send();
    return send;
  }

  private recurringPrice(id: string, param: string): WirePrice {
    const price = this.store.get(this.store.prices, 'price', id, param);
    if (!price.recurring) throw invalidParam(param, 'The price must be recurring.');
    return price;
  }

  /** Swaps the item's price; a new interval or `always_invoice` restarts the period now and bills the proration. */
  private changePrice(sub: WireSubscription, price: WirePrice, input: SubscriptionUpdate, now: number) {
    const item = sub.items.data[0];
    const old = item.price.recurring;
    const isNewInterval =
      old?.interval !== price.recurring?.interval || old?.interval_count !== price.recurring?.interval_count;
    const isReset = isNewInterval || input.prorationBehavior === 'always_invoice' || input.billingCycleAnchor === 'now';
    if (!isReset) {
      item.price = price;
      return undefined;
    }
    const { amount, lines, periodEnd } = prorate(sub, item, price, now);
    const proration = input.prorationBehavior === 'none' ? price.unit_amount : amount;
    const invoice = buildInvoice({
      subscription: sub,
      item,
      amount: proration,
      periodStart: now,
      periodEnd,
      isPaid: true,
      billingReason: 'subscription_update',
      now,
      lines: input.prorationBehavior === 'none' ? undefined : lines,
    });
    this.store.invoices.set(invoice.id, invoice);
    Object.assign(item, { price, current_period_start: now, current_period_end: periodEnd });
    Object.assign(sub, { billing_cycle_anchor: now, latest_invoice: invoice.id });
    if (sub.cancel_at_period_end) sub.cancel_at = periodEnd;
    return invoice;
  }

  private billNextPeriod(sub: WireSubscription, isPaid: boolean, now: number): WireInvoice {
    const item = sub.items.data[0];
    const periodStart = item.current_period_end;
    const periodEnd = periodAfter(periodStart, item.price);
    Object.assign(item, { current_period_start: periodStart, current_period_end: periodEnd });
    const invoice = buildInvoice({
      subscription: sub,
      item,
      amount: item.price.unit_amount,
      periodStart,
      periodEnd,
      isPaid,
      billingReason: 'subscription_cycle',
      now,
    });
    this.store.invoices.set(invoice.id, invoice);
    sub.latest_invoice = invoice.id;
    return invoice;
  }
}
