import { useMutation } from '@tanstack/react-query';
import type { BootstrapData } from '@kosh/contracts';
import { setBootstrapData } from '../shell/bootstrap-store.ts';
import { http } from './http.ts';

type ChangeLocaleResponse = { locale: { language: string; name: string; lines: Record<string, string> } };

/** Switches the language: POST users/me/locale, then swaps the lines in place (no reload). */
export function useChangeLocale() {
  return useMutation({
    mutationFn: (locale: string) => http.post<ChangeLocaleResponse>('users/me/locale', { locale }),
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
