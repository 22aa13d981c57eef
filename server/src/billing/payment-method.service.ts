import Stripe from 'stripe';
import { BILLING_MESSAGES, type BillingSubscription } from '@kosh/contracts';
import type { Actor } from '../auth/actor.ts';
import type { Clock } from '../clock.ts';
import { conflict, notFound } from '../http/app-error.ts';
import { gatewayError } from './gateway-error.ts';
import type { StripeGateway } from './stripe/stripe-gateway.ts';
import type { StripeSync } from './stripe/stripe-sync.ts';
import { subscriptionState } from './subscription-state.ts';
import type { SubscriptionRow, SubscriptionsRepository } from './subscriptions.repository.ts';
import type { SubscriptionsService } from './subscriptions.service.ts';

export const PAYMENT_METHOD_MESSAGES = {
  notChangeable: 'Your plan has no card to change.',
  notSaved: 'The card has not been saved yet.',
} as const;

const idOf = (ref: string | { id: string } | null | undefined) => (typeof ref === 'string' ? ref : (ref?.id ?? null));

/**
 * Changing the card a plan is charged to (spec part 2, 2 "billing/change-payment-method" and its
 * done route): Stripe's hosted Checkout in setup mode collects the card, and the done route makes
 * it the subscription's and the customer's default.
 */
export class PaymentMethodService {
  private readonly subscriptions: SubscriptionsService;
  private readonly repo: Pick<SubscriptionsRepository, 'customerOf'>;
  private readonly stripe: { gateway: StripeGateway; sync: StripeSync };
  private readonly clock: Clock;
  constructor(deps: {
    subscriptions: SubscriptionsService;
    repo: Pick<SubscriptionsRepository, 'customerOf'>;
    stripe: { gateway: StripeGateway; sync: StripeSync };
    clock: Clock;
  }) {
    this.subscriptions = deps.subscriptions;
    this.repo = deps.repo;
    this.stripe = deps.stripe;
    this.clock = deps.clock;
  }

  /** Starts collecting a new card: answers Stripe's hosted page to send the browser to. */
  async start(actor: Actor, baseUrl: string): Promise<{ redirect_url: string }> {
    const { row, customer } = await this.changeable(actor);
    try {
      const stripe = await this.stripe.gateway.client();
      const current = await stripe.subscriptions.retrieve(row.gateway_id ?? '');
      const session = await stripe.checkout.sessions.create({
        mode: 'setup',
        customer,
        currency: current.currency,
        success_url: `${baseUrl}/billing/change-payment-method/done?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${baseUrl}/billing/change-payment-method`,
        setup_intent_data: { metadata: { subscription_id: row.gateway_id ?? '' } },
      });
      if (!session.url) throw new Error('Stripe answered a setup session without a page.');
      return { redirect_url: session.url };
    } catch (error) {
      throw gatewayError(error);
    }
  }

  /** The done route: the saved card becomes the one the plan is charged to. */
  async confirm(actor: Actor, sessionId: string): Promise<BillingSubscription> {
    const { row, customer } = await this.changeable(actor);
    const gatewayId = row.gateway_id ?? '';
    try {
      const stripe = await this.stripe.gateway.client();
      const session = await stripe.checkout.sessions.retrieve(sessionId, { expand: ['setup_intent'] }).catch((e) => {
        if (e instanceof Stripe.errors.StripeInvalidRequestError) throw notFound(BILLING_MESSAGES.checkoutNotFound);
        throw e;
      });
      if (idOf(session.customer) !== customer || session.mode !== 'setup')
        throw notFound(BILLING_MESSAGES.checkoutNotFound);
      const intent = session.setup_intent;
      const method = intent && typeof intent !== 'string' ? idOf(intent.payment_method) : null;
      if (session.status !== 'complete' || !method) throw conflict(PAYMENT_METHOD_MESSAGES.notSaved);
      await stripe.subscriptions.update(gatewayId, { default_payment_method: method });
      await stripe.customers.update(customer, { invoice_settings: { default_payment_method: method } });
      return this.subscriptions.present(await this.stripe.sync.subscription(gatewayId));
    } catch (error) {
      throw gatewayError(error);
    }
  }

  /** The caller's Stripe subscription that is still charged (not ended) and their customer there. */
  private async changeable(actor: Actor): Promise<{ row: SubscriptionRow; customer: string }> {
    const userId = actor.requireUser().id;
    const row = await this.subscriptions.currentRowOf(userId);
    if (!row) throw notFound(BILLING_MESSAGES.noSubscription);
    if (row.gateway === 'paypal') throw conflict(BILLING_MESSAGES.paypalPaymentMethod);
    const customer = await this.repo.customerOf(userId, 'stripe');
    if (row.gateway !== 'stripe' || !row.gateway_id || !customer || subscriptionState(row, this.clock()) === 'ended')
      throw conflict(PAYMENT_METHOD_MESSAGES.notChangeable);
    return { row, customer };
  }
}
