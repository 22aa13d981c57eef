import {
  ADMIN_SUBSCRIPTION_MESSAGES as TEXT,
  type AdminCancelSubscriptionBody,
  type AdminSubscription,
  type AdminSubscriptionDetail,
  type AdminSubscriptionsPage,
  type AdminSubscriptionsQuery,
  type GrantSubscriptionBody,
  Permission,
} from '@kosh/contracts';
import type { Clock } from '../../clock.ts';
import type { Database, Dialect } from '../../db/database.ts';
import { immediateTransaction } from '../../drive/owner-transaction.ts';
import { gatewayError } from '../../billing/gateway-error.ts';
import { presentPrice } from '../../billing/plans.presenter.ts';
import type { PlansRepository } from '../../billing/plans.repository.ts';
import type { StripeGateway } from '../../billing/stripe/stripe-gateway.ts';
import type { StripeSync } from '../../billing/stripe/stripe-sync.ts';
import { presentInvoice } from '../../billing/subscription.presenter.ts';
import { isValidState, subscriptionState } from '../../billing/subscription-state.ts';
import { conflict, notFound, validation } from '../../http/app-error.ts';
import { nameOf } from '../../users/user.presenter.ts';
import type { AuditService, AuditSource } from '../audit/audit.service.ts';
import type { AdminSubscriptionRecord, AdminSubscriptionsRepository } from './admin-subscriptions.repository.ts';

/**
 * The admin area's subscriptions (spec part 2, 6 "subscriptions.update"): every subscription with
 * filters, one in detail with its invoices, cancel and renew (at the gateway for a paid one), and a
 * plan granted without a gateway until a day. Each change is audited.
 */
export class AdminSubscriptionsService {
  private readonly deps: {
    db: Database;
    dialect: Dialect;
    repo: AdminSubscriptionsRepository;
    plans: Pick<PlansRepository, 'getById' | 'getPrice'>;
    stripe: { gateway: StripeGateway; sync: StripeSync };
    audit: AuditService;
    clock: Clock;
  };
  constructor(deps: AdminSubscriptionsService['deps']) {
    this.deps = deps;
  }

  async list(source: AuditSource, query: AdminSubscriptionsQuery): Promise<AdminSubscriptionsPage> {
    source.actor.authorize(Permission.subscriptionsUpdate);
    const { rows, page } = await this.deps.repo.list(query, this.now());
    const data = await Promise.all(rows.map((row) => this.present(row)));
    return { pagination: { ...page, data } };
  }

  async detail(source: AuditSource, id: number): Promise<AdminSubscriptionDetail> {
    source.actor.authorize(Permission.subscriptionsUpdate);
    const row = await this.record(id);
    const invoices = await this.deps.db
      .selectFrom('invoices')
      .leftJoin('products', 'products.id', 'invoices.product_id')
      .selectAll('invoices')
      .select('products.name as plan')
      .where('invoices.subscription_id', '=', id)
      .orderBy('invoices.created_at', 'desc')
      .orderBy('invoices.id', 'desc')
      .limit(100)
      .execute();
    return { subscription: await this.present(row), invoices: invoices.map(presentInvoice) };
  }

