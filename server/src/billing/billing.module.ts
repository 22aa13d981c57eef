import type { Logger } from 'pino';
import { systemClock, type Clock } from '../clock.ts';
import type { Database, Dialect } from '../db/database.ts';
import { PeriodicJob } from '../db/periodic-job.ts';
import type { SettingsReader } from '../settings/settings.service.ts';
import type { UsersModule } from '../users/users.module.ts';
import { BillingEventsRepository } from './billing-events.repository.ts';
import { BillingEventsService } from './billing-events.service.ts';
import { CheckoutService } from './checkout.service.ts';
import { InvoicesRepository } from './invoices/invoices.repository.ts';
import { InvoicesService } from './invoices/invoices.service.ts';
import { PlansRepository } from './plans.repository.ts';
import { PaymentMethodService } from './payment-method.service.ts';
import { PlanChangeService } from './plan-change.service.ts';
import { PlansService } from './plans.service.ts';
import { PlansAdminRepository } from './plans-admin.repository.ts';
import { PlansAdminService } from './plans-admin.service.ts';
import { PayPalCatalog } from './paypal/paypal-catalog.ts';
import { paypalEventHandler } from './paypal/paypal-events.ts';
import { PayPalGateway } from './paypal/paypal-gateway.ts';
import { PayPalPlanSync } from './paypal/paypal-plan-sync.ts';
import { PayPalSync } from './paypal/paypal-sync.ts';
import { PlanSync } from './plan-sync.ts';
import { StripePlanSync } from './stripe/stripe-plan-sync.ts';
import { createCouponsModule } from './coupons/coupons.module.ts';
import type { AuditService } from '../admin/audit/audit.service.ts';
import { StripeCatalog } from './stripe/stripe-catalog.ts';
import type { Notifier } from '../notifications/notification.service.ts';
import { LateNotifier } from './late-notifier.ts';
import { paymentNotices } from './payment-notices.ts';
import { stripeEventHandler } from './stripe/stripe-events.ts';
import { SubscriptionNotices } from './subscription-notices.ts';
import { StripeGateway } from './stripe/stripe-gateway.ts';
import { StripeSync } from './stripe/stripe-sync.ts';
import { SubscriptionsRepository } from './subscriptions.repository.ts';
import { SubscriptionsService } from './subscriptions.service.ts';

const EVENTS_LOCK = 0x6b6f6277; // "kobw"
const REMINDERS_LOCK = 0x6b6f6272; // "kobr"
const REMINDERS_INTERVAL_MS = 60 * 60_000;
/** How often events whose handling failed are tried again. */
export const BILLING_EVENTS_INTERVAL_MS = 60_000;

