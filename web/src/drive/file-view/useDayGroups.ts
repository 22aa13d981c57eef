import { useMemo } from 'react';
import type { FileEntry } from '@kosh/contracts';
import { useBootstrapData } from '../../shell/bootstrap-store.ts';
import { useTimezone } from '../../shell/i18n/date-format.ts';
import { type DayGroup, groupByDay } from './day-groups.ts';

type WeekInfo = { firstDay?: number };
type LocaleWithWeek = Intl.Locale & { getWeekInfo?: () => WeekInfo; weekInfo?: WeekInfo };

/** The first day of the week in a language's region (1 Monday to 7 Sunday); Monday when unknown. */
function weekStartOf(language: string): number {
  try {
    const locale = new Intl.Locale(language).maximize() as LocaleWithWeek;
    return (locale.getWeekInfo?.() ?? locale.weekInfo)?.firstDay ?? 1;
  } catch {
    return 1;
  }
}

/** Entries split by day of last change in the user's timezone, or undefined when not asked for. */
export function useDayGroups(entries: readonly FileEntry[], isEnabled: boolean): DayGroup[] | undefined {
  const { i18n } = useBootstrapData();
  const timezone = useTimezone();
  return useMemo(
    () => (isEnabled ? groupByDay(entries, new Date(), timezone, weekStartOf(i18n.language)) : undefined),
    [isEnabled, entries, timezone, i18n.language],
  );
}
