import type { BootstrapData } from '@kosh/contracts';
import { setBootstrapData, getBootstrapData } from '../bootstrap-store.ts';
import { previewTheme, setThemeVariable } from '../theme/theme-store.ts';
import { applyCustomCss, applyCustomHtml } from './custom-code.ts';
import { deepMerge } from './deep-merge.ts';

/*
 * Appearance-editor frame protocol (spec part 1, 4; part 2, "Appearance editor").
 *
 * The admin's appearance editor shows the site in an <iframe> of the same origin and
 * drives it with window.postMessage. Only messages whose origin equals
 * window.location.origin and whose data has source 'be-appearance-editor' are read;
 * everything else is ignored. Messages (all carry `source: 'be-appearance-editor'`):
 *
 *   {type: 'setValues', values}           partial bootstrap settings, deep-merged into settings
 *   {type: 'setFont', font}               CSS font-family for --kosh-font
 *   {type: 'setThemeVariable', name, value}  one CSS variable, e.g. '--kosh-primary'
 *   {type: 'setActiveTheme', themeId, isDark?}  previews that theme (no cookie is written); isDark
 *                                          previews it as a dark or light theme before that is saved
 *   {type: 'setCustomCode', mode, value}  mode 'css' or 'html'
 *
 * Once the app has rendered it posts {source: 'be-appearance-editor', type: 'appLoaded'}
 * to the parent. Logout is refused while inside the editor.
 */

export const APPEARANCE_EDITOR_SOURCE = 'be-appearance-editor';

export type AppearanceEditorMessage =
  | { type: 'setValues'; values: Partial<BootstrapData['settings']> }
  | { type: 'setFont'; font: string }
  | { type: 'setThemeVariable'; name: string; value: string }
  | { type: 'setActiveTheme'; themeId: number; isDark?: boolean }
  | { type: 'setCustomCode'; mode: 'css' | 'html'; value: string };

/** True inside a same-origin frame (reading a cross-origin parent's location throws). */
export function isInAppearanceEditor(): boolean {
  if (typeof window === 'undefined' || window.self === window.top) return false;
  try {
    return window.parent.location.origin === window.location.origin;
  } catch {
    return false;
  }
}

/** Applies one message; returns false for anything it does not understand. */
export function handleAppearanceMessage(message: AppearanceEditorMessage): boolean {
  switch (message.type) {
    case 'setValues':
      setBootstrapData((prev) => ({ ...prev, settings: deepMerge(prev.settings, message.values) }));
      return true;
    case 'setFont':
      setThemeVariable('--kosh-font', message.font);
      return true;
    case 'setThemeVariable':
      setThemeVariable(message.name, message.value);
      return true;
    case 'setActiveTheme': {
      const theme = getBootstrapData().themes.all.find((t) => t.id === Number(message.themeId));
      previewTheme(theme && typeof message.isDark === 'boolean' ? { ...theme, is_dark: message.isDark } : theme);
      return true;
    }
    case 'setCustomCode':
      if (message.mode === 'css') applyCustomCss(message.value);
      else void applyCustomHtml(message.value);
      return true;
    default:
      return false;
  }
}

/** Starts listening when framed by the editor, and announces that the app has loaded. */
export function initAppearanceEditor(): void {
  if (!isInAppearanceEditor()) return;
  window.addEventListener('message', (event: MessageEvent) => {
    if (event.origin !== window.location.origin) return;
    const data = event.data as ({ source?: unknown } & AppearanceEditorMessage) | null;
    if (!data || typeof data !== 'object' || data.source !== APPEARANCE_EDITOR_SOURCE) return;
    handleAppearanceMessage(data);
  });
  window.parent.postMessage({ source: APPEARANCE_EDITOR_SOURCE, type: 'appLoaded' }, window.location.origin);
}
