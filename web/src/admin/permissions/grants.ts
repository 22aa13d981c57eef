import type { PermissionGrant } from '@kosh/contracts';

// The permission selector's value: the granted permissions, each with the restriction values set.
// A restriction left out means unlimited for counts and the site's default space for max_space_bytes;
// a null value means unlimited for both.

export type Grant = PermissionGrant;

export const isGranted = (grants: readonly Grant[], name: string) => grants.some((g) => g.name === name);

/** Grants with `name` switched on (appended, no restriction set) or off. */
export function toggleGrant(grants: readonly Grant[], name: string, isOn: boolean): Grant[] {
  if (!isOn) return grants.filter((g) => g.name !== name);
  return isGranted(grants, name) ? [...grants] : [...grants, { name, restrictions: [] }];
}

/** The restriction's stored value: a number, null for unlimited, undefined when not set. */
export function restrictionValue(grants: readonly Grant[], permission: string, restriction: string) {
  const found = grants.find((g) => g.name === permission)?.restrictions.find((r) => r.name === restriction);
  return found ? found.value : undefined;
}

/** Grants with the restriction set to `value` (a number or null), or taken out (undefined). */
export function setRestriction(
  grants: readonly Grant[],
  permission: string,
  restriction: string,
  value: number | null | undefined,
): Grant[] {
  return grants.map((g) => {
    if (g.name !== permission) return g;
    const others = g.restrictions.filter((r) => r.name !== restriction);
    return { ...g, restrictions: value === undefined ? others : [...others, { name: restriction, value }] };
  });
}

export const BYTE_UNITS = [
  { id: 'MB', bytes: 1024 ** 2 },
  { id: 'GB', bytes: 1024 ** 3 },
  { id: 'TB', bytes: 1024 ** 4 },
] as const;
export type ByteUnit = (typeof BYTE_UNITS)[number]['id'];

const unitBytes = (unit: ByteUnit) => BYTE_UNITS.find((u) => u.id === unit)?.bytes ?? 1024 ** 3;

/** A byte count as an amount of the largest unit it is a whole number of (else the largest below it). */
export function splitBytes(bytes: number): { amount: number; unit: ByteUnit } {
  const units = [...BYTE_UNITS].reverse();
  const whole = units.find((u) => bytes >= u.bytes && bytes % u.bytes === 0);
  const unit = whole ?? units.find((u) => bytes >= u.bytes) ?? BYTE_UNITS[0];
  return { amount: Math.round((bytes / unit.bytes) * 100) / 100, unit: unit.id };
}

/** An amount of a unit in bytes, whole; undefined for an empty or negative amount. */
export function joinBytes(amount: number, unit: ByteUnit): number | undefined {
  if (!Number.isFinite(amount) || amount < 0) return undefined;
  return Math.round(amount * unitBytes(unit));
}

/**
 * Messages of a save's 422 that belong to permissions, by permission name (permissions.N.* names
 * the Nth grant sent), and the one about the whole list (permissions).
 */
export function grantErrors(
  errors: Record<string, string[]>,
  sent: readonly Grant[],
): { byName: Record<string, string>; general?: string } {
  const byName: Record<string, string> = {};
  for (const [field, messages] of Object.entries(errors)) {
    const index = /^permissions\.(\d+)\./.exec(field)?.[1];
    const name = index === undefined ? undefined : sent[Number(index)]?.name;
    if (name && messages[0] && !byName[name]) byName[name] = messages[0];
  }
  return { byName, general: errors.permissions?.[0] };
}
