import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { ListAdminRoleUsersQuery, ListAdminRolesQuery } from '@kosh/contracts';
import type { Database, Dialect } from '../../db/database.ts';
import type { RolesTable } from '../../db/schema.ts';
import { immediateTransaction } from '../../drive/owner-transaction.ts';
import { containsPattern, pageOf } from '../list-page.ts';

export type RoleRow = Selectable<RolesTable>;
export type GrantRow = { name: string; restrictions: string };

/** Arbitrary but fixed: the advisory lock that lets one change of roles run at a time. */
const ROLES_LOCK = 0x6b726f6c; // "krol"

/** `lower(column) like lower(pattern)`: case-insensitive on both dialects, wildcards in the text literal. */
const contains = (column: string, text: string) =>
  sql<boolean>`lower(${sql.ref(column)}) like ${containsPattern(text.toLowerCase())} escape '\\'`;

/** Queries of the admin area's roles screens: roles, their permissions and their users. */
export class AdminRolesRepository {
  private readonly db: Database;
  private readonly dialect: Dialect;
  constructor(db: Database, dialect: Dialect) {
    this.db = db;
    this.dialect = dialect;
  }

  /**
   * A write transaction in which roles change one at a time across processes: an advisory lock on
   * PostgreSQL, BEGIN IMMEDIATE on SQLite. The flags that move between roles, a full replacement of
   * a role's permissions and the "someone keeps admin" check read and write under it.
   */
  withLock<T>(work: (trx: Database) => Promise<T>): Promise<T> {
    return immediateTransaction(this.db, this.dialect, async (trx) => {
      if (this.dialect === 'postgres') await sql`select pg_advisory_xact_lock(${ROLES_LOCK}::int)`.execute(trx);
      return work(trx);
    });
  }

