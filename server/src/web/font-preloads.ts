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
 * The themes a page may open in: the web app's own resolution (the be-active-theme cookie while users
 * may choose, the default theme, the default mode) for a device that prefers light and one that
 * prefers dark, as the server cannot know which.
 */
export function candidateThemes(input: Omit<ResolveThemeInput, 'choice' | 'prefersDark'>, cookie?: string): Theme[] {
  const choice = parseThemeChoice(cookie);
  const themes = [false, true].map((prefersDark) => resolveTheme({ ...input, choice, prefersDark }));
  return [...new Set(themes.filter((theme) => theme !== undefined))];
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
