import { parseThemeChoice, resolveTheme, THEME_FONTS, type ResolveThemeInput, type Theme } from '@kosh/contracts';
import type { Manifest } from './route-preloads.ts';

/** The fonts Kosh ships files for (web/src/styles/fonts.css); the others are the device's own. */
const SHIPPED = new Set(['inter', 'figtree', 'lora', 'jetbrains-mono']);
/** Inter's Devanagari companion, for the languages written in it. */
const DEVANAGARI_FILE = 'noto-sans-devanagari-devanagari-wght-normal.woff2';
const DEVANAGARI_LANGUAGES = new Set(['hi', 'mr', 'ne', 'sa']);

/** The built file of each font in the manifest, by its source file's name. */
export function fontFiles(manifest: Manifest): Map<string, string> {
  const files = new Map<string, string>();
  for (const [source, chunk] of Object.entries(manifest)) {
    if (source.endsWith('.woff2')) files.set(source.slice(source.lastIndexOf('/') + 1), chunk.file);
  }
  return files;
}

/**
 * The theme the web app resolves on a device that prefers light and on one that prefers dark (the
 * be-active-theme cookie while users may choose, the default theme, the default mode): the server
 * cannot know which the device prefers.
 */
export function deviceThemes(
  input: Omit<ResolveThemeInput, 'choice' | 'prefersDark'>,
  cookie?: string,
): { light: Theme | undefined; dark: Theme | undefined } {
  const choice = parseThemeChoice(cookie);
  return {
    light: resolveTheme({ ...input, choice, prefersDark: false }),
    dark: resolveTheme({ ...input, choice, prefersDark: true }),
  };
}

/** The themes a page may open in: those of a light and of a dark device, once each. */
export function candidateThemes(input: Omit<ResolveThemeInput, 'choice' | 'prefersDark'>, cookie?: string): Theme[] {
  const { light, dark } = deviceThemes(input, cookie);
  return [...new Set([light, dark].filter((theme) => theme !== undefined))];
}

/**
 * The built font files the first paint will ask for: each candidate theme's font for Latin text,
 * and Devanagari for a language written in it. Preloaded, they arrive with the scripts instead of
 * one round trip after the page has rendered its text, which then swaps fonts and shifts.
 */
export function fontPreloads(files: Map<string, string>, themes: Theme[], language: string): string[] {
  const wanted = new Set<string>();
  for (const theme of themes) {
    const font = THEME_FONTS.find((f) => f.family === theme.values['--kosh-font']);
    if (!font || !SHIPPED.has(font.id)) continue;
    wanted.add(`${font.id}-latin-wght-normal.woff2`);
    if (font.id === 'inter' && DEVANAGARI_LANGUAGES.has(language)) wanted.add(DEVANAGARI_FILE);
  }
  return [...wanted].flatMap((source) => files.get(source) ?? []);
}
