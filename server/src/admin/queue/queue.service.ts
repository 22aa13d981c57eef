import {
  type ListQueueQuery,
  type ListQueueResponse,
  Permission,
  QUEUE_MESSAGES,
  type QueueJob,
} from '@kosh/contracts';
import type { BillingEventsService } from '../../billing/billing-events.service.ts';
import type { Clock } from '../../clock.ts';
import { conflict, notFound } from '../../http/app-error.ts';
import type { AuditService, AuditSource } from '../audit/audit.service.ts';
import { type QueueRepository, type QueueRow, stateOf } from './queue.repository.ts';

/**
 * The settings' Queue tab (spec part 2: queue): the jobs Kosh runs from its jobs table — the
 * payment gateways' webhook events — pending, running, failed after their last attempt, or done,
 * and staff's retry of a pending or failed one. Permission settings.update.
 */
export class QueueService {
  private readonly repo: QueueRepository;
  private readonly events: Pick<BillingEventsService, 'retryNow'>;
  private readonly audit: AuditService;
  private readonly clock: Clock;
  constructor(deps: {
    repo: QueueRepository;
    events: Pick<BillingEventsService, 'retryNow'>;
    audit: AuditService;
    clock: Clock;
  }) {
    this.repo = deps.repo;
    this.events = deps.events;
    this.audit = deps.audit;
    this.clock = deps.clock;
  }

  async list(source: AuditSource, query: ListQueueQuery): Promise<ListQueueResponse> {
    source.actor.authorize(Permission.settingsUpdate);
    const now = this.clock().toISOString();
    const [{ rows, total }, counts] = await Promise.all([
      this.repo.list(query.state, now, { offset: (query.page - 1) * query.per_page, limit: query.per_page }),
      this.repo.counts(now),
    ]);
    return {
      counts,
      pagination: {
        data: rows.map((row) => present(row, now)),
        current_page: query.page,
        last_page: Math.max(1, Math.ceil(total / query.per_page)),
        per_page: query.per_page,
        total,
      },
    };
  }

  /** Runs a pending or failed job now; 409 for one running or done. Audited. */
  async retry(source: AuditSource, id: number): Promise<QueueJob> {
    source.actor.authorize(Permission.settingsUpdate);
    const before = await this.repo.getById(id);
    if (!before) throw notFound();
    if (!(await this.events.retryNow(id))) throw conflict(QUEUE_MESSAGES.notRetryable);
    const after = await this.repo.getById(id);
    if (!after) throw notFound();
    await this.audit.record(source, {
      action: 'queue.retry',
      targetType: 'queue_job',
      targetId: id,
      targetLabel: `${before.gateway} ${before.type}`,
      before: { attempts: before.attempts, last_error: before.last_error },
      after: { state: stateOf(after, this.clock().toISOString()), last_error: after.last_error },
    });
    return present(after, this.clock().toISOString());
  }
}

function present(row: QueueRow, now: string): QueueJob {
  return {
    id: row.id,
    queue: 'billing-events',
    gateway: row.gateway,
    type: row.type,
    event_id: row.event_id,
    state: stateOf(row, now),
    attempts: row.attempts,
    received_at: row.received_at,
    available_at: row.available_at,
    processed_at: row.processed_at,
    last_error: row.last_error,
  };
}
