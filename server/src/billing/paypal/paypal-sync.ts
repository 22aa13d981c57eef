import { type Subscription, SubscriptionStatus } from '@paypal/paypal-server-sdk';
import type { Clock } from '../../clock.ts';
import type { UsersRepository } from '../../users/users.repository.ts';
import type { PlansRepository, PriceRow } from '../plans.repository.ts';
import type { SubscriptionChanged } from '../stripe/stripe-sync.ts';
import { UnmatchedError } from '../stripe/stripe-sync.ts';
import type { SubscriptionRow, SubscriptionsRepository } from '../subscriptions.repository.ts';
import type { PayPalGateway } from './paypal-gateway.ts';
import { fromPayPalValue } from './paypal-money.ts';

/**
 * The reason Kosh gives PayPal when a subscriber cancels: PayPal cannot cancel at the end of a
 * period, so Kosh suspends (no further charges, and renewable) and PayPal keeps this note, which
 * tells such a suspension from one after failed payments.
 */
export const CANCELLED_IN_KOSH = 'Cancelled by the subscriber at the end of the paid period';

/** A sale PayPal reports for a subscription (PAYMENT.SALE.COMPLETED). */
export type PayPalSale = {
  id: string;
  billing_agreement_id?: string;
  amount?: { total?: string; currency?: string };
  create_time?: string;
};

const addInterval = (from: string, price: PriceRow | undefined): string | null => {
  if (!price) return null;
  const date = new Date(from);
  const n = price.interval_count;
  if (price.interval === 'day') date.setUTCDate(date.getUTCDate() + n);
  else if (price.interval === 'week') date.setUTCDate(date.getUTCDate() + 7 * n);
  else if (price.interval === 'month') date.setUTCMonth(date.getUTCMonth() + n);
  else date.setUTCFullYear(date.getUTCFullYear() + n);
  return date.toISOString();
};

/**
 * Copies PayPal's subscriptions and payments into Kosh's tables, always reading the subscription
 * back from PayPal, so events arriving twice or out of order end in PayPal's state.
 */
export class PayPalSync {
  private readonly gateway: PayPalGateway;
  private readonly subscriptions: SubscriptionsRepository;
  private readonly plans: Pick<PlansRepository, 'priceByGatewayId'>;
  private readonly users: Pick<UsersRepository, 'getById'>;
  private readonly changed: SubscriptionChanged;
  private readonly clock: Clock;
  constructor(deps: {
    gateway: PayPalGateway;
    subscriptions: SubscriptionsRepository;
    plans: Pick<PlansRepository, 'priceByGatewayId'>;
    users: Pick<UsersRepository, 'getById'>;
    changed?: SubscriptionChanged;
    clock: Clock;
  }) {
    this.gateway = deps.gateway;
    this.subscriptions = deps.subscriptions;
    this.plans = deps.plans;
    this.users = deps.users;
    this.changed = deps.changed ?? (async () => undefined);
    this.clock = deps.clock;
  }

  /** The subscription as PayPal has it now. */
  async fetch(paypalId: string): Promise<Subscription> {
    return (await (await this.gateway.subscriptions()).getSubscription({ id: paypalId })).result;
  }

  /** Reads the subscription from PayPal and writes the local copy. */
  async subscription(paypalId: string): Promise<SubscriptionRow> {
    return this.write(await this.fetch(paypalId));
  }

