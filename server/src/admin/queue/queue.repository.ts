import type { ExpressionBuilder, Selectable } from 'kysely';
import type { QueueState } from '@kosh/contracts';
import { SET_ASIDE_NOTE } from '../../billing/billing-events.repository.ts';
import type { Database } from '../../db/database.ts';
import type { BillingEventsTable, DB } from '../../db/schema.ts';

export type QueueRow = Omit<Selectable<BillingEventsTable>, 'payload'>;

type Events = ExpressionBuilder<DB, 'billing_events'>;

/** The condition of each state at `now` (the same rule as the events' lease and their set-aside note). */
function inState(eb: Events, state: QueueState, now: string) {
  const setAside = eb('last_error', 'like', `${SET_ASIDE_NOTE}%`);
  switch (state) {
    case 'running':
      return eb.and([eb('processed_at', 'is', null), eb('locked_until', '>', now)]);
    case 'pending':
      return eb.and([
        eb('processed_at', 'is', null),
        eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]),
      ]);
    case 'failed':
      return eb.and([eb('processed_at', 'is not', null), setAside]);
    case 'done':
      return eb.and([eb('processed_at', 'is not', null), eb.or([eb('last_error', 'is', null), eb.not(setAside)])]);
  }
}

/** Where a job stands at `now`, by the same rule as `inState`. */
export function stateOf(row: QueueRow, now: string): QueueState {
  if (row.processed_at === null) return row.locked_until !== null && row.locked_until > now ? 'running' : 'pending';
  return row.last_error?.startsWith(SET_ASIDE_NOTE) ? 'failed' : 'done';
}

const COLUMNS = [
  'id',
  'gateway',
  'event_id',
  'type',
  'received_at',
  'available_at',
  'locked_until',
  'attempts',
  'processed_at',
  'last_error',
] as const;

/** The queue's jobs as the settings' Queue tab lists them (read only; the billing area runs them). */
export class QueueRepository {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  async list(state: QueueState | undefined, now: string, page: { offset: number; limit: number }) {
    const filtered = this.db
      .selectFrom('billing_events')
      .$if(state !== undefined, (q) => q.where((eb) => inState(eb, state as QueueState, now)));
    const [rows, total] = await Promise.all([
      filtered.select(COLUMNS).orderBy('id', 'desc').offset(page.offset).limit(page.limit).execute(),
      filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }

  async counts(now: string): Promise<Record<QueueState, number>> {
    const count = (state: QueueState) =>
      this.db
        .selectFrom('billing_events')
        .where((eb) => inState(eb, state, now))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n));
    const [pending, running, failed, done] = await Promise.all([
      count('pending'),
      count('running'),
      count('failed'),
      count('done'),
    ]);
    return { pending, running, failed, done };
  }

  getById(id: number): Promise<QueueRow | undefined> {
    return this.db.selectFrom('billing_events').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  }
}
