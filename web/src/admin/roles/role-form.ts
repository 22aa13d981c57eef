import type { AdminRole, SaveAdminRoleBody } from '@kosh/contracts';
import type { Grant } from '../permissions/grants.ts';

export type RoleFormValues = {
  name: string;
  description: string;
  default: boolean;
  guests: boolean;
  permissions: Grant[];
};

/** The fields a save's 422 may name besides permissions.* (in the form's order). */
export const ROLE_FIELDS = ['name', 'description', 'default', 'guests'] as const;

/** The form's values for a role, or for a new one. */
export const roleFormValues = (role?: AdminRole): RoleFormValues => ({
  name: role?.name ?? '',
  description: role?.description ?? '',
  default: role?.is_default ?? false,
  guests: role?.is_guest ?? false,
  permissions: role?.permissions.map((p) => ({ name: p.name, restrictions: [...p.restrictions] })) ?? [],
});

/** The body of a save; the schema's resolver may already have turned an empty description into null. */
export const roleBody = (
  values: RoleFormValues | (Omit<RoleFormValues, 'description'> & { description: string | null }),
): SaveAdminRoleBody => ({
  name: values.name.trim(),
  description: values.description?.trim() || null,
  default: values.default,
  guests: values.guests,
  permissions: values.permissions,
});

/**
 * Which flag switches a role's form shows, and which are locked on. A flag only moves: the role that
 * holds it shows it on and locked; system roles show only the flag they hold (users: default, guests:
 * guests); the guests role is never the default and the reverse.
 */
export function flagSwitches(role?: Pick<AdminRole, 'is_system' | 'is_default' | 'is_guest'>) {
  if (!role) return { default: 'editable', guests: 'editable' } as const;
  const state = (holds: boolean, other: boolean) =>
    holds ? 'locked' : role.is_system || other ? 'hidden' : 'editable';
  return { default: state(role.is_default, role.is_guest), guests: state(role.is_guest, role.is_default) } as const;
}
