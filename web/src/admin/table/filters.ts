import type { ComponentType } from 'react';
import { formatBytes } from '@kosh/contracts';

/** A value a select filter offers. */
export type FilterOption = { value: string; label: string };

/**
 * A list's filters, declared once: the kind says which control edits it and how its chip
 * reads; keys are the query parameter names the list's endpoint takes.
 */
export type FilterDef =
  /** A yes/no column ('true' or 'false'), with a label for each answer ("Verified", "Not verified"). */
  | { kind: 'boolean'; key: string; label: string; trueLabel: string; falseLabel: string }
  /** One of a set of values; options may arrive later (roles), so a value is kept while they load. */
  | { kind: 'select'; key: string; label: string; options: readonly FilterOption[] }
  /** Calendar dates (YYYY-MM-DD), either end optional. */
  | { kind: 'dateRange'; key: string; label: string; fromKey: string; toKey: string }
  /** Sizes in bytes in the URL, either end optional; entered in megabytes. */
  | { kind: 'sizeRange'; key: string; label: string; minKey: string; maxKey: string }
  /**
   * A value picked with a control of the list's own (an owner found by search): the URL holds an
   * id, the chip reads `describe(value)` (the name the picker saw) or the id.
   */
  | {
      kind: 'custom';
      key: string;
      label: string;
      accepts: (value: string) => boolean;
      describe: (value: string) => string | undefined;
      Control: ComponentType<{ label: string; value: string | undefined; onChange: (value: string | null) => void }>;
    };

export type FilterValues = Record<string, string>;

/** An active filter as a removable chip: its text and the parameters removing it clears. */
export type FilterChip = { id: string; label: string; keys: string[] };

export type ChipFormat = {
  trans: (line: string, values?: Record<string, string>) => string;
  /** A calendar date as the user reads dates. */
  formatDay: (day: string) => string;
};

const MAX_VALUE_LENGTH = 100;

/** The query parameters a filter owns. */
export function filterKeys(def: FilterDef): string[] {
  if (def.kind === 'dateRange') return [def.fromKey, def.toKey];
  if (def.kind === 'sizeRange') return [def.minKey, def.maxKey];
  return [def.key];
}

/** Every query parameter the filters own. */
export function allFilterKeys(defs: readonly FilterDef[]): string[] {
  return defs.flatMap(filterKeys);
}

/** A real calendar date written YYYY-MM-DD. */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Whether one parameter's value is one its filter accepts; anything else in the URL is ignored. */
function acceptsValue(def: FilterDef, value: string): boolean {
  if (!value || value.length > MAX_VALUE_LENGTH) return false;
  if (def.kind === 'boolean') return value === 'true' || value === 'false';
  if (def.kind === 'dateRange') return isCalendarDay(value);
  if (def.kind === 'sizeRange') return /^\d{1,15}$/.test(value);
  if (def.kind === 'custom') return def.accepts(value);
  return def.options.length === 0 || def.options.some((o) => o.value === value);
}

/** The filters' values held in the URL, those that make sense only. */
export function readFilterValues(params: URLSearchParams, defs: readonly FilterDef[]): FilterValues {
  const values: FilterValues = {};
  for (const def of defs) {
    for (const key of filterKeys(def)) {
      const value = params.get(key)?.trim() ?? '';
      if (acceptsValue(def, value)) values[key] = value;
    }
  }
  return values;
}

/** How many filters are on (a date range counts once). */
export function activeFilterCount(defs: readonly FilterDef[], values: FilterValues): number {
  return defs.filter((def) => filterKeys(def).some((key) => values[key])).length;
}

function chipOf(def: FilterDef, values: FilterValues, format: ChipFormat): FilterChip | null {
  const label = format.trans(def.label);
  if (def.kind === 'dateRange') {
    const from = values[def.fromKey];
    const to = values[def.toKey];
    if (!from && !to) return null;
    const keys = [def.fromKey, def.toKey];
    if (from && to) {
      const range = `${format.formatDay(from)} – ${format.formatDay(to)}`;
      return { id: def.key, keys, label: `${label}: ${range}` };
    }
    const line = from ? ':label: from :date' : ':label: until :date';
    return { id: def.key, keys, label: format.trans(line, { label, date: format.formatDay(from ?? to) }) };
  }
  if (def.kind === 'sizeRange') {
    const min = values[def.minKey];
    const max = values[def.maxKey];
    if (!min && !max) return null;
    const keys = [def.minKey, def.maxKey];
    if (min && max) return { id: def.key, keys, label: `${label}: ${formatBytes(+min)} – ${formatBytes(+max)}` };
    const line = min ? ':label: at least :size' : ':label: at most :size';
    return { id: def.key, keys, label: format.trans(line, { label, size: formatBytes(+(min ?? max)) }) };
  }
  const value = values[def.key];
  if (!value) return null;
  if (def.kind === 'custom')
    return { id: def.key, keys: [def.key], label: `${label}: ${def.describe(value) ?? value}` };
  const text =
    def.kind === 'boolean'
      ? format.trans(value === 'true' ? def.trueLabel : def.falseLabel)
      : format.trans(def.options.find((o) => o.value === value)?.label ?? value);
  return { id: def.key, keys: [def.key], label: `${label}: ${text}` };
}

/** The chips of the active filters, in the order the filters are declared. */
export function filterChips(defs: readonly FilterDef[], values: FilterValues, format: ChipFormat): FilterChip[] {
  return defs.map((def) => chipOf(def, values, format)).filter((chip): chip is FilterChip => chip !== null);
}
