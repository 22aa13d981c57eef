import { useCallback, type ReactNode } from 'react';
import { getBootstrapData, useBootstrapData } from '../bootstrap-store.ts';
import { formatRelativeTime, resolveTimezone } from './relative-time.ts';
import { splitAtPlaceholder, translate, type TransValues } from './translate.ts';

export type TransFn = (message: string, values?: TransValues) => string;

/** Translation outside React (toasts of the global error handler). */
export function trans(message: string, values?: TransValues): string {
  return translate(getBootstrapData().i18n.lines, message, values);
}

/** `trans('Hello :name', {name})`; re-renders when the lines are swapped. */
export function useTrans(): { trans: TransFn; language: string } {
  const { i18n } = useBootstrapData();
  const fn = useCallback<TransFn>((message, values) => translate(i18n.lines, message, values), [i18n.lines]);
  return { trans: fn, language: i18n.language };
}

export function Trans({ message, values }: { message: string; values?: TransValues }) {
  const { trans: t } = useTrans();
  return <>{t(message, values)}</>;
}

/** Relative time in the user's language and timezone (part 1, 9). */
export function useRelativeTime(): (date: Date | string) => string {
  const { i18n, user, settings } = useBootstrapData();
  return useCallback(
    (date) =>
      formatRelativeTime(date, {
        now: new Date(),
        language: i18n.language,
        timezone: resolveTimezone(
          user?.timezone,
          settings.dates?.default_timezone,
          Intl.DateTimeFormat().resolvedOptions().timeZone,
        ),
        fewSecondsAgo: translate(i18n.lines, 'a few seconds ago'),
      }),
    [i18n, user?.timezone, settings.dates?.default_timezone],
  );
}

/** A translated line with a React node in place of one placeholder (part 1, 2.4 'I accept the :name'). */
export function TransWithNode({ message, name, node }: { message: string; name: string; node: ReactNode }) {
  const { trans: t } = useTrans();
  const [before, after] = splitAtPlaceholder(t(message), name);
  return (
    <>
      {before}
      {node}
      {after}
    </>
  );
}