/** The commercial side (spec part 2): plans and prices, subscriptions, checkout and the gateways' webhooks. */
export function createBillingModule(deps: {
  db: Database;
  dialect: Dialect;
  users: UsersModule;
  settings: SettingsReader;
  stripeApiUrl: string | undefined;
  paypalApiUrl: string | undefined;
  logger: Logger;
  audit: AuditService;
  clock?: Clock;
}) {
  const clock = deps.clock ?? systemClock;
  const plansRepo = new PlansRepository(deps.db);
  const subscriptionsRepo = new SubscriptionsRepository(deps.db);
  const eventsRepo = new BillingEventsRepository(deps.db);
  const gateway = new StripeGateway({ settings: deps.settings, apiUrl: deps.stripeApiUrl });
  // The notifications module is made after billing (modules.ts binds it); until then nothing is said.
  const notifier = new LateNotifier();
  const notices = new SubscriptionNotices({
    db: deps.db,
    notifier,
    plans: plansRepo,
    logger: deps.logger,
    clock,
    ended: (row) => paypal.sync.closeEnded(row),
  });
  const catalog = new StripeCatalog({ gateway, plans: plansRepo });
  const paypalGateway = new PayPalGateway({ settings: deps.settings, apiUrl: deps.paypalApiUrl, clock });
  const paypal = {
    gateway: paypalGateway,
    catalog: new PayPalCatalog({ gateway: paypalGateway, plans: plansRepo }),
    sync: new PayPalSync({
      gateway: paypalGateway,
      subscriptions: subscriptionsRepo,
      plans: plansRepo,
      users: deps.users.repos.users,
      changed: (before, after) => notices.changed(before, after),
      clock,
    }),
  };
  const plansAdminRepo = new PlansAdminRepository(deps.db, deps.dialect);
  const plansAdmin = new PlansAdminService({
    repo: plansAdminRepo,
    plans: plansRepo,
    sync: new PlanSync({
      targets: [
        new StripePlanSync({ gateway, catalog, repo: plansAdminRepo }),
        new PayPalPlanSync({ gateway: paypal.gateway, catalog: paypal.catalog, repo: plansAdminRepo }),
      ],
      repo: plansAdminRepo,
      logger: deps.logger,
    }),
    audit: deps.audit,
    clock,
  });
  const stripe = {
    gateway,
    catalog,
    sync: new StripeSync({
      gateway,
      subscriptions: subscriptionsRepo,
      plans: plansRepo,
      changed: (before, after) => notices.changed(before, after),
      clock,
    }),
  };
  const subscriptions = new SubscriptionsService({
    subscriptions: subscriptionsRepo,
    plans: plansRepo,
    settings: deps.settings,
    stripe: gateway,
    stripeSync: stripe.sync,
    paypal,
    clock,
  });
  const events = new BillingEventsService({
    repo: eventsRepo,
    handlers: {
      stripe: stripeEventHandler({ sync: stripe.sync, notice: paymentNotices({ notifier, plans: plansRepo }) }),
      paypal: paypalEventHandler({ sync: paypal.sync, notice: paymentNotices({ notifier, plans: plansRepo }) }),
    },
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
  const reminders = new PeriodicJob<{ ending: number; ended: number }>({
    name: 'billing reminders',
    db: deps.db,
    dialect: deps.dialect,
    lockId: REMINDERS_LOCK,
    logger: deps.logger,
  });
  return {
    repos: { plans: plansRepo, subscriptions: subscriptionsRepo, events: eventsRepo },
    plans: new PlansService({
      plans: plansRepo,
      subscriptionsOf: (userId) => subscriptions.summariesOf(userId),
      hasSubscribers: (productId, db) => subscriptionsRepo.planHasSubscriptions(productId, db),
      onChange: plansAdmin.onPlanChange,
      clock,
    }),
    plansAdmin,
    coupons: createCouponsModule({ db: deps.db, dialect: deps.dialect, gateway, audit: deps.audit, clock }),
    subscriptions,
    checkout: new CheckoutService({
      settings: deps.settings,
      plans: plansRepo,
      subscriptions: subscriptionsRepo,
      service: subscriptions,
      users: deps.users.repos.users,
      stripe,
      paypal,
      clock,
    }),
    planChange: new PlanChangeService({ plans: plansRepo, subscriptions, stripe, paypal, clock }),
    paymentMethod: new PaymentMethodService({ subscriptions, repo: subscriptionsRepo, stripe, clock }),
    stripe,
    paypal,
    events,
    invoices: new InvoicesService({
      invoices: new InvoicesRepository(deps.db),
      users: deps.users.repos.users,
      settings: deps.settings,
    }),
    /** Retries events whose handling failed, every minute. */
    retries: {
      runOnce: () => retries.once(() => events.processDue()),
      start: () => retries.start(BILLING_EVENTS_INTERVAL_MS, () => retries.once(() => events.processDue())),
      stop: () => retries.stop(),
    },
    notices,
    /** Reminders of plans ending soon and news of plans that ended, hourly (one process at a time). */
    reminders: {
      runOnce: () => reminders.once(() => notices.remind()),
      start: () => reminders.start(REMINDERS_INTERVAL_MS, () => reminders.once(() => notices.remind())),
      stop: () => reminders.stop(),
    },
    notifyWith(target: Notifier) {
      notifier.bind(target);
    },
  };
}

export type BillingModule = ReturnType<typeof createBillingModule>;
