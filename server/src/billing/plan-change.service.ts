import { ExperienceContextShippingPreference } from '@paypal/paypal-server-sdk';
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
import type { PayPalCatalog } from './paypal/paypal-catalog.ts';
import type { PayPalGateway } from './paypal/paypal-gateway.ts';
import type { PayPalSync } from './paypal/paypal-sync.ts';
import { toMajorUnits } from './plans.presenter.ts';
import type { StripeCatalog } from './stripe/stripe-catalog.ts';
import type { StripeGateway } from './stripe/stripe-gateway.ts';
import type { StripeSync } from './stripe/stripe-sync.ts';
import { subscriptionState } from './subscription-state.ts';
import type { SubscriptionRow } from './subscriptions.repository.ts';
import type { SubscriptionsService } from './subscriptions.service.ts';

type PayPalParts = { gateway: PayPalGateway; catalog: PayPalCatalog; sync: PayPalSync };

/**
 * Moving a subscriber to a bigger plan (spec part 2, 2 "billing/change-plan" and its confirm page).
 * Stripe: the confirm page shows Stripe's own proration preview; the change sent with its proration
 * date is charged what the preview said. PayPal: the subscription is revised to the new price's
 * PayPal plan once the subscriber approves it on PayPal's page; PayPal charges the new price from
 * the next payment and does not prorate.
 */
export class PlanChangeService {
  private readonly plans: Pick<PlansRepository, 'getById' | 'getPrice'>;
  private readonly subscriptions: SubscriptionsService;
  private readonly stripe: { gateway: StripeGateway; catalog: StripeCatalog; sync: StripeSync };
  private readonly paypal: PayPalParts;
  private readonly clock: Clock;
  constructor(deps: {
    plans: Pick<PlansRepository, 'getById' | 'getPrice'>;
    subscriptions: SubscriptionsService;
    stripe: { gateway: StripeGateway; catalog: StripeCatalog; sync: StripeSync };
    paypal: PayPalParts;
    clock: Clock;
  }) {
    this.plans = deps.plans;
    this.subscriptions = deps.subscriptions;
    this.stripe = deps.stripe;
    this.paypal = deps.paypal;
    this.clock = deps.clock;
  }

  async preview(actor: Actor, body: ChangePlanBody): Promise<PlanChangePreview> {
    const { row, product, price } = await this.checked(actor, body);
    if (row.gateway === 'paypal')
      return {
        amount_due: toMajorUnits(Number(price.amount)),
        charged: 'next_payment',
        currency: price.currency.toUpperCase(),
        renews_at: row.renews_at,
        proration_date: Math.floor(this.clock().getTime() / 1000),
      };
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
        charged: 'now',
        currency: invoice.currency.toUpperCase(),
        renews_at: periodEnd ? new Date(periodEnd * 1000).toISOString() : null,
        proration_date: prorationDate,
      };
    } catch (error) {
      throw gatewayError(error);
    }
  }

  async change(
    actor: Actor,
    body: ChangePlanConfirmBody,
    baseUrl: string,
  ): Promise<{ subscription?: BillingSubscription; redirect_url?: string }> {
    const { row, product, price } = await this.checked(actor, body);
    const gatewayId = row.gateway_id ?? '';
    if (row.gateway === 'paypal')
      return { redirect_url: await this.reviseAtPayPal(gatewayId, product, price, baseUrl) };
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
      return { subscription: await this.subscriptions.present(await this.stripe.sync.subscription(gatewayId)) };
    } catch (error) {
      throw gatewayError(error);
    }
  }

  /**
   * On return from PayPal's page: the subscription is read back from PayPal, on whichever plan
   * PayPal has it (the change's webhook may have recorded it already).
   */
  async confirmPayPal(actor: Actor, subscriptionId: string): Promise<BillingSubscription> {
    const row = await this.subscriptions.currentRowOf(actor.requireUser().id);
    if (row?.gateway !== 'paypal' || row.gateway_id !== subscriptionId) throw notFound(BILLING_MESSAGES.noSubscription);
    try {
      return this.subscriptions.present(await this.paypal.sync.subscription(subscriptionId));
    } catch (error) {
      throw gatewayError(error);
    }
  }

  /** Asks PayPal to move the subscription to the price's PayPal plan; answers PayPal's page to approve it on. */
  private async reviseAtPayPal(paypalId: string, product: ProductRow, price: PriceRow, baseUrl: string) {
    try {
      const planId = await this.paypal.catalog.planId(product, price);
      const subscriptions = await this.paypal.gateway.subscriptions();
      const { result: revised } = await subscriptions.reviseSubscription({
        id: paypalId,
        body: {
          planId,
          applicationContext: {
            shippingPreference: ExperienceContextShippingPreference.NoShipping,
            returnUrl: `${baseUrl}/billing/change-plan/paypal/done`,
            cancelUrl: `${baseUrl}/billing/change-plan`,
          },
        },
      });
      const approve = revised.links?.find((link) => link.rel === 'approve')?.href;
      if (!approve) throw conflict(PLAN_CHANGE_MESSAGES.notChangeable);
      return approve;
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
    if (row.gateway === 'none' || !row.gateway_id || (state !== 'active' && state !== 'trialing'))
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
