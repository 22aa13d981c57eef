import { useCallback } from 'react';
import { useBootstrapData } from '../bootstrap-store.ts';
import { resolveTimezone } from './relative-time.ts';

/** Date formats a user may pick in 'Date, time and language' (part 1, 2.7). */
export const DATE_FORMATS = {
  numeric: { year: 'numeric', month: '2-digit', day: '2-digit' },
  short: { year: 'numeric', month: 'short', day: 'numeric' },
  long: { year: 'numeric', month: 'long', day: 'numeric' },
  full: { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
export type DateFormat = keyof typeof DATE_FORMATS;

export function isDateFormat(value: unknown): value is DateFormat {
  return typeof value === 'string' && Object.hasOwn(DATE_FORMATS, value);
}

/**
 * One formatter per language, shape and timezone, made once: making one costs far more than
 * formatting with it, and a listing formats a few dates per row.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify([language, options]);
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(language, options);
    formatters.set(key, made);
  }
  return made;
}

/** A date in the given format, language and timezone; unknown formats fall back to short. */
export function formatDateAs(date: Date | string, format: string, language: string, timezone: string): string {
  const value = typeof date === 'string' ? new Date(date) : date;
  if (Number.isNaN(value.getTime())) return '';
  return formatter(language, { ...DATE_FORMATS[isDateFormat(format) ? format : 'short'], timeZone: timezone }).format(
    value,
  );
}

const dayKey = (date: Date, timezone: string) =>
  formatter('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: timezone }).format(date);

/** Like a file manager's "modified" column: the time for a moment of today, the date for anything older. */
export function formatDateOrTimeAs(
  date: Date | string,
  now: Date,
  format: string,
  language: string,
  timezone: string,
): string {
  const value = typeof date === 'string' ? new Date(date) : date;
  if (Number.isNaN(value.getTime())) return '';
  if (dayKey(value, timezone) !== dayKey(now, timezone)) return formatDateAs(value, format, language, timezone);
  return formatter(language, { hour: 'numeric', minute: '2-digit', timeZone: timezone }).format(value);
}

/** The chosen date format: the user's, else settings.dates.format, else short. */
export function useDateFormat(): DateFormat {
  const { settings, user } = useBootstrapData();
  if (isDateFormat(user?.date_format)) return user.date_format;
  return isDateFormat(settings.dates?.format) ? settings.dates.format : 'short';
}

/** The user's timezone, else the site's, else the browser's. */
export function useTimezone(): string {
  const { user, settings } = useBootstrapData();
  return resolveTimezone(
    user?.timezone,
    settings.dates?.default_timezone,
    Intl.DateTimeFormat().resolvedOptions().timeZone,
  );
}

/** Formats dates with the user's format, language and timezone. */
export function useFormatDate(): (date: Date | string) => string {
  const { i18n } = useBootstrapData();
  const format = useDateFormat();
  const timezone = useTimezone();
  return useCallback((date) => formatDateAs(date, format, i18n.language, timezone), [format, i18n.language, timezone]);
}

/** Formats "modified" moments: today's as a time, older ones as dates (see formatDateOrTimeAs). */
export function useFormatModified(): (date: Date | string) => string {
  const { i18n } = useBootstrapData();
  const format = useDateFormat();
  const timezone = useTimezone();
  return useCallback(
    (date) => formatDateOrTimeAs(date, new Date(), format, i18n.language, timezone),
    [format, i18n.language, timezone],
  );
}
