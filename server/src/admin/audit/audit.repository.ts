import type { Insertable, Selectable } from 'kysely';
import type { AuditLogQuery } from '@kosh/contracts';
import type { Database } from '../../db/database.ts';
import type { AdminAuditLogTable } from '../../db/schema.ts';
import { endOfDay, pageOf, startOfDay } from '../list-page.ts';

export type AuditRow = Selectable<AdminAuditLogTable>;

export class AuditRepository {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  async insert(row: Insertable<AdminAuditLogTable>, db: Database = this.db): Promise<void> {
    await db.insertInto('admin_audit_log').values(row).execute();
  }

  /** Newest first by default; every filter is an indexed column (actor, action, target, time). */
  list(query: AuditLogQuery) {
    let base = this.db.selectFrom('admin_audit_log');
    if (query.actorId) base = base.where('actor_id', '=', query.actorId);
    if (query.action) base = base.where('action', '=', query.action);
    if (query.targetType) base = base.where('target_type', '=', query.targetType);
    if (query.targetId) base = base.where('target_id', '=', query.targetId);
    if (query.from) base = base.where('created_at', '>=', startOfDay(query.from));
    if (query.to) base = base.where('created_at', '<', endOfDay(query.to));
    const search = query.query;
    if (search) {
      const text = search.toLowerCase();
      base = base.where((eb) =>
        eb.or([eb('actor_email', '=', text), eb('action', '=', text), eb('target_label', '=', search)]),
      );
    }
    const dir = query.orderDir ?? 'desc';
    const rows = base.selectAll().orderBy('created_at', dir).orderBy('id', dir);
    const count = base.select((eb) => eb.fn.countAll<number>().as('total'));
    return pageOf(rows, count, query);
  }
}
