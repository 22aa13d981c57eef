import { type ExpressionBuilder, sql } from 'kysely';
import type { AdminSubscriptionsQuery, SubscriptionState } from '@kosh/contracts';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { containsText, pageOf } from '../list-page.ts';

const CANCELED = ['canceled', 'incomplete_expired'];
const KNOWN = ['active', 'trialing', 'past_due', 'unpaid', ...CANCELED];

type Eb = ExpressionBuilder<DB, 'subscriptions'>;

/**
 * Each state of billing/subscription-state.ts as a condition on the row at `now`, the same rule
 * in SQL (keep the two in step): an end date past is the end; a future one is the grace period of a
 * cancelled plan, or the term of an active granted one.
 */
function stateIs(eb: Eb, state: SubscriptionState, now: string) {
  const ends = eb.ref('subscriptions.ends_at');
  const status = eb.ref('subscriptions.status');
  const grantedActive = eb.and([eb('subscriptions.gateway', '=', 'none'), eb(status, '=', 'active')]);
  switch (state) {
    case 'ended':
      return eb.or([eb(ends, '<=', now), eb.and([eb(ends, 'is', null), eb(status, 'in', CANCELED)])]);
    case 'cancelled':
      return eb.and([eb(ends, '>', now), eb.not(grantedActive)]);
    case 'active':
      return eb.or([
        eb.and([eb(ends, 'is', null), eb(status, '=', 'active')]),
        eb.and([eb(ends, '>', now), grantedActive]),
      ]);
    case 'trialing':
      return eb.and([eb(ends, 'is', null), eb(status, '=', 'trialing')]);
    case 'past_due':
      return eb.and([eb(ends, 'is', null), eb(status, 'in', ['past_due', 'unpaid'])]);
    case 'incomplete':
      return eb.and([eb(ends, 'is', null), eb(status, 'not in', KNOWN)]);
  }
}

const COLUMNS = [
  'subscriptions.id',
  'subscriptions.user_id',
  'subscriptions.product_id',
  'subscriptions.price_id',
  'subscriptions.gateway',
  'subscriptions.gateway_id',
  'subscriptions.status',
  'subscriptions.renews_at',
  'subscriptions.ends_at',
  'subscriptions.trial_ends_at',
  'subscriptions.created_at',
  'users.email',
  'users.first_name',
  'users.last_name',
  'products.name as product_name',
  'products.available_space',
] as const;

/** Every subscription as staff look at them: filtered, paged, with its user and plan. */
export class AdminSubscriptionsRepository {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  private base() {
    return this.db
      .selectFrom('subscriptions')
      .innerJoin('users', 'users.id', 'subscriptions.user_id')
      .innerJoin('products', 'products.id', 'subscriptions.product_id');
  }

  async list(query: AdminSubscriptionsQuery, now: string) {
    let base = this.base();
    if (query.state) {
      const state = query.state;
      base = base.where((eb) => stateIs(eb as unknown as Eb, state, now));
    }
    if (query.gateway) base = base.where('subscriptions.gateway', '=', query.gateway);
    if (query.productId) base = base.where('subscriptions.product_id', '=', query.productId);
    if (query.userId) base = base.where('subscriptions.user_id', '=', query.userId);
    const search = query.query;
    if (search)
      base = base.where((eb) =>
        eb.or([containsText('users.email', search), containsText('subscriptions.gateway_id', search)]),
      );
    const column = query.orderBy ?? 'created_at';
    const dir = query.orderDir ?? 'desc';
    const rows = base
      .select(COLUMNS)
      .orderBy(sql.ref(`subscriptions.${column}`), dir)
      .orderBy('subscriptions.id', dir);
    return pageOf(
      rows,
      base.select((eb) => eb.fn.countAll<number>().as('total')),
      query,
    );
  }

  get(id: number) {
    return this.base().select(COLUMNS).where('subscriptions.id', '=', id).executeTakeFirst();
  }
}

export type AdminSubscriptionRecord = NonNullable<Awaited<ReturnType<AdminSubscriptionsRepository['get']>>>;
