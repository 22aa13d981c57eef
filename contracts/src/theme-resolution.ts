import type { Theme, ThemeChoice } from './theme.ts';

/** Parses the be-active-theme cookie: an id, 'system', 'light' or 'dark' (part 1, 4). */
export function parseThemeChoice(raw: string | null | undefined): ThemeChoice | undefined {
  if (!raw) return undefined;
  if (raw === 'system' || raw === 'light' || raw === 'dark') return raw;
  return /^\d+$/.test(raw) ? Number(raw) : undefined;
}

function pickByMode(themes: Theme[], dark: boolean): Theme | undefined {
  return (
    themes.find((t) => t.is_dark === dark && (dark ? t.default_dark : t.default_light)) ??
    themes.find((t) => t.is_dark === dark)
  );
}

export type ResolveThemeInput = {
  themes: Theme[];
  /** The stored choice, when users may change the theme and one is stored. */
  choice: ThemeChoice | undefined;
  /** settings.themes.default_mode */
  defaultMode: 'light' | 'dark' | 'system' | undefined;
  /** themes.default_id */
  defaultId: number | null | undefined;
  prefersDark: boolean;
};

/**
 * The theme to apply (the web app on every page; the server, for the fonts it preloads): the
 * stored choice (an id, or a mode resolved to the default theme of that mode; 'system' follows
 * the device), else the default id, else the default mode; the first theme when none matches.
 */
export function resolveTheme({
  themes,
  choice,
  defaultMode,
  defaultId,
  prefersDark,
}: ResolveThemeInput): Theme | undefined {
  const byMode = (mode: 'light' | 'dark' | 'system') =>
    pickByMode(themes, mode === 'system' ? prefersDark : mode === 'dark');
  let theme: Theme | undefined;
  if (typeof choice === 'number') theme = themes.find((t) => t.id === choice);
  else if (choice) theme = byMode(choice);
  if (!theme && choice === undefined && defaultId != null) theme = themes.find((t) => t.id === defaultId);
  if (!theme && choice === undefined && defaultMode) theme = byMode(defaultMode);
  return theme ?? themes[0];
}

/** CSS declarations of a theme's values; only custom properties are let through. */
export function themeDeclarations(values: Record<string, string>): Array<[string, string]> {
  return Object.entries(values).filter(([name, value]) => /^--[\w-]+$/.test(name) && typeof value === 'string');
}
