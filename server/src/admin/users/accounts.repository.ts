import { type Insertable, sql } from 'kysely';
import { Permission } from '@kosh/contracts';
import type { Database, Dialect } from '../../db/database.ts';
import type { SessionsTable, UsersTable } from '../../db/schema.ts';
import type { UserRow } from '../../users/users.repository.ts';

/** Advisory lock (PostgreSQL) held by every change that may take the admin permission from someone. */
const ADMIN_HOLDERS_LOCK = 0x6b61646d; // "kadm"

/** One user's record as staff change it: the row, their roles and direct grants, who holds admin. */
export class AccountsRepository {
  private readonly db: Database;
  private readonly dialect: Dialect;
  constructor(db: Database, dialect: Dialect) {
    this.db = db;
    this.dialect = dialect;
  }

  getById(id: number, db: Database = this.db): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The users among these ids that exist. */
  async getManyByIds(ids: number[], db: Database = this.db): Promise<UserRow[]> {
    if (!ids.length) return [];
    return db.selectFrom('users').selectAll().where('id', 'in', ids).orderBy('id').execute();
  }

  async emailTaken(email: string, db: Database = this.db): Promise<boolean> {
    return Boolean(await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst());
  }

  insert(row: Insertable<UsersTable>, db: Database = this.db): Promise<UserRow> {
    return db.insertInto('users').values(row).returningAll().executeTakeFirstOrThrow();
  }

  async update(id: number, patch: Partial<Omit<UserRow, 'id' | 'created_at'>>, db: Database = this.db): Promise<void> {
    await db.updateTable('users').set(patch).where('id', '=', id).execute();
  }

  /** Removes every entry the user owns (their drive and the workspaces they own) in one statement. */
  async deleteEntriesOf(userId: number, db: Database): Promise<void> {
    await db.deleteFrom('file_entries').where('owner_id', '=', userId).execute();
  }

  /** Removes the user; what hangs off them goes by foreign key cascade. */
  async delete(userId: number, db: Database): Promise<void> {
    await db.deleteFrom('users').where('id', '=', userId).execute();
  }

  /** A new session row (a "log in as user" session names its staff member). */
  async insertSession(row: Insertable<SessionsTable>, db: Database): Promise<void> {
    await db.insertInto('sessions').values(row).execute();
  }

