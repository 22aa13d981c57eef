import { type ExpressionBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { AdminUsersExportQuery, AdminUsersQuery } from '@kosh/contracts';
import type { Database, Dialect } from '../../db/database.ts';
import { USER_SEARCH_TEXT } from '../../db/migrations/0019-admin-users.ts';
import type { DB } from '../../db/schema.ts';
import { containsPattern, endOfDay, pageOf, startOfDay } from '../list-page.ts';
import { validSubscriptionAt } from '../valid-subscriptions.ts';

/** The columns of users an admin list row is made of. */
const LIST_COLUMNS = [
  'users.id',
  'users.email',
  'users.first_name',
  'users.last_name',
  'users.image',
  'users.email_verified_at',
  'users.banned_at',
  'users.banned_until',
  'users.ban_reason',
  'users.available_space',
  'users.last_active_at',
  'users.created_at',
] as const;

export type AdminUserListRow = {
  id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  image: string | null;
  email_verified_at: string | null;
  banned_at: string | null;
  banned_until: string | null;
  ban_reason: string | null;
  available_space: number | null;
  last_active_at: string | null;
  created_at: string;
};

type SortColumn = NonNullable<AdminUsersQuery['orderBy']>;
type Dir = 'asc' | 'desc';
type UsersQuery<O> = SelectQueryBuilder<DB, 'users', O>;

/** Columns that may be null: they sort as the smallest value on both dialects (first up, last down). */
const NULLABLE: ReadonlySet<SortColumn> = new Set(['last_active_at', 'banned_at']);

/** Where the export stopped: the sort column's value and the id of the last row written. */
export type ExportCursor = { value: string | null; id: number };

/** Currently suspended: banned, with no end date or one still ahead. */
export const suspendedAt = (eb: ExpressionBuilder<DB, 'users'>, at: string) =>
  eb.and([
    eb('users.banned_at', 'is not', null),
    eb.or([eb('users.banned_until', 'is', null), eb('users.banned_until', '>', at)]),
  ]);

/** The admin users list and export: filters, sorts and the per-page extras (roles, space, grants). */
export class AdminUsersRepository {
  private readonly db: Database;
  private readonly dialect: Dialect;
  constructor(db: Database, dialect: Dialect) {
    this.db = db;
    this.dialect = dialect;
  }

  /** One page and the total matching the filters; `at` decides which suspensions have ended. */
  list(query: AdminUsersQuery, at: string) {
    const base = this.filtered(query, at);
    const { column, dir } = sortOf(query);
    const rows = ordered(base.select(LIST_COLUMNS), column, dir);
    const count = base.select((eb) => eb.fn.countAll<number>().as('total'));
    return pageOf(rows, count, query);
  }

  /**
   * The next `limit` rows of the export after `cursor`, in the list's order. Keyset, never an
   * offset: each batch starts with an index seek. Rows with a null sort value form their own run
   * (first going up, last going down), read by id, so every comparison stays one index range.
   */
  async exportBatch(
    query: AdminUsersExportQuery,
    at: string,
    cursor: ExportCursor | null,
    limit: number,
  ): Promise<AdminUserListRow[]> {
    const { column, dir } = sortOf(query);
    const ref = sql.ref(`users.${column}`);
    const base = this.filtered(query, at).select(LIST_COLUMNS);
    const nullRun = (after: number | null) =>
      base
        .where(`users.${column}`, 'is', null)
        .$if(after !== null, (q) => q.where('users.id', dir === 'asc' ? '>' : '<', after ?? 0))
        .orderBy('users.id', dir)
        .limit(limit)
        .execute() as Promise<AdminUserListRow[]>;
    const valueRun = (after: ExportCursor | null) => {
      let q = base;
      if (NULLABLE.has(column)) q = q.where(`users.${column}`, 'is not', null);
      if (after)
        q = q.where(
          dir === 'asc'
            ? sql<boolean>`(${ref}, ${sql.ref('users.id')}) > (${after.value}, ${after.id})`
            : sql<boolean>`(${ref}, ${sql.ref('users.id')}) < (${after.value}, ${after.id})`,
        );
      return ordered(q, column, dir).limit(limit).execute() as Promise<AdminUserListRow[]>;
    };
    if (!NULLABLE.has(column)) return valueRun(cursor);
    // Up: the null run first, then the values; down: the values first, then the null run.
    const nullsFirst = dir === 'asc';
    if (!cursor) {
      const first = nullsFirst ? await nullRun(null) : await valueRun(null);
      if (first.length === limit) return first;
      const rest = nullsFirst ? await valueRun(null) : await nullRun(null);
      return [...first, ...rest.slice(0, limit - first.length)];
    }
    if (cursor.value === null) {
      const nulls = await nullRun(cursor.id);
      if (!nullsFirst || nulls.length === limit) return nulls;
      return [...nulls, ...(await valueRun(null)).slice(0, limit - nulls.length)];
    }
    const values = await valueRun(cursor);
    if (nullsFirst || values.length === limit) return values;
    return [...values, ...(await nullRun(null)).slice(0, limit - values.length)];
  }

  /** The roles of these users, in one query. */
  rolesOf(userIds: number[]): Promise<Array<{ user_id: number; id: number; name: string }>> {
    if (!userIds.length) return Promise.resolve([]);
    return this.db
      .selectFrom('user_role')
      .innerJoin('roles', 'roles.id', 'user_role.role_id')
      .select(['user_role.user_id', 'roles.id', 'roles.name'])
      .where('user_role.user_id', 'in', userIds)
      .orderBy('roles.id')
      .execute();
  }

  /** Bytes each of these users' files take, trash included: one grouped read of the (owner_id, file_size) index. */
  async spaceUsedOf(userIds: number[]): Promise<Map<number, number>> {
    if (!userIds.length) return new Map();
    const rows = await this.db
      .selectFrom('file_entries')
      .select(['owner_id', (eb) => eb.fn.sum<number>('file_size').as('used')])
      .where('owner_id', 'in', userIds)
      .groupBy('owner_id')
      .execute();
    return new Map(rows.map((r) => [r.owner_id, Number(r.used)]));
  }

  /**
   * Of these users, those holding a valid subscription at `at`, each with the most space among the
   * plans of their valid subscriptions (the space their plan grants): one query for all of them.
   */
  async validPlanSpaceOf(userIds: number[], at: string): Promise<Map<number, number>> {
    if (!userIds.length) return new Map();
    const rows = await this.db
      .selectFrom('subscriptions')
      .innerJoin('products', 'products.id', 'subscriptions.product_id')
      .select(['subscriptions.user_id', (eb) => eb.fn.max('products.available_space').as('space')])
      .where('subscriptions.user_id', 'in', userIds)
      .where((eb) => validSubscriptionAt(eb, at))
      .groupBy('subscriptions.user_id')
      .execute();
    return new Map(rows.map((r) => [r.user_id, Number(r.space)]));
  }

  /**
   * The grants among `names` these users hold, through their roles and to themselves: the rows
   * RolesRepository merges (mergeGrants), tagged with the user.
   */
  async grantsOf(
    userIds: number[],
    names: string[],
  ): Promise<Array<{ user_id: number; id: number; name: string; restrictions: string }>> {
    if (!userIds.length) return [];
    const byRole = this.db
      .selectFrom('user_role')
      .innerJoin('permission_role', 'permission_role.role_id', 'user_role.role_id')
      .innerJoin('permissions', 'permissions.id', 'permission_role.permission_id')
      .select(['user_role.user_id', 'permissions.id', 'permissions.name', 'permission_role.restrictions'])
      .where('user_role.user_id', 'in', userIds)
      .where('permissions.name', 'in', names);
    const direct = this.db
      .selectFrom('permission_user')
      .innerJoin('permissions', 'permissions.id', 'permission_user.permission_id')
      .select(['permission_user.user_id', 'permissions.id', 'permissions.name', 'permission_user.restrictions'])
      .where('permission_user.user_id', 'in', userIds)
      .where('permissions.name', 'in', names);
    return byRole.unionAll(direct).execute();
  }

  /**
   * The search text (email and name, USER_SEARCH_TEXT) contains the query, one version per
   * dialect: PostgreSQL's LIKE is served by the pg_trgm index on that text; SQLite asks its FTS5
   * trigram table for queries of 3+ characters (shorter ones have no trigram and scan the users).
   */
  private searchMatches(query: string) {
    const pattern = containsPattern(query.toLowerCase());
    if (this.dialect === 'postgres' || [...query].length < 3)
      return sql<boolean>`${sql.raw(USER_SEARCH_TEXT)} like ${pattern} escape '\\'`;
    const phrase = `"${query.replace(/"/g, '""')}"`;
    return sql<boolean>`${sql.ref('users.id')} in (select rowid from users_fts where users_fts match ${phrase})`;
  }

  private filtered(query: AdminUsersExportQuery, at: string) {
    let q = this.db.selectFrom('users');
    if (query.query) q = q.where(this.searchMatches(query.query));
    if (query.emailVerified !== undefined)
      q = q.where('users.email_verified_at', query.emailVerified ? 'is not' : 'is', null);
    if (query.suspended !== undefined)
      q = q.where((eb) => (query.suspended ? suspendedAt(eb, at) : eb.not(suspendedAt(eb, at))));
    if (query.subscribed !== undefined) {
      const subscribed = (eb: ExpressionBuilder<DB, 'users'>) =>
        eb.exists(
          eb
            .selectFrom('subscriptions')
            .select('subscriptions.id')
            .whereRef('subscriptions.user_id', '=', 'users.id')
            .where((sb) => validSubscriptionAt(sb, at)),
        );
      q = q.where((eb) => (query.subscribed ? subscribed(eb) : eb.not(subscribed(eb))));
    }
    if (query.roleId)
      q = q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('user_role')
            .select('user_role.user_id')
            .whereRef('user_role.user_id', '=', 'users.id')
            .where('user_role.role_id', '=', query.roleId ?? 0),
        ),
      );
    if (query.createdFrom) q = q.where('users.created_at', '>=', startOfDay(query.createdFrom));
    if (query.createdTo) q = q.where('users.created_at', '<', endOfDay(query.createdTo));
    if (query.activeFrom) q = q.where('users.last_active_at', '>=', startOfDay(query.activeFrom));
    if (query.activeTo) q = q.where('users.last_active_at', '<', endOfDay(query.activeTo));
    return q;
  }
}

/** The sort asked for; newest accounts first by default. */
function sortOf(query: AdminUsersExportQuery): { column: SortColumn; dir: Dir } {
  return { column: query.orderBy ?? 'created_at', dir: query.orderDir ?? 'desc' };
}

/** Ordered by the column, nulls as the smallest value, then by id the same way (a total order). */
function ordered<O>(q: UsersQuery<O>, column: SortColumn, dir: Dir): UsersQuery<O> {
  const by = `users.${column}` as const;
  const sorted = NULLABLE.has(column)
    ? q.orderBy(by, (ob) => (dir === 'asc' ? ob.asc().nullsFirst() : ob.desc().nullsLast()))
    : q.orderBy(by, dir);
  return sorted.orderBy('users.id', dir);
}
