import { Permission, type AuditEntry, type AuditLogQuery, type AuditLogPage } from '@kosh/contracts';
import type { Actor } from '../../auth/actor.ts';
import { systemClock, type Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import type { AuditRepository, AuditRow } from './audit.repository.ts';
import { storedJson } from '../list-page.ts';

/** What a staff change touched: the verb, the record, and the fields as they were and became. */
export type AuditChange = {
  action: string;
  targetType: string;
  targetId?: string | number | null;
  targetLabel?: string | null;
  before?: unknown;
  after?: unknown;
};

/** The request a change came from: who, through whom, from where. */
export type AuditSource = { actor: Actor; ip?: string | null };

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

/**
 * The admin audit log: every staff change is recorded with who made it (and who was behind a
 * "log in as user" session), when, and the values before and after. Callers write the row in
 * the transaction of the change itself, so a change and its record land or fail together.
 */
export class AuditService {
  private readonly repo: AuditRepository;
  private readonly clock: Clock;
  constructor(deps: { repo: AuditRepository; clock?: Clock }) {
    this.repo = deps.repo;
    this.clock = deps.clock ?? systemClock;
  }

  async record(source: AuditSource, change: AuditChange, db?: Database): Promise<void> {
    const { user, impersonator } = source.actor;
    await this.repo.insert(
      {
        actor_id: user?.id ?? null,
        actor_email: user?.email ?? null,
        impersonator_id: impersonator?.id ?? null,
        impersonator_email: impersonator?.email ?? null,
        action: change.action,
        target_type: change.targetType,
        target_id: change.targetId === undefined || change.targetId === null ? null : String(change.targetId),
        target_label: change.targetLabel ?? null,
        before: json(change.before),
        after: json(change.after),
        ip: source.ip ?? null,
        created_at: this.clock().toISOString(),
      },
      db,
    );
  }

  /** The log for staff who may read logs (logs.view). */
  async list(actor: Actor, query: AuditLogQuery): Promise<AuditLogPage> {
    actor.authorize(Permission.logsView);
    const { rows, page } = await this.repo.list(query);
    return { pagination: { ...page, data: rows.map(present) } };
  }
}

function present(row: AuditRow): AuditEntry {
  const person = (id: number | null, email: string | null) => (id === null ? null : { id, email: email ?? '' });
  return {
    id: row.id,
    actor: person(row.actor_id, row.actor_email),
    impersonator: person(row.impersonator_id, row.impersonator_email),
    action: row.action,
    target_type: row.target_type,
    target_id: row.target_id,
    target_label: row.target_label,
    before: storedJson(row.before),
    after: storedJson(row.after),
    ip: row.ip,
    created_at: row.created_at,
  };
}
