import type { FileEntry } from '@kosh/contracts';

export type DayGroupLabel = 'Today' | 'Yesterday' | 'Earlier this week' | 'Earlier';
export type DayGroup = { label: DayGroupLabel; entries: FileEntry[] };

const LABELS: readonly DayGroupLabel[] = ['Today', 'Yesterday', 'Earlier this week', 'Earlier'];
const DAY_MS = 24 * 60 * 60 * 1000;

/** The calendar day of a moment in a timezone, as days since 1970-01-01 (so days subtract). */
function dayNumber(date: Date, timezone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    timeZone: timezone,
  }).formatToParts(date);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(part('year'), part('month') - 1, part('day')) / DAY_MS;
}

/**
 * Which group a moment falls in, by calendar days in the user's timezone: today (or later, a
 * clock ahead of ours), yesterday, earlier this week (the week starting on `weekStartsOn`,
 * 1 Monday to 7 Sunday as Intl's week info counts), earlier.
 */
export function dayGroupOf(date: Date, now: Date, timezone: string, weekStartsOn = 1): DayGroupLabel {
  const today = dayNumber(now, timezone);
  const diff = today - dayNumber(date, timezone);
  if (diff <= 0) return 'Today';
  if (diff === 1) return 'Yesterday';
  // 1970-01-01 was a Thursday (4 in Intl's counting).
  const weekday = ((((today + 3) % 7) + 7) % 7) + 1;
  const daysIntoWeek = (weekday - weekStartsOn + 7) % 7;
  return diff <= daysIntoWeek ? 'Earlier this week' : 'Earlier';
}

/**
 * Splits entries already ordered by last change (newest first) into day groups, keeping their
 * order; empty groups are left out. An entry out of order still lands in its own group.
 */
export function groupByDay(entries: readonly FileEntry[], now: Date, timezone: string, weekStartsOn = 1): DayGroup[] {
  const byLabel = new Map<DayGroupLabel, FileEntry[]>();
  for (const entry of entries) {
    const label = dayGroupOf(new Date(entry.updated_at), now, timezone, weekStartsOn);
    const list = byLabel.get(label);
    if (list) list.push(entry);
    else byLabel.set(label, [entry]);
  }
  return LABELS.flatMap((label) => {
    const list = byLabel.get(label);
    return list ? [{ label, entries: list }] : [];
  });
}