  /** Ends every session of the user; answers how many ended. */
  async endSessionsOf(userId: number, db: Database = this.db): Promise<number> {
    const result = await db.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Turns two-factor sign-in off (and drops a setup under way), as the user's own "disable" does. */
  async clearTwoFactor(userId: number, at: string, db: Database): Promise<void> {
    await db
      .updateTable('users')
      .set({
        two_factor_secret: null,
        two_factor_recovery_codes: null,
        two_factor_confirmed_at: null,
        two_factor_last_time_step: null,
        updated_at: at,
      })
      .where('id', '=', userId)
      .execute();
  }

  /** Revokes one API token of the user; answers its name, or undefined when the user has no such token. */
  async deleteToken(userId: number, tokenId: number, db: Database): Promise<string | undefined> {
    const row = await db
      .deleteFrom('personal_access_tokens')
      .where('id', '=', tokenId)
      .where('user_id', '=', userId)
      .returning('name')
      .executeTakeFirst();
    return row?.name;
  }

  /** Roles among these ids, with whether each is the guest role. */
  rolesByIds(ids: number[], db: Database = this.db) {
    if (!ids.length) return Promise.resolve([]);
    return db.selectFrom('roles').select(['id', 'name', 'is_guest']).where('id', 'in', ids).execute();
  }

  getDefaultRole(db: Database = this.db) {
    return db.selectFrom('roles').select(['id', 'name']).where('is_default', '=', 1).orderBy('id').executeTakeFirst();
  }

  async roleIdsOf(userId: number, db: Database = this.db): Promise<number[]> {
    const rows = await db
      .selectFrom('user_role')
      .select('role_id')
      .where('user_id', '=', userId)
      .orderBy('role_id')
      .execute();
    return rows.map((r) => r.role_id);
  }

  /** The user's roles become exactly these. */
  async replaceRoles(userId: number, roleIds: number[], at: string, db: Database): Promise<void> {
    await db.deleteFrom('user_role').where('user_id', '=', userId).execute();
    if (!roleIds.length) return;
    await db
      .insertInto('user_role')
      .values(roleIds.map((role_id) => ({ user_id: userId, role_id, created_at: at })))
      .execute();
  }

  /** Permissions granted to the user directly, by name, with their restrictions JSON. */
  directGrantsOf(userId: number, db: Database = this.db) {
    return db
      .selectFrom('permission_user')
      .innerJoin('permissions', 'permissions.id', 'permission_user.permission_id')
      .select(['permissions.name', 'permission_user.restrictions'])
      .where('permission_user.user_id', '=', userId)
      .orderBy('permissions.name')
      .execute();
  }

  /** Whether the user holds admin, through a role or granted directly. */
  async holdsAdmin(userId: number, db: Database = this.db): Promise<boolean> {
    return (await this.adminHolders(db, userId)).length > 0;
  }

  /** Whether anyone at all holds admin: an index read of the few admin grants, never a scan of users. */
  async anyAdmin(db: Database = this.db): Promise<boolean> {
    return (await this.adminHolders(db)).length > 0;
  }

  /** Whether the user holds admin and nobody else does (taking it from them leaves no admin). */
  async isOnlyAdmin(userId: number, db: Database = this.db): Promise<boolean> {
    if (!(await this.holdsAdmin(userId, db))) return false;
    return (await this.adminHolders(db, { except: userId })).length === 0;
  }

  /**
   * Serialises changes that may take admin from someone, so two of them cannot each see the other
   * admin and both go through (PostgreSQL; SQLite writes one transaction at a time already).
   */
  async lockAdminHolders(db: Database): Promise<void> {
    if (this.dialect === 'postgres') await sql`select pg_advisory_xact_lock(${ADMIN_HOLDERS_LOCK})`.execute(db);
  }

  /** Locks the user's row until the transaction ends (PostgreSQL; SQLite transactions begin immediate). */
  async lockUser(userId: number, db: Database): Promise<UserRow | undefined> {
    if (this.dialect !== 'postgres') return this.getById(userId, db);
    return db.selectFrom('users').selectAll().where('id', '=', userId).forUpdate().executeTakeFirst();
  }

  /** A holder of admin (`userId` only, or anyone but `except`, when given): at most one row of each path. */
  private async adminHolders(db: Database, userId?: number | { except: number }): Promise<number[]> {
    const only = typeof userId === 'number' ? userId : undefined;
    const except = typeof userId === 'object' ? userId.except : undefined;
    const byRole = db
      .selectFrom('permissions')
      .innerJoin('permission_role', 'permission_role.permission_id', 'permissions.id')
      .innerJoin('user_role', 'user_role.role_id', 'permission_role.role_id')
      .select('user_role.user_id')
      .where('permissions.name', '=', Permission.admin)
      .$if(only !== undefined, (q) => q.where('user_role.user_id', '=', only ?? 0))
      .$if(except !== undefined, (q) => q.where('user_role.user_id', '!=', except ?? 0))
      .limit(1);
    const direct = db
      .selectFrom('permissions')
      .innerJoin('permission_user', 'permission_user.permission_id', 'permissions.id')
      .select('permission_user.user_id')
      .where('permissions.name', '=', Permission.admin)
      .$if(only !== undefined, (q) => q.where('permission_user.user_id', '=', only ?? 0))
      .$if(except !== undefined, (q) => q.where('permission_user.user_id', '!=', except ?? 0))
      .limit(1);
    const rows = [...(await byRole.execute()), ...(await direct.execute())];
    return rows.map((r) => r.user_id);
  }
}
