import { useCallback } from 'react';
import { useBootstrapData } from '../shell/bootstrap-store.ts';
import { useTimezone } from '../shell/i18n/date-format.ts';
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
