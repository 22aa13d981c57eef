import { isTimeZone } from '@kosh/contracts/format';

/** Timezone of part 1, 9: the user's, else dates.default_timezone, else the browser's. */
export function resolveTimezone(
  userTimezone: string | null | undefined,
  defaultTimezone: string | null | undefined,
  browserTimezone: string,
): string {
  for (const zone of [userTimezone, defaultTimezone]) {
    if (zone && isTimeZone(zone)) return zone;
  }
  return browserTimezone;
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['minute', 60],
  ['hour', 60 * 60],
  ['day', 24 * 60 * 60],
];
const WEEK_S = 7 * 24 * 60 * 60;

export type RelativeTimeOptions = {
  now: Date;
  language: string;
  timezone: string;
  /** The translated 'a few seconds ago'. */
  fewSecondsAgo: string;
};

/**
 * 'a few seconds ago' under 60 s; minutes, hours or days (Intl) under a week; beyond,
 * the date in the given timezone.
 */
export function formatRelativeTime(date: Date | string, options: RelativeTimeOptions): string {
  const then = typeof date === 'string' ? new Date(date) : date;
  if (Number.isNaN(then.getTime())) return '';
  const diffS = (then.getTime() - options.now.getTime()) / 1000;
  const abs = Math.abs(diffS);
  if (abs < 60) return options.fewSecondsAgo;
  if (abs < WEEK_S) {
    const [unit, size] = [...UNITS].reverse().find(([, s]) => abs >= s) ?? UNITS[0];
    const rtf = new Intl.RelativeTimeFormat(options.language, { numeric: 'auto' });
    return rtf.format(Math.round(diffS / size), unit);
  }
  return formatDate(then, options.language, options.timezone);
}

export function formatDate(date: Date, language: string, timezone: string, withTime = false): string {
  return new Intl.DateTimeFormat(language, {
    timeZone: timezone,
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    ...(withTime ? { hour: 'numeric', minute: '2-digit' } : {}),
  }).format(date);
}
