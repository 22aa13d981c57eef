import type { BillingModule } from '../../billing/billing.module.ts';
import type { Clock } from '../../clock.ts';
import type { Database, Dialect } from '../../db/database.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { AdminSubscriptionsRepository } from './admin-subscriptions.repository.ts';
import { AdminSubscriptionsService } from './admin-subscriptions.service.ts';

/** The admin area's subscriptions screens. */
export function createAdminSubscriptionsModule(deps: {
  db: Database;
  dialect: Dialect;
  billing: BillingModule;
  audit: AuditService;
  clock: Clock;
}) {
  return new AdminSubscriptionsService({
    db: deps.db,
    dialect: deps.dialect,
    repo: new AdminSubscriptionsRepository(deps.db),
    plans: deps.billing.repos.plans,
    stripe: deps.billing.stripe,
    audit: deps.audit,
    clock: deps.clock,
  });
}
