// Localization rules the browser needs without the schemas (and zod) of admin-localizations.ts.

/** A language code as the default-language setting takes it: `hi`, `pt-BR`, `zh-Hant`, `es-419`. */
export const LANGUAGE_CODE_PATTERN = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/;
export const LOCALIZATION_NAME_MAX = 100;
/** One line: its key (the English text, or a key an admin added) and its translation. */
export const LINE_KEY_MAX = 500;
export const LINE_VALUE_MAX = 5000;
/** Lines one save may change; a whole localization is under a thousand. */
export const LINES_PER_CALL_MAX = 5000;
/** An uploaded translation file. */
export const LOCALIZATION_FILE_MAX_BYTES = 2 * 1024 * 1024;
/** A localization's stored lines (JSON), so the translate screen's answer stays near a megabyte. */
export const LOCALIZATION_LINES_MAX_BYTES = 1024 * 1024;

/**
 * The code in its canonical case (`pt-br` is `pt-BR`, `ZH-hant` is `zh-Hant`), or null when it is
 * no language tag of the accepted shape.
 */
export function canonicalLanguageCode(text: string): string | null {
  const trimmed = text.trim();
  if (!/^[a-z]{2,3}(-[a-z0-9]{2,8})?$/i.test(trimmed)) return null;
  try {
    const [canonical] = Intl.getCanonicalLocales(trimmed);
    return canonical && LANGUAGE_CODE_PATTERN.test(canonical) ? canonical : null;
  } catch {
    return null;
  }
}

/** The `:name` placeholders of a line, sorted, each once: a translation keeps those of its source. */
export function placeholdersOf(line: string): string[] {
  return [...new Set(line.match(/:[A-Za-z]+/g) ?? [])].sort();
}

/** Placeholders of the source that the translation lost, or that it added (both are mistakes). */
export function placeholderMismatch(source: string, translation: string): { missing: string[]; extra: string[] } {
  const [want, have] = [placeholdersOf(source), placeholdersOf(translation)];
  return { missing: want.filter((p) => !have.includes(p)), extra: have.filter((p) => !want.includes(p)) };
}
