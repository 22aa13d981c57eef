/** Where a notification's main action leads (part 1, 2.6). */
export type ActionTarget = { kind: 'external'; url: string } | { kind: 'internal'; path: string };

const ABSOLUTE_URL = /^[a-z][a-z0-9+.-]*:\/\//i;

/**
 * An absolute http(s) URL opens in a new tab; a path navigates within the app. Anything else
 * (javascript:, data:, an empty action) leads nowhere, so a stored action can never run script.
 */
export function resolveActionTarget(action: string | null | undefined): ActionTarget | null {
  const value = action?.trim();
  if (!value) return null;
  if (ABSOLUTE_URL.test(value)) return /^https?:\/\//i.test(value) ? { kind: 'external', url: value } : null;
  // '//host/path' is absolute too (protocol-relative).
  if (value.startsWith('//')) return { kind: 'external', url: `https:${value}` };
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return null;
  return { kind: 'internal', path: value.startsWith('/') ? value : `/${value}` };
}
