/** One field of an audited record as it was and as it became. */
export type DiffRow = {
  key: string;
  /** Absent: the field was not there on that side. */
  before?: string;
  after?: string;
  isChanged: boolean;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value as a person reads it: text as it is, anything else as JSON. */
export function formatAuditValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return JSON.stringify(value, null, 2) ?? String(value);
}

/**
 * The fields of a change side by side: every key either side has, the before side's order first;
 * a value that is not an object reads as one field named ''. Null or absent sides have no fields.
 */
export function auditDiff(before: unknown, after: unknown): DiffRow[] {
  const side = (value: unknown): Record<string, unknown> =>
    isRecord(value) ? value : value === null || value === undefined ? {} : { '': value };
  const a = side(before);
  const b = side(after);
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return keys.map((key) => {
    const had = Object.hasOwn(a, key);
    const has = Object.hasOwn(b, key);
    const row: DiffRow = { key, isChanged: JSON.stringify(a[key]) !== JSON.stringify(b[key]) || had !== has };
    if (had) row.before = formatAuditValue(a[key]);
    if (has) row.after = formatAuditValue(b[key]);
    return row;
  });
}
