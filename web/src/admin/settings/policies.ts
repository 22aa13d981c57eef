import { nestedError } from './settings-form.ts';

/** A checkbox people must tick on the register page (registration.policies). */
export type Policy = { id: string; label: string; action: string; type: 'link' | 'route' };

const isWebAddress = (action: string) => /^https?:\/\//i.test(action.trim());

/** The policies as stored, each with a type; anything else in the setting is left out. */
export function readPolicies(value: unknown): Policy[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((p): p is Record<string, unknown> => !!p && typeof p === 'object')
    .map((p) => {
      const action = String(p.action ?? '');
      return {
        id: String(p.id ?? ''),
        label: String(p.label ?? ''),
        action,
        type: p.type === 'link' || p.type === 'route' ? p.type : isWebAddress(action) ? 'link' : 'route',
      };
    });
}

/** A policy with new text: an http(s) address opens as a link, anything else is a page of the site. */
export function editPolicy(policy: Policy, patch: Partial<Pick<Policy, 'label' | 'action'>>): Policy {
  const next = { ...policy, ...patch };
  return { ...next, type: isWebAddress(next.action) ? 'link' : 'route' };
}

export const newPolicy = (id: string): Policy => ({ id, label: '', action: '', type: 'route' });

/** The list with the policy at `index` moved by `delta` places (-1 up, 1 down); unchanged at an end. */
export function movePolicy(policies: readonly Policy[], index: number, delta: -1 | 1): Policy[] {
  const target = index + delta;
  if (index < 0 || index >= policies.length || target < 0 || target >= policies.length) return [...policies];
  const next = [...policies];
  [next[index], next[target]] = [next[target], next[index]];
  return next;
}

export type PolicyErrors = { byIndex: Record<number, { label?: string; action?: string }>; general?: string };

/** The messages of registration.policies placed on the row and field they name, or on the whole list. */
export function policyErrors(messages: readonly string[]): PolicyErrors {
  const found: PolicyErrors = { byIndex: {} };
  for (const message of messages) {
    const nested = nestedError('registration.policies', message);
    const index = nested ? Number(nested.path[0]) : Number.NaN;
    if (!nested || !Number.isInteger(index)) {
      found.general ??= message;
      continue;
    }
    // A problem with the id or type of a row is told beside its address.
    const field = nested.path[1] === 'label' ? 'label' : 'action';
    const row = found.byIndex[index] ?? {};
    row[field] ??= nested.text;
    found.byIndex[index] = row;
  }
  return found;
}
