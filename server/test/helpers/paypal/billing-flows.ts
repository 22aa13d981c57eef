import { unprocessable } from './paypal-error.ts';
import {
  addInterval,
  newId,
  regularCycle,
  type SubscriptionStatus,
  type WireSale,
  type WireSubscription,
} from './paypal-objects.ts';
import type { PayPalStore } from './paypal-store.ts';
import type { WebhookSender } from './webhook-sender.ts';

/** The buyer every approval signs in as. */
export const TEST_BUYER = { email_address: 'buyer@example.com', given_name: 'Test', surname: 'Buyer' };

const SUMMARIES: Record<string, string> = {
  'BILLING.SUBSCRIPTION.ACTIVATED': 'Subscription activated',
  'BILLING.SUBSCRIPTION.CANCELLED': 'Subscription cancelled',
  'BILLING.SUBSCRIPTION.SUSPENDED': 'Subscription suspended',
  'BILLING.SUBSCRIPTION.RE-ACTIVATED': 'Subscription re-activated',
  'BILLING.SUBSCRIPTION.EXPIRED': 'Subscription expired',
  'BILLING.SUBSCRIPTION.PAYMENT.FAILED': 'Subscription payment failed',
};

/**
 * What happens to subscriptions over time (approval, renewals, failed payments, the status actions),
 * each step emitting the webhook events PayPal sends for it, in PayPal's order.
 */
export class BillingFlows {
  private readonly store: PayPalStore;
  private readonly sender: WebhookSender;

  constructor(store: PayPalStore, sender: WebhookSender) {
    this.store = store;
    this.sender = sender;
  }

  /** The buyer agrees on the approval page: the subscription starts and its first cycle is paid. */
  async approve(subscriptionId: string): Promise<void> {
    const sub = this.subscription(subscriptionId);
    this.requireStatus(sub, ['APPROVAL_PENDING'], 'approve');
    const now = this.store.now();
    const cycle = this.cycleOf(sub);
    this.setStatus(sub, 'ACTIVE');
    sub.start_time = now;
    sub.subscriber = {
      email_address: TEST_BUYER.email_address,
      payer_id: newId('PAYER', 8),
      name: { given_name: TEST_BUYER.given_name, surname: TEST_BUYER.surname },
    };
    sub.billing_info = {
      outstanding_balance: { currency_code: cycle.pricing_scheme.fixed_price.currency_code, value: '0.00' },
      cycle_executions: [
        {
          tenure_type: 'REGULAR',
          sequence: cycle.sequence,
          cycles_completed: 0,
          cycles_remaining: cycle.total_cycles,
          current_pricing_scheme_version: 1,
          total_cycles: cycle.total_cycles,
        },
      ],
      next_billing_time: now,
      failed_payments_count: 0,
    };
    await this.emitSubscription('BILLING.SUBSCRIPTION.ACTIVATED', sub);
    await this.charge(sub);
  }

  /** Bills the next cycle: a new sale, paid up to one more interval. */
  async renew(subscriptionId: string): Promise<void> {
    const sub = this.subscription(subscriptionId);
    this.requireStatus(sub, ['ACTIVE'], 'renew');
    await this.charge(sub);
  }

  /**
   * The next cycle's payment is declined: the amount becomes outstanding and the paid-up time stays; at
   * the plan's `payment_failure_threshold` (0: never) the subscription is suspended.
   */
  async failPayment(subscriptionId: string): Promise<void> {
    const sub = this.subscription(subscriptionId);
    this.requireStatus(sub, ['ACTIVE'], 'fail a payment of');
    const billing = this.billingOf(sub);
    const price = this.cycleOf(sub).pricing_scheme.fixed_price;
    const now = this.store.now();
    billing.failed_payments_count += 1;
    billing.last_failed_payment = { amount: { ...price }, time: now, reason_code: 'PAYMENT_DENIED' };
    billing.outstanding_balance = { ...price };
    sub.update_time = now;
    await this.emitSubscription('BILLING.SUBSCRIPTION.PAYMENT.FAILED', sub);
    const threshold = this.store.get(this.store.plans, sub.plan_id).payment_preferences.payment_failure_threshold;
    if (threshold > 0 && billing.failed_payments_count >= threshold) {
      this.setStatus(sub, 'SUSPENDED', 'Payment failure threshold reached');
      await this.emitSubscription('BILLING.SUBSCRIPTION.SUSPENDED', sub);
    }
  }

  /** The last cycle has run out. */
  async expire(subscriptionId: string): Promise<void> {
    const sub = this.subscription(subscriptionId);
    this.requireStatus(sub, ['ACTIVE', 'SUSPENDED'], 'expire');
    this.setStatus(sub, 'EXPIRED');
    delete this.billingOf(sub).next_billing_time;
    await this.emitSubscription('BILLING.SUBSCRIPTION.EXPIRED', sub);
  }

