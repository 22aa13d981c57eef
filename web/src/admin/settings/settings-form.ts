/** Settings by flat key ('branding.site_name'), as GET and PUT settings carry them. */
export type SettingsMap = Record<string, unknown>;
/** A 422's messages by flat key, or by 'group:<name>' for a failed live check of credentials. */
export type SettingsErrors = Record<string, string[]>;

/** Whether two JSON values are equal: arrays and objects by content, key order aside. */
export function isSameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, i) => isSameValue(item, b[i]));
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  const ob = b as Record<string, unknown>;
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(ob, k) && isSameValue((a as SettingsMap)[k], ob[k]));
}

/**
 * The edits that differ from the saved values: the body of a save. An edit set back to the saved
 * value is no change; an undefined edit (a secret left as it is) is never sent.
 */
export function changedSettings(saved: SettingsMap, edits: SettingsMap): SettingsMap {
  const changes: SettingsMap = {};
  for (const [key, value] of Object.entries(edits)) {
    if (value !== undefined && !isSameValue(saved[key], value)) changes[key] = value;
  }
  return changes;
}

/** Keys the form edits as numbers; a field holding text that is no number keeps that text to report it. */
const NUMERIC_KEYS = new Set([
  'uploads.max_size',
  'uploads.chunk_size',
  'error_reporting.traces_sample_rate',
  'logging.retention_days',
  'drive.trash_purge_days',
  'drive.default_space_bytes',
]);
const EMAIL_KEYS = new Set(['contact.email']);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * What the browser can tell before asking the server: a number field holding text, an address that
 * is no email, a custom homepage without its page. The server checks everything again.
 */
export function clientSettingErrors(changes: SettingsMap, currentValue: (key: string) => unknown): SettingsErrors {
  const errors: SettingsErrors = {};
  for (const [key, value] of Object.entries(changes)) {
    if (NUMERIC_KEYS.has(key) && (typeof value !== 'number' || !Number.isFinite(value)))
      errors[key] = ['Enter a number.'];
    if (EMAIL_KEYS.has(key) && typeof value === 'string' && value.trim() && !EMAIL.test(value.trim()))
      errors[key] = ['Enter an email address, or leave it empty.'];
  }
  const touchesHomepage = 'homepage.type' in changes || 'homepage.value' in changes;
  if (touchesHomepage && currentValue('homepage.type') === 'customPage' && !currentValue('homepage.value'))
    errors['homepage.value'] = ['Choose the custom page to show as the homepage.'];
  return errors;
}

/** The first message about `key` itself or a part of it (policies.0.label), for the field showing it. */
export function firstError(errors: SettingsErrors, key: string): string | undefined {
  if (errors[key]?.[0]) return errors[key][0];
  const nested = Object.keys(errors).find((k) => k.startsWith(`${key}.`));
  return nested ? errors[nested]?.[0] : undefined;
}

/**
 * A message about part of a structured value, as the server words it
 * ('registration.policies.0.label: Give the policy a label.'), split into the path under `key` and the text.
 */
export function nestedError(key: string, message: string): { path: string[]; text: string } | undefined {
  if (!message.startsWith(`${key}.`)) return undefined;
  const colon = message.indexOf(': ');
  if (colon < 0) return undefined;
  return { path: message.slice(key.length + 1, colon).split('.'), text: message.slice(colon + 2) };
}

/** The error keys no field or group on screen claims: they go to a toast so none is lost. */
export function unclaimedErrors(errors: SettingsErrors, claimed: ReadonlySet<string>): string[] {
  return Object.keys(errors).filter((key) => ![...claimed].some((c) => key === c || key.startsWith(`${c}.`)));
}
