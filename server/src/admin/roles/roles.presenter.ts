import {
  type AdminPermissionGroup,
  type AdminRole,
  type AdminRoleRow,
  type AdminRoleUserRow,
  fallbackDisplayName,
  isAdvancedPermission,
  PERMISSION_CATALOG,
  PERMISSION_GROUPS,
  type PermissionName,
  RESTRICTION_KINDS,
  type RoleGrant,
} from '@kosh/contracts';
import type { Selectable } from 'kysely';
import type { PermissionsTable } from '../../db/schema.ts';
import type { GrantRow, RoleRow } from './roles.repository.ts';

type Restriction = { name: string; value: number | null };

const parseRestrictions = (json: string): Restriction[] => {
  const parsed = JSON.parse(json) as unknown;
  return Array.isArray(parsed) ? (parsed as Restriction[]) : [];
};

export function presentRoleRow(row: RoleRow, usersCount: number): AdminRoleRow {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    is_default: row.is_default === 1,
    is_guest: row.is_guest === 1,
    is_system: row.is_system === 1,
    // Visitors have the guests role; no user is counted in it.
    users_count: row.is_guest === 1 ? null : usersCount,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export const presentGrants = (rows: GrantRow[]): RoleGrant[] =>
  rows.map((r) => ({ name: r.name, restrictions: parseRestrictions(r.restrictions) }));

export const presentRole = (row: RoleRow, usersCount: number, grants: GrantRow[]): AdminRole => ({
  ...presentRoleRow(row, usersCount),
  permissions: presentGrants(grants),
});

/**
 * Grants as the audit log keeps them: by name, each with its restriction values when it has any,
 * sorted so that the same set always reads (and compares) the same.
 */
export function auditGrants(grants: RoleGrant[]) {
  return [...grants]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((g) => {
      if (!g.restrictions.length) return { name: g.name };
      const sorted = [...g.restrictions].sort((a, b) => a.name.localeCompare(b.name));
      return { name: g.name, restrictions: Object.fromEntries(sorted.map((r) => [r.name, r.value])) };
    });
}

/** The fields of a role the audit log compares and records. */
export const auditRole = (
  row: Pick<RoleRow, 'name' | 'description' | 'is_default' | 'is_guest'>,
  grants: RoleGrant[],
) => ({
  name: row.name,
  description: row.description,
  is_default: row.is_default === 1,
  is_guest: row.is_guest === 1,
  permissions: auditGrants(grants),
});

export type AuditedRole = ReturnType<typeof auditRole>;

/** Only the fields that differ, as they were and as they became; empty when nothing changed. */
export function changedFields(before: AuditedRole, after: AuditedRole) {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of Object.keys(after) as Array<keyof AuditedRole>) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    was[key] = before[key];
    now[key] = after[key];
  }
  return { before: was, after: now, changed: Object.keys(now).length > 0 };
}

/** Every permission in the selector's groups and order, with the catalog's words for it. */
export function presentPermissionGroups(rows: Array<Selectable<PermissionsTable>>): AdminPermissionGroup[] {
  const groups = new Map<string, AdminPermissionGroup>();
  for (const g of PERMISSION_GROUPS) groups.set(g.name, { name: g.name, label: g.label, permissions: [] });
  for (const row of rows) {
    let group = groups.get(row.group_name);
    if (!group) {
      group = { name: row.group_name, label: fallbackDisplayName(row.group_name), permissions: [] };
      groups.set(row.group_name, group);
    }
    const info = PERMISSION_CATALOG[row.name as PermissionName];
    const accepted = JSON.parse(row.restrictions) as string[];
    group.permissions.push({
      id: row.id,
      name: row.name,
      display_name: row.display_name,
      description: row.description,
      group_name: row.group_name,
      advanced: isAdvancedPermission(row.name),
      restrictions: accepted.map((name) => {
        const described = info?.restrictions?.find((r) => r.name === name);
        return {
          name,
          label: described?.label ?? fallbackDisplayName(name),
          description: described?.description ?? 'Empty: no limit.',
          kind: RESTRICTION_KINDS[name] ?? 'count',
        };
      }),
    });
  }
  return [...groups.values()].filter((g) => g.permissions.length > 0);
}

type UserFields = {
  id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  image: string | null;
};

/** A person as the role's users table shows them: a name (the email's local part without one). */
export function presentPerson(row: UserFields) {
  const name = [row.first_name, row.last_name].filter(Boolean).join(' ');
  return { id: row.id, name: name || (row.email.split('@')[0] ?? row.email), email: row.email, image: row.image };
}

export const presentRoleUser = (row: UserFields & { assigned_at: string }): AdminRoleUserRow => ({
  ...presentPerson(row),
  assigned_at: row.assigned_at,
});
