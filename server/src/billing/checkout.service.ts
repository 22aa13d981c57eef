import {
  ApiError,
  ApplicationContextUserAction,
  ExperienceContextShippingPreference,
  SubscriptionStatus,
} from '@paypal/paypal-server-sdk';
import Stripe from 'stripe';
import { BILLING_MESSAGES, type BillingSubscription, type CheckoutBody, type PaymentGateway } from '@kosh/contracts';
import type { Actor } from '../auth/actor.ts';
import type { Clock } from '../clock.ts';
import { AppError, conflict, forbidden, notFound, validation } from '../http/app-error.ts';
import { GATEWAY_UNREACHABLE, gatewayError } from './gateway-error.ts';
import type { SettingsReader } from '../settings/settings.service.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import type { PlansRepository } from './plans.repository.ts';
import type { PayPalCatalog } from './paypal/paypal-catalog.ts';
import type { PayPalGateway } from './paypal/paypal-gateway.ts';
import type { PayPalSync } from './paypal/paypal-sync.ts';
import type { PriceRow, ProductRow } from './plans.repository.ts';
import type { StripeCatalog } from './stripe/stripe-catalog.ts';
import type { StripeGateway } from './stripe/stripe-gateway.ts';
import type { StripeSync } from './stripe/stripe-sync.ts';
import type { SubscriptionsRepository } from './subscriptions.repository.ts';
import type { SubscriptionsService } from './subscriptions.service.ts';

type PayPalParts = { gateway: PayPalGateway; catalog: PayPalCatalog; sync: PayPalSync };

/**
 * Checkout (spec part 2, 2 "Checkout and payment routes"): the browser leaves for the gateway's
 * hosted page and comes back to a done route, which confirms the payment with the server.
 */
export class CheckoutService {
  private readonly settings: SettingsReader;
  private readonly plans: Pick<PlansRepository, 'getById' | 'getPrice'>;
  private readonly subscriptions: SubscriptionsRepository;
  private readonly service: SubscriptionsService;
  private readonly users: Pick<UsersRepository, 'getById'>;
  private readonly stripe: { gateway: StripeGateway; catalog: StripeCatalog; sync: StripeSync };
  private readonly paypal: PayPalParts;
  private readonly clock: Clock;
  constructor(deps: {
    settings: SettingsReader;
    plans: Pick<PlansRepository, 'getById' | 'getPrice'>;
    subscriptions: SubscriptionsRepository;
    service: SubscriptionsService;
    users: Pick<UsersRepository, 'getById'>;
    stripe: { gateway: StripeGateway; catalog: StripeCatalog; sync: StripeSync };
    paypal: PayPalParts;
    clock: Clock;
  }) {
    this.settings = deps.settings;
    this.plans = deps.plans;
    this.subscriptions = deps.subscriptions;
    this.service = deps.service;
    this.users = deps.users;
    this.stripe = deps.stripe;
    this.paypal = deps.paypal;
    this.clock = deps.clock;
  }

  /** The gateways the checkout page offers: billing on and the gateway's keys configured. */
  async gateways(): Promise<PaymentGateway[]> {
    if (!(await this.settings.get<boolean>('billing.enable'))) return [];
    const [stripe, paypal] = await Promise.all([
      this.stripe.gateway.isConfigured(),
      this.paypal.gateway.isConfigured(),
    ]);
    return [...(stripe ? (['stripe'] as const) : []), ...(paypal ? (['paypal'] as const) : [])];
  }

