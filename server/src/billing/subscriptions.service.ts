import { SubscriptionStatus } from '@paypal/paypal-server-sdk';
import {
  API_PLAN_MIN_BYTES,
  BILLING_MESSAGES,
  type BillingSubscription,
  type ListInvoicesQuery,
  type ListInvoicesResponse,
  type SubscriptionSummary,
} from '@kosh/contracts';
import type { Actor } from '../auth/actor.ts';
import type { Clock } from '../clock.ts';
import { conflict, forbidden, notFound } from '../http/app-error.ts';
import type { SettingsReader } from '../settings/settings.service.ts';
import { gatewayError } from './gateway-error.ts';
import type { PlansRepository } from './plans.repository.ts';
import { isValidState, subscriptionState } from './subscription-state.ts';
import {
  presentInvoice,
  presentSubscription,
  type SubscriptionWithPlan,
  summarizeSubscription,
} from './subscription.presenter.ts';
import type { SubscriptionRow, SubscriptionsRepository } from './subscriptions.repository.ts';
import type { PayPalGateway } from './paypal/paypal-gateway.ts';
import { CANCELLED_IN_KOSH, type PayPalSync } from './paypal/paypal-sync.ts';
import type { StripeGateway } from './stripe/stripe-gateway.ts';
import type { StripeSync } from './stripe/stripe-sync.ts';

/**
 * A user's subscriptions: what the billing page shows, the plan's space and the subscribed
 * checks, and the owner's cancel and renew (at the gateway, then read back).
 */
export class SubscriptionsService {
  private readonly subscriptions: SubscriptionsRepository;
  private readonly plans: Pick<PlansRepository, 'getById' | 'listCurrentPrices' | 'getPrice' | 'freePlan'>;
  private readonly settings: SettingsReader;
  private readonly stripe: StripeGateway;
  private readonly stripeSync: StripeSync;
  private readonly paypal: { gateway: PayPalGateway; sync: PayPalSync };
  private readonly clock: Clock;
  constructor(deps: {
    subscriptions: SubscriptionsRepository;
    plans: Pick<PlansRepository, 'getById' | 'listCurrentPrices' | 'getPrice' | 'freePlan'>;
    settings: SettingsReader;
    stripe: StripeGateway;
    stripeSync: StripeSync;
    paypal: { gateway: PayPalGateway; sync: PayPalSync };
    clock: Clock;
  }) {
    this.subscriptions = deps.subscriptions;
    this.plans = deps.plans;
    this.settings = deps.settings;
    this.stripe = deps.stripe;
    this.stripeSync = deps.stripeSync;
    this.paypal = deps.paypal;
    this.clock = deps.clock;
  }

  /** `user.subscriptions`: each of the user's subscriptions with its valid flag, plan and price. */
  async summariesOf(userId: number): Promise<SubscriptionSummary[]> {
    const now = this.clock();
    const rows = await this.subscriptions.listOfUser(userId);
    return Promise.all(rows.map(async (row) => summarizeSubscription(await this.withPlan(row), now)));
  }

  /** The most space among the plans of the user's valid subscriptions, or null without one. */
  async planSpaceOf(userId: number): Promise<number | null> {
    const now = this.clock();
    let best: number | null = null;
    for (const row of await this.subscriptions.listOfUser(userId)) {
      if (!isValidState(subscriptionState(row, now))) continue;
      const product = await this.plans.getById(row.product_id);
      const space = product ? Number(product.available_space) : null;
      if (space !== null && (best === null || space > best)) best = space;
    }
    return best;
  }

  /** Whether the user holds a valid subscription now (active, trialing, or cancelled in its paid period). */
  async hasValidSubscription(userId: number): Promise<boolean> {
    const now = this.clock();
    return (await this.subscriptions.listOfUser(userId)).some((row) => isValidState(subscriptionState(row, now)));
  }

  /** The free plan's space while billing is on: everyone without a subscription has it; else null. */
  async freePlanSpace(): Promise<number | null> {
    if (!(await this.settings.get<boolean>('billing.enable'))) return null;
    const free = await this.plans.freePlan();
    return free ? Number(free.available_space) : null;
  }

  /**
   * With billing on, API tokens need a valid plan of at least 1 TB (spec part 2, 6); staff-set
   * space does not count, a plan does.
   */
  async assertMayUseApi(actor: Actor): Promise<void> {
    const user = actor.requireUser();
    if (actor.isAdmin || !(await this.settings.get<boolean>('billing.enable'))) return;
    const space = await this.planSpaceOf(user.id);
    if (space === null || space < API_PLAN_MIN_BYTES) throw forbidden(BILLING_MESSAGES.apiNeedsPlan);
  }

