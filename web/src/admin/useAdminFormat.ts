import { useCallback } from 'react';
import { useBootstrapData } from '../shell/bootstrap-store.ts';
import { formatDateAs, useDateFormat, useTimezone } from '../shell/i18n/date-format.ts';
import { formatDate } from '../shell/i18n/relative-time.ts';

/** Moments in admin lists: the date, with the time when asked, in the staff member's language and timezone. */
export function useFormatMoment(): (value: string, withTime?: boolean) => string {
  const { i18n } = useBootstrapData();
  const timezone = useTimezone();
  return useCallback(
    (value, withTime = false) => {
      const date = new Date(value);
      return Number.isNaN(date.getTime()) ? '' : formatDate(date, i18n.language, timezone, withTime);
    },
    [i18n.language, timezone],
  );
}

/**
 * A day that stands for a calendar date in UTC (a suspension's end, which starts that UTC day):
 * shown as that date wherever the staff member is, in their format.
 */
export function useFormatUtcDay(): (value: string) => string {
  const { i18n } = useBootstrapData();
  const dateFormat = useDateFormat();
  return useCallback((value) => formatDateAs(value, dateFormat, i18n.language, 'UTC'), [dateFormat, i18n.language]);
}
