import type { Theme } from '@kosh/contracts';
import { THEME_COLOR_TOKENS, THEME_FONTS, type SaveThemeBody } from '@kosh/contracts/admin-appearance';

/** What each colour token is for (UI.md "Theme tokens"), the label of its picker. */
export const COLOR_TOKEN_LABELS: Record<string, string> = {
  '--kosh-bg': 'Page background',
  '--kosh-bg-alt': 'Sidebar, panels and hovered rows',
  '--kosh-bg-chip': 'Selected rows and active navigation item',
  '--kosh-fg': 'Text',
  '--kosh-fg-muted': 'Secondary text and icons',
  '--kosh-divider': 'Borders and separators',
  '--kosh-primary': 'Primary buttons, links, focus and progress',
  '--kosh-on-primary': 'Text on primary',
  '--kosh-positive': 'Success messages and completed uploads',
  '--kosh-danger': 'Errors and destructive actions',
};

/** The theme as the API saves it. */
export const themeBody = (theme: Theme): SaveThemeBody => ({
  name: theme.name,
  is_dark: theme.is_dark,
  default_light: theme.default_light,
  default_dark: theme.default_dark,
  values: { ...theme.values },
});

/** The theme the site uses in light (or dark) mode by default. */
export const defaultTheme = (themes: readonly Theme[], isDark: boolean): Theme | undefined =>
  themes.find((t) => (isDark ? t.default_dark : t.default_light)) ?? themes.find((t) => t.is_dark === isDark);

/** A new theme: the default light theme's values under the name "New theme". */
export function newThemeBody(themes: readonly Theme[], name: string): SaveThemeBody {
  const source = defaultTheme(themes, false);
  return { name, is_dark: false, default_light: false, default_dark: false, values: { ...source?.values } };
}

/** `values` with every colour taken from `source` (Reset colours); rounding and font stay. */
export function resetColours(values: Record<string, string>, source: Record<string, string>): Record<string, string> {
  const next = { ...values };
  for (const token of THEME_COLOR_TOKENS) if (source[token]) next[token] = source[token];
  return next;
}

/** The shipped font a font-family stack belongs to. */
export const fontOf = (family: string | undefined) => THEME_FONTS.find((f) => f.family === family);
