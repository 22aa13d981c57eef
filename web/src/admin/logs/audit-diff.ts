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

type Side = Record<string, unknown>;

/** Where both sides hold an object (or one holds nothing), its fields are compared one by one. */
const opensUp = (a: unknown, b: unknown) =>
  (isRecord(a) || isRecord(b)) && (isRecord(a) || a == null) && (isRecord(b) || b == null);

function collect(a: Side, b: Side, hadA: boolean, hadB: boolean, prefix: string, rows: DiffRow[]) {
  for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])]) {
    const path = prefix ? `${prefix}.${key}` : key;
    const had = hadA && Object.hasOwn(a, key);
    const has = hadB && Object.hasOwn(b, key);
    if (opensUp(a[key], b[key])) {
      const left = isRecord(a[key]) ? a[key] : {};
      const right = isRecord(b[key]) ? b[key] : {};
      collect(left, right, had && isRecord(a[key]), has && isRecord(b[key]), path, rows);
      continue;
    }
    const row: DiffRow = { key: path, isChanged: had !== has || JSON.stringify(a[key]) !== JSON.stringify(b[key]) };
    if (had) row.before = formatAuditValue(a[key]);
    if (has) row.after = formatAuditValue(b[key]);
    rows.push(row);
  }
}

/**
 * The fields of a change side by side: every field either side has, the before side's order
 * first, nested objects opened into dotted names (suspension.until); a side that is null or
 * absent has no fields; a value that is not an object reads as one field named ''.
 */
export function auditDiff(before: unknown, after: unknown): DiffRow[] {
  const side = (value: unknown): Side => (isRecord(value) ? value : value == null ? {} : { '': value });
  const rows: DiffRow[] = [];
  collect(side(before), side(after), true, true, '', rows);
  return rows;
}
