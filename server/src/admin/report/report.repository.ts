import { type SelectQueryBuilder, sql } from 'kysely';
import { type Database, isPostgres } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { validSubscriptionAt } from '../valid-subscriptions.ts';
import type { Span } from './report-range.ts';

export type SessionColumn = 'country' | 'browser' | 'platform';
export type EntryCounts = { files: number; folders: number; bytes: number };
type EntrySums = { i: number; entries: unknown; folders: unknown; bytes: unknown };
export type UserSummaryRow = {
  id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  image: string | null;
};

// PostgreSQL answers count() as bigint (a number, db/database.ts) and sum() of bigint as numeric (a
// string); SQLite answers null for the sum of no rows. Every figure goes through this.
const num = (value: unknown): number => Number(value ?? 0);

/**
 * Queries of the admin report. Counts per span are one statement of UNION ALL parts, each a range
 * condition on an indexed created_at (migration 0018), so every span reads only its own rows.
 */
export class ReportRepository {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  /** Users created in each span, in order. */
  async countUsersCreated(spans: Span[]): Promise<number[]> {
    const parts = spans.map((s, i) =>
      this.db
        .selectFrom('users')
        .select([sql<number>`${sql.lit(i)}`.as('i'), (eb) => eb.fn.countAll<number>().as('n')])
        .where('created_at', '>=', s.lo)
        .where('created_at', '<', s.hi),
    );
    return inOrder(await unionAll(parts).execute(), spans.length, (r) => num(r.n), 0);
  }

  /** Files, folders and bytes of files created in each span (trash included), in order. */
  async countEntriesCreated(spans: Span[]): Promise<EntryCounts[]> {
    // SQLite's planner, led by its samples of the admin list indexes on created_at and (type, created_at),
    // reads some months through them and the table (up to 30 times slower): name the covering index.
    const from = isPostgres(this.db) ? sql`file_entries` : sql`file_entries indexed by fe_created_idx`;
    const parts = spans.map(
      (s, i) => sql`select ${sql.lit(i)} as i, count(*) as entries, sum(is_folder) as folders,
        sum(file_size) as bytes from ${from} where created_at >= ${s.lo} and created_at < ${s.hi}`,
    );
    const { rows } = await sql<EntrySums>`${sql.join(parts, sql` union all `)}`.execute(this.db);
    const empty = { files: 0, folders: 0, bytes: 0 };
    return inOrder(
      rows,
      spans.length,
      (r) => ({ files: num(r.entries) - num(r.folders), folders: num(r.folders), bytes: num(r.bytes) }),
      empty,
    );
  }

  /** Shareable links created in each span, in order. */
  async countLinksCreated(spans: Span[]): Promise<number[]> {
    const parts = spans.map((s, i) =>
      this.db
        .selectFrom('shareable_links')
        .select([sql<number>`${sql.lit(i)}`.as('i'), (eb) => eb.fn.countAll<number>().as('n')])
        .where('created_at', '>=', s.lo)
        .where('created_at', '<', s.hi),
    );
    return inOrder(await unionAll(parts).execute(), spans.length, (r) => num(r.n), 0);
  }

  /** Bytes of the entries (trash included) created at or after an instant. */
  async sumBytesCreatedSince(at: string): Promise<number> {
    const row = await this.db
      .selectFrom('file_entries')
      .select((eb) => eb.fn.sum<number>('file_size').as('bytes'))
      .where('created_at', '>=', at)
      .executeTakeFirst();
    return num(row?.bytes);
  }

  /**
   * Distinct users with a session or a personal access token in use during the span: one counts
   * from its creation to its last activity.
   */
  async countActiveUsers(span: Span): Promise<number> {
    const sessions = this.db
      .selectFrom('sessions')
      .select('user_id')
      .where('last_active', '>=', span.lo)
      .where('created_at', '<', span.hi);
    const tokens = this.db
      .selectFrom('personal_access_tokens')
      .select('user_id')
      .where('last_used_at', '>=', span.lo)
      .where('created_at', '<', span.hi);
    // UNION ALL and one distinct count: a plain UNION makes SQLite merge both tables in user order.
    const row = await this.db
      .selectFrom(sessions.unionAll(tokens).as('active'))
      .select((eb) => eb.fn.count<number>('user_id').distinct().as('n'))
      .executeTakeFirst();
    return num(row?.n);
  }

