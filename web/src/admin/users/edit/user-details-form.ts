import type { AdminUserDetail, UpdateAdminUserBody } from '@kosh/contracts';
import { type ByteUnit, joinBytes, splitBytes } from '../../permissions/grants.ts';

/** The Details tab's fields; the allowed space as typed (empty: inherited) and its unit. */
export type DetailsValues = {
  first_name: string;
  last_name: string;
  space_amount: string;
  space_unit: ByteUnit;
  email_verified: boolean;
  roles: string[];
};

/** The Details tab's values for a user as saved. */
export function detailsValues(user: AdminUserDetail): DetailsValues {
  const split = user.available_space === null ? null : splitBytes(user.available_space);
  return {
    first_name: user.first_name ?? '',
    last_name: user.last_name ?? '',
    space_amount: split ? String(split.amount) : '',
    space_unit: split?.unit ?? 'GB',
    email_verified: user.email_verified_at !== null,
    roles: user.role_ids.map(String),
  };
}

/** Bytes of a typed amount: null for an empty field (inherit), undefined for one that is not a number. */
export function spaceBytes(amount: string, unit: ByteUnit): number | null | undefined {
  const text = amount.trim().replace(',', '.');
  if (text === '') return null;
  if (!/^\d*\.?\d+$|^\d+\.$/.test(text)) return undefined;
  return joinBytes(Number(text), unit);
}

/** The PUT body of the Details tab; roles only when the roles could be listed to pick from. */
export function detailsBody(
  values: DetailsValues,
  available_space: number | null,
  withRoles: boolean,
): UpdateAdminUserBody {
  return {
    first_name: values.first_name.trim() || null,
    last_name: values.last_name.trim() || null,
    available_space,
    email_verified: values.email_verified,
    ...(withRoles ? { roles: values.roles.map(Number) } : {}),
  };
}

/** The Details field a 422's key belongs to. */
export function detailsFieldOf(key: string): keyof DetailsValues | undefined {
  if (key === 'available_space') return 'space_amount';
  if (key === 'roles' || key.startsWith('roles.')) return 'roles';
  if (key === 'first_name' || key === 'last_name' || key === 'email_verified') return key;
  return undefined;
}
