import type { Database } from '../db/database.ts';
import type { GrantedPermission, Restriction } from './actor.ts';

const parseRestrictions = (json: string): Restriction[] => {
  const parsed = JSON.parse(json) as unknown;
  return Array.isArray(parsed) ? (parsed as Restriction[]) : [];
};

/**
 * One entry per permission from grants of several roles and the user's own: restrictions merged,
 * the most generous value winning (null, unlimited, beats any number).
 */
export function mergeGrants(rows: Array<{ id: number; name: string; restrictions: string }>): GrantedPermission[] {
  const merged = new Map<string, GrantedPermission>();
  for (const row of rows) {
    const restrictions = parseRestrictions(row.restrictions);
    const existing = merged.get(row.name);
    if (!existing) {
      merged.set(row.name, { id: row.id, name: row.name, restrictions });
      continue;
    }
    for (const r of restrictions) {
      const current = existing.restrictions.find((e) => e.name === r.name);
      if (!current) existing.restrictions.push(r);
      else if (current.value !== null && (r.value === null || r.value > current.value)) current.value = r.value;
    }
  }
  return [...merged.values()].sort((a, b) => a.id - b.id);
}

export class RolesRepository {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  getGuestRole() {
    return this.db.selectFrom('roles').selectAll().where('is_guest', '=', 1).orderBy('id').executeTakeFirst();
  }

  getDefaultRole() {
    return this.db.selectFrom('roles').selectAll().where('is_default', '=', 1).orderBy('id').executeTakeFirst();
  }

  getByName(name: string) {
    return this.db.selectFrom('roles').selectAll().where('name', '=', name).executeTakeFirst();
  }

  async listRolesOfUser(userId: number): Promise<Array<{ id: number; name: string }>> {
    return this.db
      .selectFrom('user_role')
      .innerJoin('roles', 'roles.id', 'user_role.role_id')
      .select(['roles.id', 'roles.name'])
      .where('user_role.user_id', '=', userId)
      .orderBy('roles.id')
      .execute();
  }

  /**
   * Permissions granted by the given roles plus those granted to the user directly; restrictions
   * merged, most generous wins.
   */
  async listPermissions(roleIds: number[], userId?: number): Promise<GrantedPermission[]> {
    const rows = roleIds.length
      ? await this.db
          .selectFrom('permission_role')
          .innerJoin('permissions', 'permissions.id', 'permission_role.permission_id')
          .select(['permissions.id', 'permissions.name', 'permission_role.restrictions'])
          .where('permission_role.role_id', 'in', roleIds)
          .execute()
      : [];
    const direct = userId
      ? await this.db
          .selectFrom('permission_user')
          .innerJoin('permissions', 'permissions.id', 'permission_user.permission_id')
          .select(['permissions.id', 'permissions.name', 'permission_user.restrictions'])
          .where('permission_user.user_id', '=', userId)
          .execute()
      : [];
    return mergeGrants([...rows, ...direct]);
  }

  async assignRole(userId: number, roleId: number, at: string): Promise<void> {
    await this.db
      .insertInto('user_role')
      .values({ user_id: userId, role_id: roleId, created_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'role_id']).doNothing())
      .execute();
  }
}