  /**
   * Distinct users per value of a session column (country, browser, platform) over sessions active in
   * the span: distinct (value, user) pairs first, then counted per value (cheaper than count(distinct)).
   */
  async countUsersBy(column: SessionColumn, span: Span): Promise<Array<{ name: string | null; users: number }>> {
    const pairs = this.db
      .selectFrom('sessions')
      .select([`${column} as name`, 'user_id'])
      .where('last_active', '>=', span.lo)
      .where('created_at', '<', span.hi)
      .groupBy([column, 'user_id']);
    const rows = await this.db
      .selectFrom(pairs.as('pairs'))
      .select(['pairs.name', (eb) => eb.fn.countAll<number>().as('users')])
      .groupBy('pairs.name')
      .execute();
    return rows.map((r) => ({ name: r.name, users: num(r.users) }));
  }

  /** Files and their bytes per type, trash included: the whole table, read from an index alone. */
  async sumSpaceByType(): Promise<Array<{ type: string; bytes: number; files: number }>> {
    const rows = await this.db
      .selectFrom('file_entries')
      .select([
        'type',
        (eb) => eb.fn.countAll<number>().as('files'),
        (eb) => eb.fn.sum<number>('file_size').as('bytes'),
      ])
      .where('is_folder', '=', 0)
      .groupBy('type')
      .execute();
    return rows.map((r) => ({ type: r.type, bytes: num(r.bytes), files: num(r.files) }));
  }

  /** The owners of the most bytes (trash included), most first, with how many files they own. */
  async listTopOwnersBySpace(limit: number): Promise<Array<{ ownerId: number; bytes: number; files: number }>> {
    const rows = await this.db
      .selectFrom('file_entries')
      .select([
        'owner_id',
        (eb) => eb.fn.countAll<number>().as('files'),
        (eb) => eb.fn.sum<number>('file_size').as('bytes'),
      ])
      .where('is_folder', '=', 0)
      .groupBy('owner_id')
      .orderBy('bytes', 'desc')
      .orderBy('owner_id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ ownerId: r.owner_id, bytes: num(r.bytes), files: num(r.files) }));
  }

  /** Subscriptions valid at an instant (admin/valid-subscriptions.ts). */
  async countValidSubscriptions(at: string): Promise<number> {
    const row = await this.db
      .selectFrom('subscriptions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) => validSubscriptionAt(eb, at))
      .executeTakeFirst();
    return num(row?.n);
  }

  /** Minor units of the invoices paid in each span, per currency: a list per span, in order. */
  async sumRevenue(spans: Span[]): Promise<Array<Array<{ currency: string; amount: number }>>> {
    const parts = spans.map((s, i) =>
      this.db
        .selectFrom('invoices')
        .select([sql<number>`${sql.lit(i)}`.as('i'), 'currency', (eb) => eb.fn.sum<number>('amount').as('amount')])
        .where('status', '=', 'paid')
        .where('paid_at', '>=', s.lo)
        .where('paid_at', '<', s.hi)
        .groupBy('currency'),
    );
    const out = spans.map((): Array<{ currency: string; amount: number }> => []);
    for (const row of await unionAll(parts).execute())
      out[Number(row.i)].push({ currency: row.currency, amount: num(row.amount) });
    return out;
  }

  async listUsersByIds(ids: number[]): Promise<UserSummaryRow[]> {
    if (!ids.length) return [];
    return this.db
      .selectFrom('users')
      .select(['id', 'email', 'first_name', 'last_name', 'image'])
      .where('id', 'in', ids)
      .execute();
  }
}

/** One statement of the parts joined by UNION ALL (each part keeps its own range scan). */
function unionAll<T extends keyof DB, R extends { i: number }>(
  parts: Array<SelectQueryBuilder<DB, T, R>>,
): SelectQueryBuilder<DB, T, R> {
  return parts.slice(1).reduce((query, part) => query.unionAll(part), parts[0]);
}

/** Rows tagged with their span's index, as an array in span order. */
function inOrder<R extends { i: number }, T>(rows: R[], length: number, map: (row: R) => T, empty: T): T[] {
  const out = Array.from({ length }, () => empty);
  for (const row of rows) out[Number(row.i)] = map(row);
  return out;
}
