import { THEME_FONTS, type Theme } from '@kosh/contracts';
import type { Manifest } from './route-preloads.ts';

type FontId = (typeof THEME_FONTS)[number]['id'];

/** The file of each shipped font that Latin text needs (web/src/styles/fonts.css); system fonts have none. */
const LATIN_FILES: Partial<Record<FontId, string>> = {
  inter: 'inter-latin-wght-normal.woff2',
  figtree: 'figtree-latin-wght-normal.woff2',
  lora: 'lora-latin-wght-normal.woff2',
  'jetbrains-mono': 'jetbrains-mono-latin-wght-normal.woff2',
};
/** Inter's Devanagari companion, for the languages written in it. */
const DEVANAGARI_FILE = 'noto-sans-devanagari-devanagari-wght-normal.woff2';
const DEVANAGARI_LANGUAGES = new Set(['hi', 'mr', 'ne', 'sa']);

/**
 * The themes a page may open in: the one the be-active-theme cookie names (while users may choose),
 * else the default ones; the device's light or dark preference is unknown here, so both modes.
 */
export function candidateThemes(themes: Theme[], choice: string | undefined, defaultId: number | null): Theme[] {
  const chosen = choice && /^\d+$/.test(choice) ? themes.find((t) => t.id === Number(choice)) : undefined;
  if (chosen) return [chosen];
  const picked = themes.filter(
    (t) => t.id === defaultId || (choice !== 'dark' && t.default_light) || (choice !== 'light' && t.default_dark),
  );
  return picked.length ? picked : themes.slice(0, 1);
}

/**
 * The built font files the first paint will ask for: each candidate theme's font for Latin text,
 * and Devanagari for a language written in it. Preloaded, they arrive with the scripts instead of
 * one round trip after the page has rendered its text, which then swaps fonts and shifts.
 */
export function fontPreloads(manifest: Manifest, themes: Theme[], language: string): string[] {
  const wanted = new Set<string>();
  for (const theme of themes) {
    const font = THEME_FONTS.find((f) => f.family === theme.values['--kosh-font']);
    const latin = font && LATIN_FILES[font.id];
    if (!latin) continue;
    wanted.add(latin);
    if (font.id === 'inter' && DEVANAGARI_LANGUAGES.has(language)) wanted.add(DEVANAGARI_FILE);
  }
  const files: string[] = [];
  for (const source of wanted) {
    const entry = Object.entries(manifest).find(([key]) => key.endsWith(`/${source}`));
    if (entry) files.push(entry[1].file);
  }
  return files;
}
