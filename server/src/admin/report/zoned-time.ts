// Calendar days in an IANA time zone, with Intl only: the report cuts its periods and buckets at
// the midnights of the admin's zone, whatever its offset (India +05:30, Nepal +05:45) or DST rules.

const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock parts of an instant in the zone. */
function wallClock(ms: number, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const p of formatterOf(timeZone).formatToParts(new Date(ms)))
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return parts as { year: number; month: number; day: number; hour: number; minute: number; second: number };
}

/** How far the zone's wall clock is ahead of UTC at this instant, in ms (whole seconds). */
export function offsetAt(ms: number, timeZone: string): number {
  const w = wallClock(ms, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/** The calendar date (YYYY-MM-DD) of an instant in the zone. */
export function localDateOf(instant: Date, timeZone: string): string {
  const w = wallClock(instant.getTime(), timeZone);
  return plainDate(w.year, w.month, w.day);
}

/**
 * The first instant of a calendar day in the zone. Where a DST change skips midnight (clocks go
 * from 23:59:59 to 01:00), the day starts at the change.
 */
export function startOfDay(date: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  const guess = Date.UTC(y, m - 1, d);
  const first = guess - offsetAt(guess, timeZone);
  const second = guess - offsetAt(first, timeZone);
  if (first === second) return new Date(first);
  // Two candidates: a valid one keeps its own offset; in a gap neither does, and the later one is the change.
  if (localDateOf(new Date(Math.min(first, second)), timeZone) === date) return new Date(Math.min(first, second));
  return new Date(Math.max(first, second));
}

export function plainDate(year: number, month: number, day: number): string {
  const y = String(year).padStart(4, '0');
  return `${y}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The date `days` days after (or before) a calendar date. */
export function addDays(date: string, days: number): string {
  const ms = Date.parse(`${date}T00:00:00Z`) + days * DAY_MS;
  const d = new Date(ms);
  return plainDate(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

/** The same day `months` months later (or earlier), clamped to the month's last day (Mar 31 - 1 month: Feb 28). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return plainDate(year, month, Math.min(d, daysInMonth(year, month)));
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The first day of the date's month. */
export function startOfMonth(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

/** The last day of the date's month. */
export function endOfMonth(date: string): string {
  const [y, m] = date.split('-').map(Number);
  return plainDate(y, m, daysInMonth(y, m));
}