  /** The subscription the billing page is about: a valid one, else the newest not ended. */
  async current(actor: Actor): Promise<BillingSubscription | null> {
    const row = await this.currentRowOf(actor.requireUser().id);
    return row ? presentSubscription(await this.withPlan(row), this.clock()) : null;
  }

  /** Cancels at the end of the paid period: the plan stays until then (spec: /billing/cancel). */
  async cancel(actor: Actor): Promise<BillingSubscription> {
    return this.changeAtGateway(actor, ['active', 'trialing', 'past_due'], BILLING_MESSAGES.notCancelable, true);
  }

  /** Takes back a cancellation while the paid period lasts (spec: /billing/renew). */
  async resume(actor: Actor): Promise<BillingSubscription> {
    return this.changeAtGateway(actor, ['cancelled'], BILLING_MESSAGES.notResumable, false);
  }

  async invoices(actor: Actor, query: ListInvoicesQuery): Promise<ListInvoicesResponse> {
    const userId = actor.requireUser().id;
    const { rows, total } = await this.subscriptions.invoicesOf(userId, {
      offset: (query.page - 1) * query.per_page,
      limit: query.per_page,
    });
    return {
      pagination: {
        data: rows.map(presentInvoice),
        current_page: query.page,
        last_page: Math.max(1, Math.ceil(total / query.per_page)),
        per_page: query.per_page,
        total,
      },
    };
  }

  async present(row: SubscriptionRow): Promise<BillingSubscription> {
    return presentSubscription(await this.withPlan(row), this.clock());
  }

  private async changeAtGateway(
    actor: Actor,
    from: string[],
    refusal: string,
    cancel: boolean,
  ): Promise<BillingSubscription> {
    const row = await this.currentRowOf(actor.requireUser().id);
    if (!row) throw notFound(BILLING_MESSAGES.noSubscription);
    const gatewayId = row.gateway_id;
    if (row.gateway === 'none' || !gatewayId || !from.includes(subscriptionState(row, this.clock())))
      throw conflict(refusal);
    try {
      if (row.gateway === 'paypal') return this.present(await this.changeAtPayPal(gatewayId, cancel));
      const stripe = await this.stripe.client();
      await stripe.subscriptions.update(gatewayId, { cancel_at_period_end: cancel });
      return this.present(await this.stripeSync.subscription(gatewayId));
    } catch (error) {
      throw gatewayError(error);
    }
  }

  /**
   * PayPal cancels at once, not at the end of a period: a cancel suspends instead (no charge
   * follows, the plan lasts until its paid date, and renewing reactivates it). A subscription
   * suspended after failed payments, or cancelled at PayPal itself, is cancelled for good.
   */
  private async changeAtPayPal(paypalId: string, cancel: boolean): Promise<SubscriptionRow> {
    const subscriptions = await this.paypal.gateway.subscriptions();
    const sub = await this.paypal.sync.fetch(paypalId);
    if (cancel) {
      if (sub.status === SubscriptionStatus.Active)
        await subscriptions.suspendSubscription({ id: paypalId, body: { reason: CANCELLED_IN_KOSH } });
      else if (sub.status === SubscriptionStatus.Suspended)
        await subscriptions.cancelSubscription({ id: paypalId, body: { reason: CANCELLED_IN_KOSH } });
    } else {
      if (sub.status !== SubscriptionStatus.Suspended || sub.statusChangeNote !== CANCELLED_IN_KOSH)
        throw conflict(BILLING_MESSAGES.paypalCancelledThere);
      await subscriptions.activateSubscription({ id: paypalId, body: { reason: 'Renewed by the subscriber' } });
    }
    return this.paypal.sync.subscription(paypalId);
  }

  /** The subscription the billing page is about, as stored: a valid one, else the newest not ended. */
  async currentRowOf(userId: number): Promise<SubscriptionRow | undefined> {
    const now = this.clock();
    const rows = await this.subscriptions.listOfUser(userId);
    return (
      rows.find((r) => isValidState(subscriptionState(r, now))) ??
      rows.find((r) => subscriptionState(r, now) !== 'ended')
    );
  }

  private async withPlan(row: SubscriptionRow): Promise<SubscriptionWithPlan> {
    const product = await this.plans.getById(row.product_id);
    if (!product) throw new Error(`The plan of subscription ${row.id} is gone.`);
    const [productPrices, price] = await Promise.all([
      this.plans.listCurrentPrices([product.id]),
      row.price_id === null ? undefined : this.plans.getPrice(row.price_id),
    ]);
    return { row, product, productPrices, price };
  }
}
