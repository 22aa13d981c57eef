import type Stripe from 'stripe';
import {
  type BillingSubscription,
  type ChangePlanBody,
  type ChangePlanConfirmBody,
  PLAN_CHANGE_MESSAGES,
  type PlanChangePreview,
  BILLING_MESSAGES,
} from '@kosh/contracts';
import type { Actor } from '../auth/actor.ts';
import type { Clock } from '../clock.ts';
import { conflict, notFound, validation } from '../http/app-error.ts';
import { gatewayError } from './gateway-error.ts';
import type { PlansRepository, PriceRow, ProductRow } from './plans.repository.ts';
import type { StripeCatalog } from './stripe/stripe-catalog.ts';
import type { StripeGateway } from './stripe/stripe-gateway.ts';
import type { StripeSync } from './stripe/stripe-sync.ts';
import { subscriptionState } from './subscription-state.ts';
import type { SubscriptionRow } from './subscriptions.repository.ts';
import type { SubscriptionsService } from './subscriptions.service.ts';

/**
 * Moving a subscriber to a bigger plan (spec part 2, 2 "billing/change-plan" and its confirm page).
 * The confirm page shows Stripe's own proration preview; the change sent with its proration date
 * is charged what the preview said.
 */
export class PlanChangeService {
  private readonly plans: Pick<PlansRepository, 'getById' | 'getPrice'>;
  private readonly subscriptions: SubscriptionsService;
  private readonly stripe: { gateway: StripeGateway; catalog: StripeCatalog; sync: StripeSync };
  private readonly clock: Clock;
  constructor(deps: {
    plans: Pick<PlansRepository, 'getById' | 'getPrice'>;
    subscriptions: SubscriptionsService;
    stripe: { gateway: StripeGateway; catalog: StripeCatalog; sync: StripeSync };
    clock: Clock;
  }) {
    this.plans = deps.plans;
    this.subscriptions = deps.subscriptions;
    this.stripe = deps.stripe;
    this.clock = deps.clock;
  }

  async preview(actor: Actor, body: ChangePlanBody): Promise<PlanChangePreview> {
    const { row, product, price } = await this.checked(actor, body);
    try {
      const stripe = await this.stripe.gateway.client();
      const { item, customer } = await this.atStripe(stripe, row);
      const prorationDate = Math.floor(this.clock().getTime() / 1000);
      const invoice = await stripe.invoices.createPreview({
        customer,
        subscription: row.gateway_id ?? undefined,
        subscription_details: {
          items: [{ id: item, price: await this.stripe.catalog.priceId(product, price) }],
          proration_date: prorationDate,
          // The new price starts now; what is left of the old one is credited and the rest charged at once.
          proration_behavior: 'always_invoice',
          billing_cycle_anchor: { type: 'now' },
        },
      });
      const periodEnd = Math.max(0, ...invoice.lines.data.map((line) => line.period.end));
      return {
        amount_due: invoice.amount_due / 100,
        currency: invoice.currency.toUpperCase(),
        renews_at: periodEnd ? new Date(periodEnd * 1000).toISOString() : null,
        proration_date: prorationDate,
      };
    } catch (error) {
      throw gatewayError(error);
    }
  }

  async change(actor: Actor, body: ChangePlanConfirmBody): Promise<BillingSubscription> {
    const { row, product, price } = await this.checked(actor, body);
    const gatewayId = row.gateway_id ?? '';
    try {
      const stripe = await this.stripe.gateway.client();
      await stripe.subscriptions.update(gatewayId, {
        items: [
          { id: (await this.atStripe(stripe, row)).item, price: await this.stripe.catalog.priceId(product, price) },
        ],
        cancel_at_period_end: false,
        ...(body.proration_date ? { proration_date: body.proration_date } : {}),
        proration_behavior: 'always_invoice',
        billing_cycle_anchor: { type: 'now' },
      });
      return this.subscriptions.present(await this.stripe.sync.subscription(gatewayId));
    } catch (error) {
      throw gatewayError(error);
    }
  }

  /** The caller's active Stripe subscription and a bigger plan's current price, or the refusal. */
  private async checked(
    actor: Actor,
    body: ChangePlanBody,
  ): Promise<{ row: SubscriptionRow; product: ProductRow; price: PriceRow }> {
    const row = await this.subscriptions.currentRowOf(actor.requireUser().id);
    if (!row) throw notFound(BILLING_MESSAGES.noSubscription);
    const state = subscriptionState(row, this.clock());
    if (row.gateway !== 'stripe' || !row.gateway_id || (state !== 'active' && state !== 'trialing'))
      throw conflict(PLAN_CHANGE_MESSAGES.notChangeable);
    const [product, price, current] = await Promise.all([
      this.plans.getById(body.product_id),
      this.plans.getPrice(body.price_id),
      this.plans.getById(row.product_id),
    ]);
    if (!product || product.free || product.hidden || !price || price.product_id !== product.id || price.archived_at)
      throw validation({ price_id: [BILLING_MESSAGES.unknownPrice] });
    if (price.id === row.price_id) throw validation({ price_id: [PLAN_CHANGE_MESSAGES.samePrice] });
    if (current && Number(product.available_space) <= Number(current.available_space))
      throw validation({ product_id: [PLAN_CHANGE_MESSAGES.notBigger] });
    return { row, product, price };
  }

  /** The subscription's one item (the price to swap) and its customer, as Stripe has them now. */
  private async atStripe(stripe: Stripe, row: SubscriptionRow): Promise<{ item: string; customer: string }> {
    const sub = await stripe.subscriptions.retrieve(row.gateway_id ?? '');
    const item = sub.items.data[0];
    if (!item) throw conflict(PLAN_CHANGE_MESSAGES.notChangeable);
    return { item: item.id, customer: typeof sub.customer === 'string' ? sub.customer : sub.customer.id };
  }
}
