import Stripe from 'stripe';
import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import { gatewayError } from './gateway-error.ts';
import { subscriptionState } from './subscription-state.ts';
import type { SubscriptionsRepository } from './subscriptions.repository.ts';
import type { StripeGateway } from './stripe/stripe-gateway.ts';

/**
 * Ends a user's subscriptions at the gateway at once, for an account about to be deleted: nobody
 * is charged for an account that is gone. Stripe only (PayPal has no subscriptions in Kosh yet;
 * 'none' has nothing to stop at a gateway).
 */
export class SubscriptionCancellation {
  private readonly subscriptions: Pick<SubscriptionsRepository, 'listOfUser'>;
  private readonly stripe: Pick<StripeGateway, 'client'>;
  private readonly logger: Logger;
  private readonly clock: Clock;
  constructor(deps: {
    subscriptions: Pick<SubscriptionsRepository, 'listOfUser'>;
    stripe: Pick<StripeGateway, 'client'>;
    logger: Logger;
    clock: Clock;
  }) {
    this.subscriptions = deps.subscriptions;
    this.stripe = deps.stripe;
    this.logger = deps.logger;
    this.clock = deps.clock;
  }

  /**
   * Cancels at Stripe, immediately and without proration, every Stripe subscription of the user
   * that has not ended (a cancelled one still in its paid period too). One Stripe already ended or
   * no longer knows counts as done. Throws 502 when Stripe cannot be reached or refuses: the caller
   * then changes nothing (the ones cancelled before stay cancelled, which the local copy follows
   * through their webhooks). Nothing is called for a user without one.
   */
  async cancelAllOf(userId: number): Promise<void> {
    const now = this.clock();
    const open = (await this.subscriptions.listOfUser(userId)).filter(
      (row) => row.gateway === 'stripe' && row.gateway_id !== null && subscriptionState(row, now) !== 'ended',
    );
    if (!open.length) return;
    try {
      const stripe = await this.stripe.client();
      for (const row of open) {
        const id = row.gateway_id ?? '';
        if (await this.isEnded(stripe, id)) continue;
        await stripe.subscriptions.cancel(id);
        this.logger.info({ userId, subscription: id }, 'subscription cancelled with its account');
      }
    } catch (error) {
      throw gatewayError(error);
    }
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
