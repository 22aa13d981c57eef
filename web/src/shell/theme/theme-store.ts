import { useSyncExternalStore } from 'react';
import Cookies from 'js-cookie';
import type { Theme, ThemeChoice } from '@kosh/contracts';
import { COOKIE, COOKIE_DEFAULT_DAYS } from '@kosh/contracts/constants';
import { getBootstrapData, subscribeBootstrapData } from '../bootstrap-store.ts';
import { parseThemeChoice, resolveTheme, themeDeclarations } from '@kosh/contracts/theme-resolution';
import { getSsrHints } from '../ssr-hints.ts';

const darkQuery = typeof window !== 'undefined' ? window.matchMedia('(prefers-color-scheme: dark)') : undefined;

type State = { theme: Theme | undefined; preview: Theme | undefined; overrides: Record<string, string> };
let state: State = { theme: undefined, preview: undefined, overrides: {} };
const listeners = new Set<() => void>();
let appliedNames: string[] = [];

function storedChoice(): ThemeChoice | undefined {
  const { settings } = getBootstrapData();
  if (!settings.themes?.user_change) return undefined;
  return parseThemeChoice(Cookies.get(COOKIE.activeTheme));
}

function computeTheme(): Theme | undefined {
  const { themes, settings } = getBootstrapData();
  return resolveTheme({
    themes: themes.all,
    choice: storedChoice(),
    defaultMode: settings.themes?.default_mode,
    defaultId: themes.default_id,
    prefersDark: darkQuery?.matches ?? false,
  });
}

/** Writes the theme's variables on <html>, plus the `dark` class and color-scheme. */
function apply(): void {
  const theme = state.preview ?? state.theme;
  const root = document.documentElement;
  for (const name of appliedNames) root.style.removeProperty(name);
  const declarations = [...themeDeclarations(theme?.values ?? {}), ...Object.entries(state.overrides)];
  for (const [name, value] of declarations) root.style.setProperty(name, value);
  appliedNames = declarations.map(([name]) => name);
  root.classList.toggle('dark', !!theme?.is_dark);
  root.dataset.theme = theme ? String(theme.id) : '';
}

function update(next: Partial<State>): void {
  state = { ...state, ...next };
  apply();
  for (const listener of listeners) listener();
}

/** Resolves and applies the theme; follows the device and bootstrap replacements. */
export function initTheme(): void {
  update({ theme: computeTheme() });
  darkQuery?.addEventListener('change', () => update({ theme: computeTheme() }));
  subscribeBootstrapData(() => {
    const next = computeTheme();
    if (next?.id !== state.theme?.id || next?.values !== state.theme?.values) update({ theme: next });
  });
}

/** Stores the choice in the be-active-theme cookie and applies it. */
export function selectTheme(choice: ThemeChoice): void {
  Cookies.set(COOKIE.activeTheme, String(choice), { expires: COOKIE_DEFAULT_DAYS, path: '/', sameSite: 'lax' });
  update({ theme: computeTheme(), preview: undefined });
}

/** Applies a theme without saving it (appearance editor, previews); undefined ends it. */
export function previewTheme(theme: Theme | undefined): void {
  update({ preview: theme });
}

/** Sets one variable on top of the theme (appearance editor's setThemeVariable). */
export function setThemeVariable(name: string, value: string): void {
  if (!/^--[\w-]+$/.test(name)) return;
  update({ overrides: { ...state.overrides, [name]: value } });
}

export function getActiveTheme(): Theme | undefined {
  return state.preview ?? state.theme;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The theme the server rendered the HTML with (hydration draws the same, then the real one). */
function getServerTheme(): Theme | undefined {
  const id = getSsrHints().theme;
  return getBootstrapData().themes.all.find((theme) => theme.id === id);
}

export function useActiveTheme(): Theme | undefined {
  return useSyncExternalStore(subscribe, getActiveTheme, getServerTheme);
}
