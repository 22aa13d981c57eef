import {
  type ListProductsResponse,
  Permission,
  type PriceInput,
  type Product,
  type SaveProductBody,
  type SubscriptionSummary,
} from '@kosh/contracts';
import type { Actor } from '../auth/actor.ts';
import { systemClock, type Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { conflict, notFound, validation } from '../http/app-error.ts';
import { presentProduct, toMinorUnits } from './plans.presenter.ts';
import type { NewPriceRow, PlansRepository, PriceRow } from './plans.repository.ts';

/** What the service needs of the repository; the unit tests' fake implements the same. */
export type PlansStore = Pick<
  PlansRepository,
  | 'transaction'
  | 'getById'
  | 'listVisible'
  | 'listSummaries'
  | 'listCurrentPrices'
  | 'create'
  | 'update'
  | 'clearRecommended'
  | 'delete'
  | 'createPrices'
  | 'archivePrices'
>;

/** The subscriptions of a user, as `user.subscriptions` carries them (spec part 1, 3). */
export type SubscriptionsOf = (userId: number) => Promise<SubscriptionSummary[]>;

export const PLAN_TEXT = {
  notFound: 'Plan not found.',
  nameTaken: 'A plan with this name already exists.',
  secondFree: 'There is already a free plan. A site has at most one.',
  freeWithPrice: 'A free plan cannot have a price above 0.',
  paidWithoutPrice: 'A paid plan needs at least one price above 0.',
  duplicateCycle: 'The plan already has a price in this currency for this billing cycle.',
  unknownPrice: 'This price is not one of the current prices of the plan.',
  repeatedPrice: 'This price is listed twice.',
  deleteSubscribed: 'People subscribe to this plan: it cannot be deleted. Hide it instead.',
  deleteFree: 'The free plan cannot be deleted: it is the plan of everyone without a subscription. Hide it instead.',
} as const;

/**
 * The most storage among the plans of the user's valid subscriptions, or null without one. A
 * subscription's product is read only when it carries a numeric available_space.
 */
export function subscribedSpace(subscriptions: SubscriptionSummary[]): number | null {
  let best: number | null = null;
  for (const s of subscriptions) {
    if (!s.valid || !s.product || typeof s.product !== 'object') continue;
    const space = (s.product as { available_space?: unknown }).available_space;
    if (typeof space === 'number' && Number.isFinite(space) && (best === null || space > best)) best = space;
  }
  return best;
}

/** A plan staff created, replaced or deleted, as the change hook receives it. */
export type PlanChange = {
  actor: Actor;
  ip?: string;
  action: 'plan.create' | 'plan.update' | 'plan.delete';
  productId: number;
  before: Product | null;
  after: Product | null;
};

/**
 * Runs inside the change's transaction (the audit row) and may answer work to run once it has
 * committed (the sync with the gateways), which must not throw.
 */
export type PlanChangeHook = (change: PlanChange, trx: Database) => Promise<(() => Promise<void>) | undefined>;

/** Prices that stay, prices archived, prices created when a plan is saved. */
type PricePlan = { archive: number[]; create: PriceInput[] };

const sameTerms = (row: PriceRow, input: PriceInput) =>
  row.amount === toMinorUnits(input.amount) &&
  row.currency === input.currency &&
  row.interval === input.interval &&
  row.interval_count === input.interval_count;

/** Plans and their prices (spec part 2, 3 and 5): the public listing and the staff's changes. */
export class PlansService {
  private readonly plans: PlansStore;
  private readonly subscriptionsOf: SubscriptionsOf;
  private readonly clock: Clock;
  private readonly hasSubscribers: (productId: number, db: Database) => Promise<boolean>;
  private readonly onChange: PlanChangeHook;
  constructor(deps: {
    plans: PlansStore;
    subscriptionsOf: SubscriptionsOf;
    hasSubscribers?: (productId: number, db: Database) => Promise<boolean>;
    onChange?: PlanChangeHook;
    clock?: Clock;
  }) {
    this.plans = deps.plans;
    this.onChange = deps.onChange ?? (async () => undefined);
    this.hasSubscribers = deps.hasSubscribers ?? (async () => false);
    this.subscriptionsOf = deps.subscriptionsOf;
    this.clock = deps.clock ?? systemClock;
  }

  /**
   * The plans offered to the caller: every visible plan by position, or, for a user with a valid
   * subscription, only those with more space than their plan (spec part 2, 5). Hidden plans are
   * never listed, to staff neither. One page holding them all.
   */
  async list(actor: Actor): Promise<ListProductsResponse> {
    const rows = await this.plans.listVisible();
    const space = actor.user ? subscribedSpace(await this.subscriptionsOf(actor.user.id)) : null;
    const offered = space === null ? rows : rows.filter((r) => Number(r.available_space) > space);
    const prices = await this.plans.listCurrentPrices(offered.map((r) => r.id));
    const data = offered.map((row) =>
      presentProduct(
        row,
        prices.filter((p) => p.product_id === row.id),
      ),
    );
    return {
      pagination: { data, current_page: 1, last_page: 1, per_page: data.length, total: data.length },
    };
  }

  async create(actor: Actor, body: SaveProductBody, ip?: string): Promise<Product> {
    actor.authorize(Permission.plansUpdate);
    return this.save({ actor, ip }, null, body);
  }

  /**
   * Replaces the plan. Listed prices with an id of the plan stay when their terms are the same;
   * a price whose terms change is archived and a new one created (subscribers keep what they
   * bought), and current prices not listed are archived.
   */
  async update(actor: Actor, productId: number, body: SaveProductBody, ip?: string): Promise<Product> {
    actor.authorize(Permission.plansUpdate);
    return this.save({ actor, ip }, productId, body);
  }

  /** Removes the plan with its prices; the free plan stays (hide it instead). */
  async delete(actor: Actor, productId: number, ip?: string): Promise<void> {
    actor.authorize(Permission.plansUpdate);
    const afterCommit = await this.plans.transaction(async (trx) => {
      const row = await this.plans.getById(productId, trx);
      if (!row) throw notFound(PLAN_TEXT.notFound);
      if (row.free) throw conflict(PLAN_TEXT.deleteFree);
      // Subscriptions keep their plan (and its history): a plan anyone subscribed to stays, hidden.
      if (await this.hasSubscribers(productId, trx)) throw conflict(PLAN_TEXT.deleteSubscribed);
      const before = presentProduct(row, await this.plans.listCurrentPrices([productId], trx));
      const then = await this.onChange({ actor, ip, action: 'plan.delete', productId, before, after: null }, trx);
      await this.plans.delete(productId, trx);
      return then;
    });
    await afterCommit?.();
  }

  private async save(source: Pick<PlanChange, 'actor' | 'ip'>, productId: number | null, body: SaveProductBody) {
    const at = this.clock().toISOString();
    const { product, afterCommit } = await this.plans.transaction(async (trx) => {
      const row = productId === null ? undefined : await this.plans.getById(productId, trx);
      if (productId !== null && !row) throw notFound(PLAN_TEXT.notFound);
      const current = productId === null ? [] : await this.plans.listCurrentPrices([productId], trx);
      const errors: Record<string, string[]> = {};
      const others = (await this.plans.listSummaries(trx)).filter((p) => p.id !== productId);
      const name = body.name.toLowerCase();
      const isNameTaken = others.some((p) => p.name.toLowerCase() === name);
      if (isNameTaken) errors.name = [PLAN_TEXT.nameTaken];
      if (body.free && others.some((p) => p.free)) errors.free = [PLAN_TEXT.secondFree];
      Object.assign(errors, pricingErrors(body), priceIdErrors(body.prices, current));
      if (Object.keys(errors).length) {
        throw validation(errors, isNameTaken && Object.keys(errors).length === 1 ? { code: 'name_taken' } : {});
      }

      const fields = {
        name: body.name,
        description: body.description || null,
        position: body.position,
        available_space: body.available_space,
        free: +body.free,
        recommended: +body.recommended,
        hidden: +body.hidden,
        feature_list: JSON.stringify(body.feature_list),
        updated_at: at,
      };
      // One recommended plan among the visible ones: saving one un-marks the other.
      if (body.recommended && !body.hidden) await this.plans.clearRecommended(productId, at, trx);
      let id = productId;
      if (id === null) id = (await this.plans.create({ ...fields, created_at: at }, trx)).id;
      else await this.plans.update(id, fields, trx);
      const { archive, create } = planPrices(body.prices, current);
      await this.plans.archivePrices(archive, at, trx);
      await this.plans.createPrices(
        create.map(
          (p): NewPriceRow => ({
            product_id: id,
            amount: toMinorUnits(p.amount),
            currency: p.currency,
            interval: p.interval,
            interval_count: p.interval_count,
            archived_at: null,
            created_at: at,
          }),
        ),
        trx,
      );
      const product = await this.present(id, trx);
      const before = row ? presentProduct(row, current) : null;
      const action = row ? 'plan.update' : 'plan.create';
      return {
        product,
        afterCommit: await this.onChange({ ...source, action, productId: id, before, after: product }, trx),
      };
    });
    await afterCommit?.();
    return product;
  }

  private async present(id: number, trx: Database): Promise<Product> {
    const row = await this.plans.getById(id, trx);
    if (!row) throw notFound(PLAN_TEXT.notFound);
    return presentProduct(row, await this.plans.listCurrentPrices([id], trx));
  }
}

/** A free plan costs nothing; a paid one has something to pay; one price per currency and cycle. */
function pricingErrors(body: SaveProductBody): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (body.free && body.prices.some((p) => p.amount > 0)) errors.prices = [PLAN_TEXT.freeWithPrice];
  if (!body.free && !body.prices.some((p) => p.amount > 0)) errors.prices = [PLAN_TEXT.paidWithoutPrice];
  const seen = new Set<string>();
  body.prices.forEach((p, i) => {
    const cycle = `${p.currency} ${p.interval} ${p.interval_count}`;
    if (seen.has(cycle)) errors[`prices.${i}.interval`] = [PLAN_TEXT.duplicateCycle];
    seen.add(cycle);
  });
  return errors;
}

/** Ids of listed prices must name the plan's current prices, each at most once. */
function priceIdErrors(prices: PriceInput[], current: PriceRow[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const seen = new Set<number>();
  prices.forEach((p, i) => {
    if (p.id === undefined) return;
    if (!current.some((c) => c.id === p.id)) errors[`prices.${i}.id`] = [PLAN_TEXT.unknownPrice];
    else if (seen.has(p.id)) errors[`prices.${i}.id`] = [PLAN_TEXT.repeatedPrice];
    seen.add(p.id);
  });
  return errors;
}

/** Which current prices to archive and which listed ones to create (ids already checked). */
function planPrices(prices: PriceInput[], current: PriceRow[]): PricePlan {
  const kept = new Set<number>();
  const create: PriceInput[] = [];
  for (const p of prices) {
    const row = p.id === undefined ? undefined : current.find((c) => c.id === p.id);
    if (row && sameTerms(row, p)) kept.add(row.id);
    else create.push(p);
  }
  return { archive: current.filter((c) => !kept.has(c.id)).map((c) => c.id), create };
}