  /** A plan given without payment until the end of `ends_on` (UTC); refused while the user has a valid one. */
  async grant(source: AuditSource, body: GrantSubscriptionBody): Promise<AdminSubscription> {
    source.actor.authorize(Permission.subscriptionsUpdate);
    // The last instant of the day, so the plan reads as ending on the day staff chose.
    const endsAt = `${body.ends_on}T23:59:59.999Z`;
    if (endsAt <= this.now()) throw validation({ ends_on: [TEXT.endsInPast] });
    const product = await this.deps.plans.getById(body.product_id);
    if (!product || product.free) throw validation({ product_id: [TEXT.unknownPlan] });
    const id = await immediateTransaction(this.deps.db, this.deps.dialect, async (trx) => {
      // One grant at a time per user: the user's row is the lock (PostgreSQL; SQLite writes one at a time).
      let user = trx.selectFrom('users').select(['id', 'email']).where('id', '=', body.user_id);
      if (this.deps.dialect === 'postgres') user = user.forUpdate();
      const found = await user.executeTakeFirst();
      if (!found) throw validation({ user_id: [TEXT.unknownUser] });
      const now = this.deps.clock();
      const current = await trx.selectFrom('subscriptions').selectAll().where('user_id', '=', found.id).execute();
      if (current.some((s) => isValidState(subscriptionState(s, now))))
        throw validation({ user_id: [TEXT.alreadySubscribed] });
      const at = now.toISOString();
      const inserted = await trx
        .insertInto('subscriptions')
        .values({
          user_id: found.id,
          product_id: product.id,
          price_id: null,
          gateway: 'none',
          gateway_id: null,
          status: 'active',
          renews_at: null,
          ends_at: endsAt,
          trial_ends_at: null,
          payment_method: null,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await this.deps.audit.record(
        source,
        {
          action: 'subscription.grant',
          targetType: 'subscription',
          targetId: inserted.id,
          targetLabel: found.email,
          after: { product: product.name, ends_at: endsAt },
        },
        trx,
      );
      return inserted.id;
    });
    return this.present(await this.record(id));
  }

  /** Cancels at the end of the period (the user keeps it until then) or now; a Stripe plan at Stripe. */
  async cancel(source: AuditSource, id: number, body: AdminCancelSubscriptionBody): Promise<AdminSubscription> {
    source.actor.authorize(Permission.subscriptionsUpdate);
    const row = await this.record(id);
    const state = subscriptionState(row, this.deps.clock());
    const isEnding = state === 'cancelled';
    if (state === 'ended' || (isEnding && body.at_period_end)) throw conflict(TEXT.notCancelable);
    if (row.gateway === 'stripe' && row.gateway_id) {
      const gatewayId = row.gateway_id;
      await this.atStripe(async () => {
        const stripe = await this.deps.stripe.gateway.client();
        if (body.at_period_end) await stripe.subscriptions.update(gatewayId, { cancel_at_period_end: true });
        else await stripe.subscriptions.cancel(gatewayId);
        await this.deps.stripe.sync.subscription(gatewayId);
      });
    } else {
      await this.deps.db
        .updateTable('subscriptions')
        .set({
          status: 'canceled',
          renews_at: null,
          ...(body.at_period_end ? {} : { ends_at: this.now() }),
          updated_at: this.now(),
        })
        .where('id', '=', id)
        .execute();
    }
    const after = await this.record(id);
    await this.audited(source, 'subscription.cancel', row, after);
    return this.present(after);
  }

  /** Takes back a cancellation while the paid period (or the granted term) lasts. */
  async resume(source: AuditSource, id: number): Promise<AdminSubscription> {
    source.actor.authorize(Permission.subscriptionsUpdate);
    const row = await this.record(id);
    if (subscriptionState(row, this.deps.clock()) !== 'cancelled') throw conflict(TEXT.notResumable);
    if (row.gateway === 'stripe' && row.gateway_id) {
      const gatewayId = row.gateway_id;
      await this.atStripe(async () => {
        const stripe = await this.deps.stripe.gateway.client();
        await stripe.subscriptions.update(gatewayId, { cancel_at_period_end: false });
        await this.deps.stripe.sync.subscription(gatewayId);
      });
    } else {
      await this.deps.db
        .updateTable('subscriptions')
        .set({ status: 'active', updated_at: this.now() })
        .where('id', '=', id)
        .execute();
    }
    const after = await this.record(id);
    await this.audited(source, 'subscription.resume', row, after);
    return this.present(after);
  }

  private async atStripe(work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (error) {
      throw gatewayError(error);
    }
  }

  private async audited(
    source: AuditSource,
    action: string,
    before: AdminSubscriptionRecord,
    after: AdminSubscriptionRecord,
  ) {
    const facts = (r: AdminSubscriptionRecord) => ({ status: r.status, renews_at: r.renews_at, ends_at: r.ends_at });
    await this.deps.audit.record(source, {
      action,
      targetType: 'subscription',
      targetId: after.id,
      targetLabel: after.email,
      before: facts(before),
      after: facts(after),
    });
  }

  private async record(id: number): Promise<AdminSubscriptionRecord> {
    const row = await this.deps.repo.get(id);
    if (!row) throw notFound(TEXT.notFound);
    return row;
  }

  private async present(row: AdminSubscriptionRecord): Promise<AdminSubscription> {
    const state = subscriptionState(row, this.deps.clock());
    const price = row.price_id === null ? undefined : await this.deps.plans.getPrice(row.price_id);
    return {
      id: row.id,
      user: { id: row.user_id, email: row.email, name: nameOf(row) },
      product: { id: row.product_id, name: row.product_name, available_space: Number(row.available_space) },
      price: price ? presentPrice(price) : null,
      gateway: row.gateway,
      gateway_id: row.gateway_id,
      state,
      valid: isValidState(state),
      renews_at: row.renews_at,
      ends_at: row.ends_at,
      trial_ends_at: row.trial_ends_at,
      created_at: row.created_at,
    };
  }

  private now(): string {
    return this.deps.clock().toISOString();
  }
}
