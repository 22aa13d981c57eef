import type { Selectable } from 'kysely';
import type { Database } from '../db/database.ts';
import type { BillingEventsTable, BillingGateway } from '../db/schema.ts';

export type BillingEventRow = Selectable<BillingEventsTable>;

/** How the note of an event set aside after its last attempt starts (the queue lists those as failed). */
export const SET_ASIDE_NOTE = 'Gave up after';

/** The gateways' webhook events: the jobs table their processing runs from. */
export class BillingEventsRepository {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  /** Keeps an event once per gateway and id; answers its row id, or null when it was already kept. */
  async add(event: { gateway: BillingGateway; event_id: string; type: string; payload: string }, at: string) {
    const row = await this.db
      .insertInto('billing_events')
      .values({ ...event, received_at: at, available_at: at, locked_until: null, processed_at: null, last_error: null })
      .onConflict((oc) => oc.columns(['gateway', 'event_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id ?? null;
  }

  /**
   * Leases a due event to this worker until `until`: one UPDATE that only one process can win,
   * so an event is never handled by two at once. Answers the row when this call won.
   */
  async claim(id: number, now: string, until: string): Promise<BillingEventRow | undefined> {
    const result = await this.db
      .updateTable('billing_events')
      .set((eb) => ({ locked_until: until, attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('processed_at', 'is', null)
      .where('available_at', '<=', now)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return undefined;
    return this.db.selectFrom('billing_events').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Ids of events due for an attempt, oldest first. */
  async due(now: string, limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('billing_events')
      .select('id')
      .where('processed_at', 'is', null)
      .where('available_at', '<=', now)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }

  async finish(id: number, at: string, note: string | null = null): Promise<void> {
    await this.db
      .updateTable('billing_events')
      .set({ processed_at: at, locked_until: null, last_error: note })
      .where('id', '=', id)
      .execute();
  }

  /**
   * Makes a pending event, or one set aside, due now with its attempts counted afresh; not one that
   * is leased to a process or was handled. Answers whether it did.
   */
  async requeue(id: number, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('billing_events')
      .set({ available_at: now, attempts: 0, processed_at: null, locked_until: null })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
      .where((eb) => eb.or([eb('processed_at', 'is', null), eb('last_error', 'like', `${SET_ASIDE_NOTE}%`)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async retryLater(id: number, availableAt: string, error: string): Promise<void> {
    await this.db
      .updateTable('billing_events')
      .set({ available_at: availableAt, locked_until: null, last_error: error.slice(0, 2000) })
      .where('id', '=', id)
      .execute();
  }
}
