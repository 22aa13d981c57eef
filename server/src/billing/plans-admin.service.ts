import { type AdminPlan, type ListAdminPlansResponse, Permission, type SyncPlansResponse } from '@kosh/contracts';
import type { AuditService, AuditSource } from '../admin/audit/audit.service.ts';
import type { Actor } from '../auth/actor.ts';
import { systemClock, type Clock } from '../clock.ts';
import { AppError, conflict, validation } from '../http/app-error.ts';
import { gatewayError } from './gateway-error.ts';
import type { PlansAdminRepository } from './plans-admin.repository.ts';
import { presentProduct } from './plans.presenter.ts';
import type { PlansRepository } from './plans.repository.ts';
import type { PlanChangeHook } from './plans.service.ts';
import type { PlanSync } from './plan-sync.ts';

export const PLANS_ADMIN_TEXT = {
  notConfigured: 'No payment gateway is configured.',
  wrongSet: 'List every plan exactly once.',
} as const;

type Deps = {
  repo: PlansAdminRepository;
  plans: Pick<PlansRepository, 'listCurrentPrices'>;
  sync: PlanSync;
  audit: AuditService;
  clock?: Clock;
};

/**
 * The admin area's plans (permission plans.update): every plan with its subscribers, their order
 * on the pricing page, and their sync with Stripe. Saving and deleting a plan go through
 * PlansService, whose change hook (`onPlanChange`) audits and syncs here.
 */
export class PlansAdminService {
  private readonly deps: Deps;
  private readonly clock: Clock;
  constructor(deps: Deps) {
    this.deps = deps;
    this.clock = deps.clock ?? systemClock;
  }

  /** Every plan, hidden ones too, by position, with its current prices and valid subscriptions. */
  async list(actor: Actor): Promise<ListAdminPlansResponse> {
    actor.authorize(Permission.plansUpdate);
    const rows = await this.deps.repo.listAll();
    const prices = await this.deps.plans.listCurrentPrices(rows.map((r) => r.id));
    const counts = await this.deps.repo.subscriberCounts(this.clock().toISOString());
    const plans = rows.map(
      (row): AdminPlan => ({
        ...presentProduct(
          row,
          prices.filter((p) => p.product_id === row.id),
        ),
        subscribers_count: counts.get(row.id) ?? 0,
      }),
    );
    return { plans };
  }

  /**
   * Sets every plan's position to its index in `ids`, in one transaction holding the plans' rows,
   * so two reorders at once land one after the other. 422 unless `ids` is exactly the set of plans.
   */
  async reorder(source: AuditSource, ids: number[]): Promise<void> {
    source.actor.authorize(Permission.plansUpdate);
    await this.deps.repo.writeTransaction(async (trx) => {
      const rows = await this.deps.repo.listAll(trx, true);
      const known = new Set(rows.map((r) => r.id));
      const isSameSet =
        new Set(ids).size === ids.length && ids.length === known.size && ids.every((id) => known.has(id));
      if (!isSameSet) throw validation({ ids: [PLANS_ADMIN_TEXT.wrongSet] });
      await this.deps.repo.setPositions(ids, trx);
      const change = {
        action: 'plan.reorder',
        targetType: 'plan',
        before: { ids: rows.map((r) => r.id) },
        after: { ids },
      };
      await this.deps.audit.record(source, change, trx);
    });
  }

  /** Pushes every plan and price to each configured gateway; 409 without any, 502 when one fails. */
  async sync(source: AuditSource): Promise<SyncPlansResponse> {
    source.actor.authorize(Permission.plansUpdate);
    if (!(await this.deps.sync.isConfigured())) throw conflict(PLANS_ADMIN_TEXT.notConfigured);
    let counts: SyncPlansResponse;
    try {
      counts = await this.deps.sync.syncAll();
    } catch (error) {
      const mapped = gatewayError(error);
      throw mapped instanceof AppError ? mapped : error;
    }
    await this.deps.audit.record(source, { action: 'plan.sync', targetType: 'plan', after: counts });
    return counts;
  }

  /** PlansService's hook: the audit row in the change's transaction, then the plan's sync with the gateways. */
  readonly onPlanChange: PlanChangeHook = async (change, trx) => {
    const target = change.after ?? change.before;
    await this.deps.audit.record(
      { actor: change.actor, ip: change.ip },
      {
        action: change.action,
        targetType: 'plan',
        targetId: change.productId,
        targetLabel: target?.name ?? null,
        before: change.before,
        after: change.after,
      },
      trx,
    );
    const { sync } = this.deps;
    if (change.action !== 'plan.delete') return () => sync.afterSave(change.productId);
    const removed = await sync.removedOf(change.productId, trx);
    if (!removed.size) return undefined;
    return () => sync.afterDelete(change.productId, removed);
  };
}