  /** Starts paying for a plan: answers the gateway's hosted page to send the browser to. */
  async start(actor: Actor, body: CheckoutBody, baseUrl: string): Promise<{ redirect_url: string }> {
    const user = actor.requireUser();
    if (!(await this.settings.get<boolean>('billing.enable'))) throw forbidden(BILLING_MESSAGES.billingOff);
    if (!(await this.gateways()).includes(body.gateway)) throw validation({ gateway: [BILLING_MESSAGES.gatewayOff] });
    const product = await this.plans.getById(body.product_id);
    const price = await this.plans.getPrice(body.price_id);
    if (!product || product.free || product.hidden || !price || price.product_id !== product.id || price.archived_at)
      throw validation({ price_id: [BILLING_MESSAGES.unknownPrice] });
    if ((await this.service.planSpaceOf(user.id)) !== null) throw conflict(BILLING_MESSAGES.alreadySubscribed);

    const back = `${baseUrl}/checkout/${product.id}/${price.id}`;
    if (body.gateway === 'paypal') return this.startPayPal(user.id, product, price, back);
    try {
      const stripe = await this.stripe.gateway.client();
      const customer = await this.customer(user.id);
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer,
        line_items: [{ price: await this.stripe.catalog.priceId(product, price), quantity: 1 }],
        success_url: `${back}/stripe/done?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: back,
        client_reference_id: String(user.id),
        allow_promotion_codes: true,
        subscription_data: { metadata: { kosh_user_id: String(user.id), kosh_price_id: String(price.id) } },
      });
      if (!session.url) throw new AppError(502, GATEWAY_UNREACHABLE);
      return { redirect_url: session.url };
    } catch (error) {
      throw gatewayError(error);
    }
  }

  /**
   * The done route's check: the session must be this user's and paid; its subscription is read
   * from Stripe and recorded (the webhook may come before or after; both write the same state).
   */
  async confirmStripe(actor: Actor, sessionId: string): Promise<BillingSubscription> {
    const user = actor.requireUser();
    try {
      const stripe = await this.stripe.gateway.client();
      const customer = await this.subscriptions.customerOf(user.id, 'stripe');
      const session = await stripe.checkout.sessions.retrieve(sessionId).catch((error: unknown) => {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) throw notFound(BILLING_MESSAGES.checkoutNotFound);
        throw error;
      });
      const sessionCustomer = typeof session.customer === 'string' ? session.customer : session.customer?.id;
      // Someone else's session reads as unknown: its existence is not this user's business.
      if (!customer || sessionCustomer !== customer || session.mode !== 'subscription')
        throw notFound(BILLING_MESSAGES.checkoutNotFound);
      const subscription = session.subscription;
      if (session.status !== 'complete' || !subscription) throw conflict(BILLING_MESSAGES.checkoutUnpaid);
      const row = await this.stripe.sync.subscription(
        typeof subscription === 'string' ? subscription : subscription.id,
      );
      return this.service.present(row);
    } catch (error) {
      throw gatewayError(error);
    }
  }

  /**
   * PayPal: a subscription to the price's PayPal plan, which the subscriber approves on PayPal's
   * page; PayPal returns the browser to the done route with the subscription's id.
   */
  private async startPayPal(
    userId: number,
    product: ProductRow,
    price: PriceRow,
    back: string,
  ): Promise<{ redirect_url: string }> {
    try {
      const user = await this.users.getById(userId);
      if (!user) throw notFound();
      const subscriptions = await this.paypal.gateway.subscriptions();
      const { result } = await subscriptions.createSubscription({
        body: {
          planId: await this.paypal.catalog.planId(product, price),
          customId: String(userId),
          subscriber: { emailAddress: user.email },
          applicationContext: {
            brandName: ((await this.settings.get<string>('branding.site_name')) ?? 'Kosh').slice(0, 127),
            shippingPreference: ExperienceContextShippingPreference.NoShipping,
            userAction: ApplicationContextUserAction.SubscribeNow,
            returnUrl: `${back}/paypal/done`,
            cancelUrl: back,
          },
        },
      });
      const approve = result.links?.find((link) => link.rel === 'approve')?.href;
      if (!approve) throw new AppError(502, GATEWAY_UNREACHABLE);
      return { redirect_url: approve };
    } catch (error) {
      throw gatewayError(error);
    }
  }

  /**
   * PayPal's done route: the subscription must be this user's (Kosh wrote the user's id into it)
   * and approved; it is read from PayPal and recorded, as its webhook would.
   */
  async confirmPayPal(actor: Actor, subscriptionId: string): Promise<BillingSubscription> {
    const user = actor.requireUser();
    try {
      const sub = await this.paypal.sync.fetch(subscriptionId).catch((error: unknown) => {
        if (error instanceof ApiError && (error.statusCode === 404 || error.statusCode === 400))
          throw notFound(BILLING_MESSAGES.checkoutNotFound);
        throw error;
      });
      // Someone else's subscription reads as unknown: its existence is not this user's business.
      if (sub.customId !== String(user.id)) throw notFound(BILLING_MESSAGES.checkoutNotFound);
      if (sub.status !== SubscriptionStatus.Active) throw conflict(BILLING_MESSAGES.checkoutUnpaid);
      return this.service.present(await this.paypal.sync.write(sub));
    } catch (error) {
      throw gatewayError(error);
    }
  }

  /** The user's customer at Stripe, created with their email on their first checkout. */
  private async customer(userId: number): Promise<string> {
    const known = await this.subscriptions.customerOf(userId, 'stripe');
    if (known) return known;
    const user = await this.users.getById(userId);
    if (!user) throw notFound();
    const stripe = await this.stripe.gateway.client();
    const created = await stripe.customers.create({
      email: user.email,
      name: [user.first_name, user.last_name].filter(Boolean).join(' ') || undefined,
      metadata: { kosh_user_id: String(userId) },
    });
    return this.subscriptions.saveCustomer(userId, 'stripe', created.id, this.clock().toISOString());
  }
}