  async cancel(subscriptionId: string, reason: string): Promise<void> {
    const sub = this.subscription(subscriptionId);
    this.requireStatus(sub, ['ACTIVE', 'SUSPENDED'], 'cancel');
    this.setStatus(sub, 'CANCELLED', reason);
    if (sub.billing_info) delete sub.billing_info.next_billing_time;
    await this.emitSubscription('BILLING.SUBSCRIPTION.CANCELLED', sub);
  }

  async suspend(subscriptionId: string, reason: string): Promise<void> {
    const sub = this.subscription(subscriptionId);
    this.requireStatus(sub, ['ACTIVE'], 'suspend');
    this.setStatus(sub, 'SUSPENDED', reason);
    await this.emitSubscription('BILLING.SUBSCRIPTION.SUSPENDED', sub);
  }

  /** The subscriber agrees to a plan change: the subscription moves to the new plan (paid from the next payment). */
  async revise(baToken: string): Promise<void> {
    const checkout = this.store.checkouts.get(baToken);
    if (!checkout?.revisePlanId || checkout.done) throw new Error(`no pending revision ${baToken}`);
    const sub = this.subscription(checkout.subscriptionId);
    this.requireStatus(sub, ['ACTIVE'], 'revise');
    checkout.done = true;
    sub.plan_id = checkout.revisePlanId;
    sub.update_time = this.store.now();
    await this.emitSubscription('BILLING.SUBSCRIPTION.UPDATED', sub);
  }

  async activate(subscriptionId: string, reason: string): Promise<void> {
    const sub = this.subscription(subscriptionId);
    this.requireStatus(sub, ['SUSPENDED'], 'activate');
    this.setStatus(sub, 'ACTIVE', reason);
    await this.emitSubscription('BILLING.SUBSCRIPTION.RE-ACTIVATED', sub);
  }

  /** Takes one cycle's price, moves the paid-up time one interval on and clears what was outstanding. */
  private async charge(sub: WireSubscription): Promise<void> {
    const billing = this.billingOf(sub);
    const cycle = this.cycleOf(sub);
    const price = cycle.pricing_scheme.fixed_price;
    const now = this.store.now();
    const execution = billing.cycle_executions[0];
    execution.cycles_completed += 1;
    if (execution.total_cycles > 0) execution.cycles_remaining = execution.total_cycles - execution.cycles_completed;
    billing.last_payment = { amount: { ...price }, time: now };
    const { interval_unit: unit, interval_count: count } = cycle.frequency;
    billing.next_billing_time = addInterval(billing.next_billing_time ?? now, unit, count);
    billing.outstanding_balance = { currency_code: price.currency_code, value: '0.00' };
    billing.failed_payments_count = 0;
    sub.update_time = now;
    const sale: WireSale = {
      id: newId('SALE-'),
      state: 'completed',
      amount: { total: price.value, currency: price.currency_code, details: { subtotal: price.value } },
      payment_mode: 'INSTANT_TRANSFER',
      billing_agreement_id: sub.id,
      custom: sub.custom_id,
      create_time: now,
      update_time: now,
      links: [],
    };
    const summary = `Payment completed for ${price.currency_code} ${price.value}`;
    await this.sender.emit('PAYMENT.SALE.COMPLETED', 'sale', summary, sale);
  }

  private subscription(id: string): WireSubscription {
    return this.store.get(this.store.subscriptions, id);
  }

  private cycleOf(sub: WireSubscription) {
    return regularCycle(this.store.get(this.store.plans, sub.plan_id));
  }

  private billingOf(sub: WireSubscription) {
    if (!sub.billing_info) throw new Error(`subscription ${sub.id} has not been approved`);
    return sub.billing_info;
  }

  private requireStatus(sub: WireSubscription, allowed: SubscriptionStatus[], action: string): void {
    if (allowed.includes(sub.status)) return;
    const expected = allowed.map((status) => status.toLowerCase().replace('_', ' ')).join(' or ');
    throw unprocessable(
      'SUBSCRIPTION_STATUS_INVALID',
      `Invalid subscription status for ${action} action; subscription status should be ${expected}.`,
    );
  }

  private setStatus(sub: WireSubscription, status: SubscriptionStatus, note?: string): void {
    const now = this.store.now();
    Object.assign(sub, { status, status_update_time: now, update_time: now });
    if (note !== undefined) sub.status_change_note = note;
  }

  private emitSubscription(type: string, sub: WireSubscription) {
    return this.sender.emit(type, 'subscription', SUMMARIES[type] ?? type, this.store.render(sub));
  }
}
