import type { SyncPlansResponse } from '@kosh/contracts';
import { ApiError, SubscriptionPlanStatus } from '@paypal/paypal-server-sdk';
import type { PlansAdminRepository } from '../plans-admin.repository.ts';
import type { ProductRow } from '../plans.repository.ts';
import { emptySyncCounts, type PlanSyncTarget, type RemovedPlan } from '../plan-sync.ts';
import type { PayPalCatalog } from './paypal-catalog.ts';
import type { PayPalGateway } from './paypal-gateway.ts';

/**
 * Brings PayPal's catalog in line with Kosh's plans: the one catalog product they live under, a
 * PayPal billing plan per current price, and the billing plans of archived prices and deleted plans
 * deactivated. Idempotent.
 */
export class PayPalPlanSync implements PlanSyncTarget {
  readonly name = 'PayPal';
  readonly column = 'paypal_id' as const;
  private readonly gateway: PayPalGateway;
  private readonly catalog: PayPalCatalog;
  private readonly repo: Pick<PlansAdminRepository, 'listPricesToSync'>;
  constructor(deps: {
    gateway: PayPalGateway;
    catalog: PayPalCatalog;
    repo: Pick<PlansAdminRepository, 'listPricesToSync'>;
  }) {
    this.gateway = deps.gateway;
    this.catalog = deps.catalog;
    this.repo = deps.repo;
  }

  isConfigured(): Promise<boolean> {
    return this.gateway.isConfigured();
  }

  async archiveRemoved(removed: RemovedPlan): Promise<SyncPlansResponse> {
    const counts = emptySyncCounts();
    for (const id of removed.prices) if (await this.deactivate(id)) counts.prices_archived++;
    return counts;
  }

  async syncOne(plan: ProductRow, counts: SyncPlansResponse): Promise<void> {
    const product = await this.catalog.ensureProduct();
    if (product.created) counts.products_created++;
    const synced = { ...plan, paypal_id: product.id };
    for (const price of await this.repo.listPricesToSync([plan.id], 'paypal_id')) {
      if (price.archived_at === null) {
        await this.catalog.planId(synced, price);
        counts.prices_created++;
      } else if (price.paypal_id && (await this.deactivate(price.paypal_id))) counts.prices_archived++;
    }
  }

  /** Deactivates a billing plan still active; one PayPal no longer knows counts as done. */
  private async deactivate(planId: string): Promise<boolean> {
    const subscriptions = await this.gateway.subscriptions();
    try {
      const { result } = await subscriptions.getBillingPlan(planId);
      if (result.status !== SubscriptionPlanStatus.Active) return false;
      await subscriptions.deactivateBillingPlan(planId);
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.statusCode === 404) return false;
      throw error;
    }
  }
}