  getById(id: number, db: Database = this.db): Promise<RoleRow | undefined> {
    return db.selectFrom('roles').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Another role with this name in any case, if there is one. */
  getByNameInsensitive(name: string, exceptId: number | null, db: Database = this.db) {
    let query = db.selectFrom('roles').select(['id', 'name']).where(sql<string>`lower(name)`, '=', name.toLowerCase());
    if (exceptId !== null) query = query.where('id', '!=', exceptId);
    return query.executeTakeFirst();
  }

  /** The role holding a flag (is_default or is_guest), if any. */
  getFlagHolder(flag: 'is_default' | 'is_guest', db: Database = this.db): Promise<RoleRow | undefined> {
    return db.selectFrom('roles').selectAll().where(flag, '=', 1).orderBy('id').executeTakeFirst();
  }

  /** A page of roles: search by name, the flag filters, a sort on name or a timestamp (then id). */
  list(query: ListAdminRolesQuery) {
    let base = this.db.selectFrom('roles');
    if (query.query) base = base.where(contains('name', query.query));
    if (query.default !== undefined) base = base.where('is_default', '=', query.default ? 1 : 0);
    if (query.guests !== undefined) base = base.where('is_guest', '=', query.guests ? 1 : 0);
    const column = query.orderBy ?? 'name';
    const dir = query.orderDir ?? (column === 'name' ? 'asc' : 'desc');
    const sorted = base.orderBy(column === 'name' ? sql`lower(name)` : column, dir).orderBy('id', dir);
    const rows = sorted.selectAll();
    const count = base.select((eb) => eb.fn.countAll<number>().as('total'));
    return pageOf(rows, count, query);
  }

  /** Users assigned to each of these roles, in one grouped query over the role_id index. */
  async countUsers(roleIds: number[], db: Database = this.db): Promise<Map<number, number>> {
    if (!roleIds.length) return new Map();
    const rows = await db
      .selectFrom('user_role')
      .select(['role_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('role_id', 'in', roleIds)
      .groupBy('role_id')
      .execute();
    return new Map(rows.map((r) => [r.role_id, Number(r.n)]));
  }

  /** Every permission there is, in seeding order. */
  listPermissions(db: Database = this.db) {
    return db.selectFrom('permissions').selectAll().orderBy('id').execute();
  }

  /** The role's permissions by name with their restriction values (JSON), in permission order. */
  listGrants(roleId: number, db: Database = this.db): Promise<GrantRow[]> {
    return db
      .selectFrom('permission_role')
      .innerJoin('permissions', 'permissions.id', 'permission_role.permission_id')
      .select(['permissions.name', 'permission_role.restrictions'])
      .where('permission_role.role_id', '=', roleId)
      .orderBy('permissions.id')
      .execute();
  }

  create(row: Insertable<RolesTable>, db: Database = this.db): Promise<RoleRow> {
    return db.insertInto('roles').values(row).returningAll().executeTakeFirstOrThrow();
  }

  async update(id: number, changes: Updateable<RolesTable>, db: Database = this.db): Promise<void> {
    await db.updateTable('roles').set(changes).where('id', '=', id).execute();
  }

  /** Takes a flag off every role but `exceptId`; answers the roles that lost it. */
  async clearFlag(
    flag: 'is_default' | 'is_guest',
    exceptId: number,
    at: string,
    db: Database = this.db,
  ): Promise<RoleRow[]> {
    const holders = await db.selectFrom('roles').selectAll().where(flag, '=', 1).where('id', '!=', exceptId).execute();
    if (holders.length)
      await db
        .updateTable('roles')
        .set({ [flag]: 0, updated_at: at })
        .where(
          'id',
          'in',
          holders.map((h) => h.id),
        )
        .execute();
    return holders;
  }

  /** Removes the role; its permissions and user assignments go with it (foreign key cascade). */
  async delete(id: number, db: Database = this.db): Promise<void> {
    await db.deleteFrom('roles').where('id', '=', id).execute();
  }

  /**
   * Whether any user holds `admin`, through a role or granted directly. The roles that grant it are
   * few, so this reads the user_role index per role and stops at the first holder.
   */
  async hasAdminHolder(db: Database = this.db): Promise<boolean> {
    const viaRole = await db
      .selectFrom('user_role')
      .innerJoin('permission_role', 'permission_role.role_id', 'user_role.role_id')
      .innerJoin('permissions', 'permissions.id', 'permission_role.permission_id')
      .select('user_role.user_id')
      .where('permissions.name', '=', 'admin')
      .limit(1)
      .executeTakeFirst();
    if (viaRole) return true;
    const direct = await db
      .selectFrom('permission_user')
      .innerJoin('permissions', 'permissions.id', 'permission_user.permission_id')
      .select('permission_user.user_id')
      .where('permissions.name', '=', 'admin')
      .limit(1)
      .executeTakeFirst();
    return direct !== undefined;
  }

  /** A page of the role's users: newest assignment first by default, or by email; search by name or email. */
  listUsers(roleId: number, query: ListAdminRoleUsersQuery) {
    let base = this.db
      .selectFrom('user_role')
      .innerJoin('users', 'users.id', 'user_role.user_id')
      .where('user_role.role_id', '=', roleId);
    if (query.query) base = base.where(matchesPerson(query.query));
    const dir = query.orderDir ?? (query.orderBy === 'email' ? 'asc' : 'desc');
    const sorted =
      query.orderBy === 'email'
        ? base.orderBy('users.email', dir)
        : base.orderBy('user_role.created_at', dir).orderBy('user_role.user_id', dir);
    const rows = sorted.select([
      'users.id',
      'users.email',
      'users.first_name',
      'users.last_name',
      'users.image',
      'user_role.created_at as assigned_at',
    ]);
    const count = base.select((eb) => eb.fn.countAll<number>().as('total'));
    return pageOf(rows, count, query);
  }

  /** Users outside the role whose name or email holds the text, by email. */
  listCandidates(roleId: number, text: string | undefined, limit: number) {
    let query = this.db
      .selectFrom('users')
      .select(['users.id', 'users.email', 'users.first_name', 'users.last_name', 'users.image'])
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('user_role')
              .select('user_role.user_id')
              .whereRef('user_role.user_id', '=', 'users.id')
              .where('user_role.role_id', '=', roleId),
          ),
        ),
      );
    if (text) query = query.where(matchesPerson(text));
    return query.orderBy('users.email').limit(limit).execute();
  }

  /** Which of these users exist. */
  async existingUsers(ids: number[], db: Database = this.db) {
    if (!ids.length) return [];
    return db.selectFrom('users').select(['id', 'email']).where('id', 'in', ids).execute();
  }

  /** Which of these users the role has. */
  async membersAmong(roleId: number, ids: number[], db: Database = this.db): Promise<Set<number>> {
    if (!ids.length) return new Set();
    const rows = await db
      .selectFrom('user_role')
      .select('user_id')
      .where('role_id', '=', roleId)
      .where('user_id', 'in', ids)
      .execute();
    return new Set(rows.map((r) => r.user_id));
  }

  async addUsers(roleId: number, userIds: number[], at: string, db: Database = this.db): Promise<void> {
    if (!userIds.length) return;
    await db
      .insertInto('user_role')
      .values(userIds.map((user_id) => ({ user_id, role_id: roleId, created_at: at })))
      .onConflict((oc) => oc.columns(['user_id', 'role_id']).doNothing())
      .execute();
  }

  async removeUsers(roleId: number, userIds: number[], db: Database = this.db): Promise<void> {
    if (!userIds.length) return;
    await db.deleteFrom('user_role').where('role_id', '=', roleId).where('user_id', 'in', userIds).execute();
  }
}

/** A user whose email or "first last" name holds the text. */
function matchesPerson(text: string) {
  const pattern = containsPattern(text.toLowerCase());
  const name = sql`lower(coalesce(users.first_name, '') || ' ' || coalesce(users.last_name, ''))`;
  return sql<boolean>`(${contains('users.email', text)} or ${name} like ${pattern} escape '\\')`;
}
