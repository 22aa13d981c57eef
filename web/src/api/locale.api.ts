import { useMutation } from '@tanstack/react-query';
import type { BootstrapData } from '@kosh/contracts';
import { endpoints } from '@kosh/contracts/endpoints';
import { setBootstrapData } from '../shell/bootstrap-store.ts';
import { call } from './call.ts';

/** Switches the language: POST users/me/locale, then swaps the lines in place (no reload). */
export function useChangeLocale() {
  return useMutation({
    mutationFn: (locale: string) => call(endpoints.changeLocale, { body: { locale } }),
    onSuccess: ({ locale }) => {
      document.documentElement.lang = locale.language;
      setBootstrapData(
        (prev): BootstrapData => ({
          ...prev,
          i18n: { language: locale.language, name: locale.name, lines: locale.lines ?? {} },
          user: prev.user ? { ...prev.user, language: locale.language } : prev.user,
        }),
      );
    },
  });
}
