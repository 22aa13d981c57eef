import type { Logger } from 'pino';
import { systemClock, type Clock } from '../clock.ts';
import type { Database, Dialect } from '../db/database.ts';
import { PeriodicJob } from '../db/periodic-job.ts';
import type { SettingsReader } from '../settings/settings.service.ts';
import type { UsersModule } from '../users/users.module.ts';
import { BillingEventsRepository } from './billing-events.repository.ts';
import { BillingEventsService } from './billing-events.service.ts';
import { CheckoutService } from './checkout.service.ts';
import { PlansRepository } from './plans.repository.ts';
import { PlansService } from './plans.service.ts';
import { StripeCatalog } from './stripe/stripe-catalog.ts';
import { type PaymentNotice, stripeEventHandler } from './stripe/stripe-events.ts';
import { StripeGateway } from './stripe/stripe-gateway.ts';
import { StripeSync } from './stripe/stripe-sync.ts';
import { SubscriptionsRepository } from './subscriptions.repository.ts';
import { SubscriptionsService } from './subscriptions.service.ts';

const EVENTS_LOCK = 0x6b6f6277; // "kobw"
/** How often events whose handling failed are tried again. */
export const BILLING_EVENTS_INTERVAL_MS = 60_000;

/** The commercial side (spec part 2): plans and prices, subscriptions, checkout and the gateways' webhooks. */
export function createBillingModule(deps: {
  db: Database;
  dialect: Dialect;
  users: UsersModule;
  settings: SettingsReader;
  stripeApiUrl: string | undefined;
  logger: Logger;
  clock?: Clock;
}) {
  const clock = deps.clock ?? systemClock;
  const plansRepo = new PlansRepository(deps.db);
  const subscriptionsRepo = new SubscriptionsRepository(deps.db);
  const eventsRepo = new BillingEventsRepository(deps.db);
  const gateway = new StripeGateway({ settings: deps.settings, apiUrl: deps.stripeApiUrl });
  const stripe = {
    gateway,
    catalog: new StripeCatalog({ gateway, plans: plansRepo }),
    sync: new StripeSync({ gateway, subscriptions: subscriptionsRepo, plans: plansRepo, clock }),
  };
  const subscriptions = new SubscriptionsService({
    subscriptions: subscriptionsRepo,
    plans: plansRepo,
    settings: deps.settings,
    stripe: gateway,
    stripeSync: stripe.sync,
    clock,
  });
  // Set once the notifications are wired (modules.ts); until then payments notify no one.
  let notice: PaymentNotice = async () => undefined;
  const events = new BillingEventsService({
    repo: eventsRepo,
    handlers: { stripe: stripeEventHandler({ sync: stripe.sync, notice: (kind, s) => notice(kind, s) }) },
    logger: deps.logger,
    clock,
  });
  const retries = new PeriodicJob<number>({
    name: 'billing events',
    db: deps.db,
    dialect: deps.dialect,
    lockId: EVENTS_LOCK,
    logger: deps.logger,
  });
  return {
    repos: { plans: plansRepo, subscriptions: subscriptionsRepo, events: eventsRepo },
    plans: new PlansService({
      plans: plansRepo,
      subscriptionsOf: (userId) => subscriptions.summariesOf(userId),
      hasSubscribers: (productId, db) => subscriptionsRepo.planHasSubscriptions(productId, db),
      clock,
    }),
    subscriptions,
    checkout: new CheckoutService({
      settings: deps.settings,
      plans: plansRepo,
      subscriptions: subscriptionsRepo,
      service: subscriptions,
      users: deps.users.repos.users,
      stripe,
      clock,
    }),
    stripe,
    events,
    /** Retries events whose handling failed, every minute. */
    retries: {
      runOnce: () => retries.once(() => events.processDue()),
      start: () => retries.start(BILLING_EVENTS_INTERVAL_MS, () => retries.once(() => events.processDue())),
      stop: () => retries.stop(),
    },
    notifyPaymentsWith(next: PaymentNotice) {
      notice = next;
    },
  };
}

export type BillingModule = ReturnType<typeof createBillingModule>;
