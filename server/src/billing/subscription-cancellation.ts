import { ApiError, SubscriptionStatus } from '@paypal/paypal-server-sdk';
import Stripe from 'stripe';
import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import { gatewayError } from './gateway-error.ts';
import { subscriptionState } from './subscription-state.ts';
import type { SubscriptionsRepository } from './subscriptions.repository.ts';
import type { PayPalGateway } from './paypal/paypal-gateway.ts';
import type { StripeGateway } from './stripe/stripe-gateway.ts';

/**
 * Ends a user's subscriptions at the gateway at once, for an account about to be deleted: nobody
 * is charged for an account that is gone ('none' has nothing to stop at a gateway).
 */
export class SubscriptionCancellation {
  private readonly subscriptions: Pick<SubscriptionsRepository, 'listOfUser'>;
  private readonly stripe: Pick<StripeGateway, 'client'>;
  private readonly paypal: Pick<PayPalGateway, 'subscriptions'>;
  private readonly logger: Logger;
  private readonly clock: Clock;
  constructor(deps: {
    subscriptions: Pick<SubscriptionsRepository, 'listOfUser'>;
    stripe: Pick<StripeGateway, 'client'>;
    paypal: Pick<PayPalGateway, 'subscriptions'>;
    logger: Logger;
    clock: Clock;
  }) {
    this.subscriptions = deps.subscriptions;
    this.stripe = deps.stripe;
    this.paypal = deps.paypal;
    this.logger = deps.logger;
    this.clock = deps.clock;
  }

  /**
   * Cancels at the gateway, immediately and without proration, every subscription of the user
   * that has not ended (a cancelled one still in its paid period too). One the gateway already ended
   * or no longer knows counts as done. Throws 502 when it cannot be reached or refuses: the caller
   * then changes nothing (the ones cancelled before stay cancelled, which the local copy follows
   * through their webhooks). Nothing is called for a user without one.
   */
  async cancelAllOf(userId: number): Promise<void> {
    const now = this.clock();
    const open = (await this.subscriptions.listOfUser(userId)).filter(
      (row) => row.gateway !== 'none' && row.gateway_id !== null && subscriptionState(row, now) !== 'ended',
    );
    try {
      for (const row of open) {
        const id = row.gateway_id ?? '';
        const cancelled = row.gateway === 'paypal' ? await this.cancelAtPayPal(id) : await this.cancelAtStripe(id);
        if (cancelled) this.logger.info({ userId, subscription: id }, 'subscription cancelled with its account');
      }
    } catch (error) {
      throw gatewayError(error);
    }
  }

  private async cancelAtStripe(id: string): Promise<boolean> {
    const stripe = await this.stripe.client();
    if (await this.isEnded(stripe, id)) return false;
    await stripe.subscriptions.cancel(id);
    return true;
  }

  /** PayPal cancels only active and suspended subscriptions; the others have nothing left to charge. */
  private async cancelAtPayPal(id: string): Promise<boolean> {
    const subscriptions = await this.paypal.subscriptions();
    const sub = await subscriptions.getSubscription({ id }).catch((error: unknown) => {
      if (error instanceof ApiError && error.statusCode === 404) return undefined;
      throw error;
    });
    const status = sub?.result.status;
    if (status !== SubscriptionStatus.Active && status !== SubscriptionStatus.Suspended) return false;
    await subscriptions.cancelSubscription({ id, body: { reason: 'The account was deleted' } });
    return true;
  }

  /** Whether Stripe has ended the subscription already, or has none by that id. */
  private async isEnded(stripe: Stripe, id: string): Promise<boolean> {
    try {
      const sub = await stripe.subscriptions.retrieve(id);
      return sub.status === 'canceled' || sub.status === 'incomplete_expired';
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return true;
      throw error;
    }
  }
}
