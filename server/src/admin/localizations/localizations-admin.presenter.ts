import type { AdminLocalization } from '@kosh/contracts';
import { countTranslated, type Lines } from './localization-lines.ts';
import type { LocalizationRow } from './localizations-admin.repository.ts';

/** Stored lines; text that is not a JSON object (never written by the app) reads as none. */
export function linesOf(row: Pick<LocalizationRow, 'lines'>): Lines {
  try {
    const parsed: unknown = JSON.parse(row.lines);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Lines) : {};
  } catch {
    return {};
  }
}

/** A localization as the list shows it: its progress against the app's English lines. */
export function presentLocalization(row: LocalizationRow, source: Lines, defaultLanguage: string): AdminLocalization {
  return {
    id: row.id,
    name: row.name,
    language: row.language,
    lines_translated: countTranslated(linesOf(row), source),
    lines_total: Object.keys(source).length,
    is_default: isDefaultLanguage(row.language, defaultLanguage),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export const isDefaultLanguage = (language: string, defaultLanguage: string) =>
  language.toLowerCase() === defaultLanguage.toLowerCase();
