import type { Database } from '../db/database.ts';
import type { UsersTable } from '../db/schema.ts';
import type { Insertable, Selectable } from 'kysely';

export type UserRow = Selectable<UsersTable>;

export class UsersRepository {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  getById(id: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Emails are stored lower-cased, so lookups are exact. */
  getByEmail(email: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
  }

  async create(row: Insertable<UsersTable>): Promise<UserRow> {
    return this.db
      .insertInto('users')
      .values({ ...row, email: row.email.toLowerCase() })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async update(id: number, patch: Partial<Omit<UserRow, 'id' | 'email' | 'created_at'>>): Promise<void> {
    await this.db.updateTable('users').set(patch).where('id', '=', id).execute();
  }

  /** Deletes the user; sessions, tokens, resets, codes, social links and roles go with it (foreign keys cascade). */
  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('users').where('id', '=', id).execute();
  }

  /** Records activity of the user (sessions and tokens call it at most once a minute each). */
  async touchLastActive(id: number, at: string): Promise<void> {
    await this.db.updateTable('users').set({ last_active_at: at }).where('id', '=', id).execute();
  }

  async countProfileSkip(id: number, at: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set((eb) => ({ profile_skip_count: eb('profile_skip_count', '+', 1), updated_at: at }))
      .where('id', '=', id)
      .execute();
  }

  /** The oldest account holding the admin permission, through a role or granted to it directly. */
  getFirstAdmin(): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb.exists(
            eb
              .selectFrom('user_role')
              .innerJoin('permission_role', 'permission_role.role_id', 'user_role.role_id')
              .innerJoin('permissions', 'permissions.id', 'permission_role.permission_id')
              .select('user_role.user_id')
              .whereRef('user_role.user_id', '=', 'users.id')
              .where('permissions.name', '=', 'admin'),
          ),
          eb.exists(
            eb
              .selectFrom('permission_user')
              .innerJoin('permissions', 'permissions.id', 'permission_user.permission_id')
              .select('permission_user.user_id')
              .whereRef('permission_user.user_id', '=', 'users.id')
              .where('permissions.name', '=', 'admin'),
          ),
        ]),
      )
      .orderBy('users.id')
      .limit(1)
      .executeTakeFirst();
  }

  async countAdmins(): Promise<number> {
    const row = await this.db
      .selectFrom('user_role')
      .innerJoin('permission_role', 'permission_role.role_id', 'user_role.role_id')
      .innerJoin('permissions', 'permissions.id', 'permission_role.permission_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('permissions.name', '=', 'admin')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
