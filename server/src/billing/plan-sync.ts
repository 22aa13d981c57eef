import type { SyncPlansResponse } from '@kosh/contracts';
import type { Logger } from 'pino';
import type { Database } from '../db/database.ts';
import type { GatewayColumn, PlansAdminRepository } from './plans-admin.repository.ts';
import type { ProductRow } from './plans.repository.ts';

/** A gateway's ids of a deleted plan and its prices, read before the rows went. */
export type RemovedPlan = { product: string | null; prices: string[] };

/** One gateway's copy of the plans: Stripe's products and prices, PayPal's catalog and billing plans. */
export interface PlanSyncTarget {
  readonly name: string;
  /** The column of products and prices holding this gateway's ids. */
  readonly column: GatewayColumn;
  isConfigured(): Promise<boolean>;
  /** Brings one plan and its prices in line at the gateway, adding what it did to `counts`. */
  syncOne(plan: ProductRow, counts: SyncPlansResponse): Promise<void>;
  archiveRemoved(removed: RemovedPlan): Promise<SyncPlansResponse>;
}

export const emptySyncCounts = (): SyncPlansResponse => ({
  products_created: 0,
  products_updated: 0,
  prices_created: 0,
  prices_archived: 0,
});

/** The plans' sync with every configured gateway, its counts added up. */
export class PlanSync {
  private readonly targets: readonly PlanSyncTarget[];
  private readonly repo: Pick<PlansAdminRepository, 'gatewayIdsOf' | 'listAll' | 'getById'>;
  private readonly logger: Logger;
  constructor(deps: {
    targets: readonly PlanSyncTarget[];
    repo: Pick<PlansAdminRepository, 'gatewayIdsOf' | 'listAll' | 'getById'>;
    logger: Logger;
  }) {
    this.targets = deps.targets;
    this.repo = deps.repo;
    this.logger = deps.logger;
  }

  async isConfigured(): Promise<boolean> {
    return (await this.configured()).length > 0;
  }

  /** Every plan at every configured gateway; throws the first gateway's error. */
  async syncAll(): Promise<SyncPlansResponse> {
    const counts = emptySyncCounts();
    const plans = await this.repo.listAll();
    for (const target of await this.configured()) for (const plan of plans) await target.syncOne(plan, counts);
    return counts;
  }

  /**
   * After a plan was saved: each configured gateway in turn. A failure is logged, not thrown (the
   * plan is saved; staff may "Sync plans" later), and does not stop the other gateways.
   */
  async afterSave(productId: number): Promise<void> {
    for (const target of await this.configured()) {
      await this.quietly(target, `plan ${productId}`, async () => {
        // Read afresh for each gateway: the plan may have been deleted meanwhile.
        const plan = await this.repo.getById(productId);
        if (plan) await target.syncOne(plan, emptySyncCounts());
      });
    }
  }

  /** The gateways' ids of a plan about to be deleted, read in its transaction. */
  async removedOf(productId: number, db: Database): Promise<Map<PlanSyncTarget, RemovedPlan>> {
    const removed = new Map<PlanSyncTarget, RemovedPlan>();
    for (const target of this.targets) {
      const ids = await this.repo.gatewayIdsOf(productId, target.column, db);
      if (ids.product || ids.prices.length) removed.set(target, ids);
    }
    return removed;
  }

  /** After a plan was deleted: its prices archived at each gateway that had them, quietly. */
  async afterDelete(productId: number, removed: Map<PlanSyncTarget, RemovedPlan>): Promise<void> {
    for (const [target, ids] of removed) {
      if (await target.isConfigured())
        await this.quietly(target, `deleted plan ${productId}`, () => target.archiveRemoved(ids));
    }
  }

  private async configured(): Promise<PlanSyncTarget[]> {
    const flags = await Promise.all(this.targets.map((target) => target.isConfigured()));
    return this.targets.filter((_, i) => flags[i]);
  }

  private async quietly(target: PlanSyncTarget, what: string, work: () => Promise<unknown>) {
    try {
      await work();
    } catch (error) {
      this.logger.warn({ err: error }, `${target.name} sync of ${what} failed; "Sync plans" tries again`);
    }
  }
}
