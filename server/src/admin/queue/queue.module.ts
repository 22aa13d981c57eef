import type { BillingModule } from '../../billing/billing.module.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { QueueRepository } from './queue.repository.ts';
import { QueueService } from './queue.service.ts';

/** The settings' Queue tab: the jobs table and staff's retries. */
export function createQueueModule(deps: { db: Database; billing: BillingModule; audit: AuditService; clock: Clock }) {
  return new QueueService({
    repo: new QueueRepository(deps.db),
    events: deps.billing.events,
    audit: deps.audit,
    clock: deps.clock,
  });
}
