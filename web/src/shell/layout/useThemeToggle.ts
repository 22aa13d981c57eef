import { useBootstrapData } from '../bootstrap-store.ts';
import { selectTheme, useActiveTheme } from '../theme/theme-store.ts';

/** Light/dark switch of the account menu and footer; absent unless themes.user_change. */
export function useThemeToggle() {
  const { settings } = useBootstrapData();
  const theme = useActiveTheme();
  const isDark = !!theme?.is_dark;
  return {
    isEnabled: !!settings.themes?.user_change,
    isDark,
    /** 'Dark mode' when the light theme is on, and the other way round. */
    label: isDark ? 'Light mode' : 'Dark mode',
    toggle: () => selectTheme(isDark ? 'light' : 'dark'),
  };
}
