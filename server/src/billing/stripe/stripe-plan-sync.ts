import type { SyncPlansResponse } from '@kosh/contracts';
import type { PlansAdminRepository } from '../plans-admin.repository.ts';
import { emptySyncCounts, type PlanSyncTarget, type RemovedPlan } from '../plan-sync.ts';
import type { ProductRow } from '../plans.repository.ts';
import type { StripeCatalog } from './stripe-catalog.ts';
import type { StripeGateway } from './stripe-gateway.ts';

/**
 * Brings Stripe's products and prices in line with Kosh's plans: a product per plan (hidden plans
 * stay active: their subscribers renew), a Stripe price per current price, archived prices and
 * deleted plans inactive. Prices at Stripe never change terms; Kosh archives and adds instead.
 * Idempotent: a second run finds nothing to do.
 */
export class StripePlanSync implements PlanSyncTarget {
  readonly name = 'Stripe';
  readonly column = 'stripe_id' as const;
  private readonly gateway: StripeGateway;
  private readonly catalog: StripeCatalog;
  private readonly repo: Pick<PlansAdminRepository, 'listPricesToSync'>;
  constructor(deps: {
    gateway: StripeGateway;
    catalog: StripeCatalog;
    repo: Pick<PlansAdminRepository, 'listPricesToSync'>;
  }) {
    this.gateway = deps.gateway;
    this.catalog = deps.catalog;
    this.repo = deps.repo;
  }

  isConfigured(): Promise<boolean> {
    return this.gateway.isConfigured();
  }

  /** Archives at Stripe the product and prices of a plan deleted in Kosh. */
  async archiveRemoved(removed: RemovedPlan): Promise<SyncPlansResponse> {
    const counts = emptySyncCounts();
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

  async syncOne(plan: ProductRow, counts: SyncPlansResponse): Promise<void> {
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