  /** Writes the local copy of a subscription PayPal answered. */
  async write(sub: Subscription): Promise<SubscriptionRow> {
    const id = sub.id ?? '';
    const userId = Number(sub.customId);
    const user = Number.isSafeInteger(userId) && userId > 0 ? await this.users.getById(userId) : undefined;
    if (!user) throw new UnmatchedError(`PayPal subscription ${id} is not a Kosh user's.`);
    const price = sub.planId ? await this.plans.priceByGatewayId('paypal_id', sub.planId) : undefined;
    if (!price) throw new UnmatchedError(`PayPal subscription ${id} is not on a price of a Kosh plan.`);
    const before = await this.subscriptions.byGatewayId('paypal', id);
    const now = this.clock().toISOString();
    const next = sub.billingInfo?.nextBillingTime ?? null;
    const lastPaid = sub.billingInfo?.lastPayment?.time;
    // What the subscriber has paid for: the next charge's date, or one period after the last one.
    const paidThrough =
      next ?? before?.renews_at ?? before?.ends_at ?? (lastPaid ? addInterval(lastPaid, price) : null) ?? now;
    const { status, endsAt } = ((): { status: string; endsAt: string | null } => {
      switch (sub.status) {
        case SubscriptionStatus.Active:
          return { status: 'active', endsAt: null };
        case SubscriptionStatus.Suspended:
          return sub.statusChangeNote === CANCELLED_IN_KOSH
            ? { status: 'canceled', endsAt: paidThrough }
            : { status: 'past_due', endsAt: null };
        case SubscriptionStatus.Cancelled:
          return { status: 'canceled', endsAt: paidThrough };
        case SubscriptionStatus.Expired:
          return { status: 'canceled', endsAt: sub.statusUpdateTime ?? now };
        default:
          return { status: 'incomplete', endsAt: null };
      }
    })();
    const after = await this.subscriptions.upsertFromGateway(
      {
        user_id: user.id,
        product_id: price.product_id,
        price_id: price.id,
        gateway: 'paypal',
        gateway_id: id,
        status,
        renews_at: status === 'active' ? next : null,
        ends_at: endsAt,
        trial_ends_at: null,
        payment_method: JSON.stringify({ brand: 'PayPal', last4: '' }),
        // A plan set to renew again is reminded afresh should it be cancelled later.
        ...(endsAt === null ? { ending_notice_at: null, ended_notice_at: null } : {}),
      },
      now,
    );
    await this.changed(before, after);
    return after;
  }

  /**
   * A plan cancelled in Kosh stays suspended at PayPal through its paid period (so it can be
   * renewed); once it ended, it is cancelled there for good.
   */
  async closeEnded(row: SubscriptionRow): Promise<void> {
    if (row.gateway !== 'paypal' || !row.gateway_id) return;
    const sub = await this.fetch(row.gateway_id);
    if (sub.status !== SubscriptionStatus.Suspended || sub.statusChangeNote !== CANCELLED_IN_KOSH) return;
    const subscriptions = await this.gateway.subscriptions();
    await subscriptions.cancelSubscription({ id: row.gateway_id, body: { reason: 'The paid period ended' } });
    await this.subscription(row.gateway_id);
  }

  /** Records a completed sale of a subscription once, after reading the subscription back. */
  async sale(sale: PayPalSale) {
    if (!sale.billing_agreement_id) throw new UnmatchedError(`Sale ${sale.id} is not a subscription's.`);
    const subscription = await this.subscription(sale.billing_agreement_id);
    const currency = (sale.amount?.currency ?? 'USD').toUpperCase();
    const paidAt = sale.create_time ?? this.clock().toISOString();
    const added = await this.subscriptions.addInvoice({
      user_id: subscription.user_id,
      subscription_id: subscription.id,
      product_id: subscription.product_id,
      gateway: 'paypal',
      gateway_id: sale.id,
      amount: fromPayPalValue(sale.amount?.total, currency),
      currency,
      status: 'paid',
      period_start: paidAt,
      period_end: subscription.renews_at ?? subscription.ends_at,
      paid_at: paidAt,
      created_at: paidAt,
    });
    return { subscription, added };
  }

  /** Records a failed payment PayPal reports on a subscription, once per failure. */
  async failedPayment(paypalId: string) {
    const sub = await this.fetch(paypalId);
    const subscription = await this.write(sub);
    const failed = sub.billingInfo?.lastFailedPayment;
    const at = failed?.time ?? this.clock().toISOString();
    const currency = (failed?.amount.currencyCode ?? 'USD').toUpperCase();
    const added = await this.subscriptions.addInvoice({
      user_id: subscription.user_id,
      subscription_id: subscription.id,
      product_id: subscription.product_id,
      gateway: 'paypal',
      gateway_id: `${paypalId}#failed-${at}`,
      amount: fromPayPalValue(failed?.amount.value, currency),
      currency,
      status: 'failed',
      period_start: at,
      period_end: null,
      paid_at: null,
      created_at: at,
    });
    return { subscription, added };
  }
}
