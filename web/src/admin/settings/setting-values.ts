/** Bytes per unit of the size fields (binary units, as the drive shows sizes). */
export const SIZE_UNITS = { KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3, TB: 1024 ** 4 } as const;
export type SizeUnit = keyof typeof SIZE_UNITS;

/** A typed number: trimmed, a decimal comma read as a point; undefined for empty or not a number. */
export function parseDecimal(text: string): number | undefined {
  const clean = text.trim().replace(',', '.');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(clean)) return undefined;
  const value = Number(clean);
  return Number.isFinite(value) ? value : undefined;
}

/** A number as a field shows it: no exponent, at most `decimals` places, trailing zeros dropped. */
export function formatDecimal(value: number, decimals = 2): string {
  return String(Number(value.toFixed(decimals)));
}

/**
 * Bytes as an amount of one of `units`: the largest unit of which they are a whole number, else the
 * largest they reach at least once; 0 (and anything below the smallest) in the first unit.
 */
export function splitSize(bytes: number, units: readonly SizeUnit[]): { amount: string; unit: SizeUnit } {
  const largestFirst = [...units].sort((a, b) => SIZE_UNITS[b] - SIZE_UNITS[a]);
  const unit =
    (bytes > 0 && largestFirst.find((u) => bytes % SIZE_UNITS[u] === 0)) ||
    largestFirst.find((u) => bytes >= SIZE_UNITS[u]) ||
    units[0];
  return { amount: formatDecimal(bytes / SIZE_UNITS[unit]), unit };
}

/** A typed amount of a unit in whole bytes; undefined when the amount is no number. */
export function parseSize(amount: string, unit: SizeUnit): number | undefined {
  const value = parseDecimal(amount);
  return value === undefined ? undefined : Math.round(value * SIZE_UNITS[unit]);
}

/** A list typed one a line or comma-separated: entries trimmed, empty and repeated ones dropped. */
export function parseList(text: string): string[] {
  const entries = text
    .split(/[\n,]/)
    .map((entry) => entry.trim())
    .filter(Boolean);
  return [...new Set(entries)];
}

/** A stored list as the text area shows it, one entry a line. */
export function formatList(value: unknown): string {
  return Array.isArray(value) ? value.map(String).join('\n') : '';
}
