import type { SyncPlansResponse } from '@kosh/contracts';
import type { Logger } from 'pino';
import type { PlansAdminRepository } from '../plans-admin.repository.ts';
import type { ProductRow } from '../plans.repository.ts';
import type { StripeCatalog } from './stripe-catalog.ts';
import type { StripeGateway } from './stripe-gateway.ts';

/** Stripe's ids of a deleted plan and its prices, read before the rows went. */
export type RemovedPlan = { product: string | null; prices: string[] };

const emptyCounts = (): SyncPlansResponse => ({
  products_created: 0,
  products_updated: 0,
  prices_created: 0,
  prices_archived: 0,
});

/**
 * Brings Stripe's products and prices in line with Kosh's plans: a product per plan (hidden plans
 * stay active: their subscribers renew), a Stripe price per current price, archived prices and
 * deleted plans inactive. Prices at Stripe never change terms; Kosh archives and adds instead.
 * Idempotent: a second run finds nothing to do.
 */
export class StripePlanSync {
  private readonly gateway: StripeGateway;
  private readonly catalog: StripeCatalog;
  private readonly repo: Pick<PlansAdminRepository, 'listAll' | 'getById' | 'listPricesToSync'>;
  private readonly logger: Logger;
  constructor(deps: {
    gateway: StripeGateway;
    catalog: StripeCatalog;
    repo: Pick<PlansAdminRepository, 'listAll' | 'getById' | 'listPricesToSync'>;
    logger: Logger;
  }) {
    this.gateway = deps.gateway;
    this.catalog = deps.catalog;
    this.repo = deps.repo;
    this.logger = deps.logger;
  }

  isConfigured(): Promise<boolean> {
    return this.gateway.isConfigured();
  }

  /** Every plan; throws the SDK's error when Stripe refuses or cannot be reached. */
  async syncAll(): Promise<SyncPlansResponse> {
    const counts = emptyCounts();
    for (const plan of await this.repo.listAll()) await this.syncOne(plan, counts);
    return counts;
  }

  /** One plan, after staff saved it; an unknown id (deleted meanwhile) does nothing. */
  async syncPlan(productId: number): Promise<SyncPlansResponse> {
    const counts = emptyCounts();
    const plan = await this.repo.getById(productId);
    if (plan) await this.syncOne(plan, counts);
    return counts;
  }

  /** Archives at Stripe the product and prices of a plan deleted in Kosh. */
  async archiveRemoved(removed: RemovedPlan): Promise<SyncPlansResponse> {
    const counts = emptyCounts();
    const stripe = await this.gateway.client();
    for (const id of removed.prices) {
      if ((await stripe.prices.retrieve(id)).active) {
        await stripe.prices.update(id, { active: false });
        counts.prices_archived++;
      }
    }
    if (removed.product && (await stripe.products.retrieve(removed.product)).active) {
      await stripe.products.update(removed.product, { active: false });
      counts.products_updated++;
    }
    return counts;
  }

  /** The post-save sync: Stripe not configured skips it, a failure is logged (staff may "Sync plans" later). */
  async quietly(what: string, work: () => Promise<SyncPlansResponse>): Promise<void> {
    try {
      if (!(await this.isConfigured())) return;
      await work();
    } catch (error) {
      this.logger.warn({ err: error }, `Stripe sync of ${what} failed; "Sync plans" tries again`);
    }
  }

  private async syncOne(plan: ProductRow, counts: SyncPlansResponse): Promise<void> {
    const stripe = await this.gateway.client();
    const product = await this.catalog.ensureProduct(plan);
    if (product.created) counts.products_created++;
    else {
      const current = await stripe.products.retrieve(product.id);
      const description = plan.description ?? '';
      if (current.name !== plan.name || (current.description ?? '') !== description || !current.active) {
        await stripe.products.update(product.id, { name: plan.name, description, active: true });
        counts.products_updated++;
      }
    }
    const synced = { ...plan, stripe_id: product.id };
    for (const price of await this.repo.listPricesToSync([plan.id])) {
      if (price.archived_at === null) {
        await this.catalog.priceId(synced, price);
        counts.prices_created++;
      } else if (price.stripe_id && (await stripe.prices.retrieve(price.stripe_id)).active) {
        await stripe.prices.update(price.stripe_id, { active: false });
        counts.prices_archived++;
      }
    }
  }
}
