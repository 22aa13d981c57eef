import type { PermissionGrant } from '@kosh/contracts';
import type { Database } from '../db/database.ts';
import { validation } from '../http/app-error.ts';

export type ResolvedGrant = { permissionId: number; restrictions: string };

/**
 * Checks granted permissions against the permissions table: an unknown name, a name listed
 * twice, or a restriction the permission does not accept answer 422 naming the field
 * (`permissions.N.name`, `permissions.N.restrictions.M.name`). A restriction listed with a null
 * value is kept: it means unlimited, where a missing max_space_bytes falls back to the default space.
 */
export async function resolveGrants(db: Database, grants: PermissionGrant[], field = 'permissions') {
  if (grants.length === 0) return [];
  const names = [...new Set(grants.map((g) => g.name))];
  const rows = await db
    .selectFrom('permissions')
    .select(['id', 'name', 'restrictions'])
    .where('name', 'in', names)
    .execute();
  const byName = new Map(rows.map((r) => [r.name, r]));
  const errors: Record<string, string[]> = {};
  const seen = new Set<string>();
  const resolved: ResolvedGrant[] = [];
  grants.forEach((grant, i) => {
    const row = byName.get(grant.name);
    if (!row) {
      errors[`${field}.${i}.name`] = [`There is no permission named ${grant.name}.`];
      return;
    }
    if (seen.has(grant.name)) {
      errors[`${field}.${i}.name`] = [`${grant.name} is listed twice.`];
      return;
    }
    seen.add(grant.name);
    const accepted = new Set(JSON.parse(row.restrictions) as string[]);
    grant.restrictions.forEach((r, j) => {
      if (!accepted.has(r.name))
        errors[`${field}.${i}.restrictions.${j}.name`] = [`${grant.name} has no restriction named ${r.name}.`];
    });
    resolved.push({ permissionId: row.id, restrictions: JSON.stringify(grant.restrictions) });
  });
  if (Object.keys(errors).length > 0) throw validation(errors);
  return resolved;
}

/** Replaces a role's permissions with the resolved grants (in the caller's transaction). */
export async function replaceRolePermissions(trx: Database, roleId: number, grants: ResolvedGrant[]) {
  await trx.deleteFrom('permission_role').where('role_id', '=', roleId).execute();
  if (grants.length === 0) return;
  await trx
    .insertInto('permission_role')
    .values(grants.map((g) => ({ role_id: roleId, permission_id: g.permissionId, restrictions: g.restrictions })))
    .execute();
}

/** Replaces the permissions granted straight to a user (in the caller's transaction). */
export async function replaceUserPermissions(trx: Database, userId: number, grants: ResolvedGrant[]) {
  await trx.deleteFrom('permission_user').where('user_id', '=', userId).execute();
  if (grants.length === 0) return;
  await trx
    .insertInto('permission_user')
    .values(grants.map((g) => ({ user_id: userId, permission_id: g.permissionId, restrictions: g.restrictions })))
    .execute();
}
