import { LINE_KEY_MAX, LINE_VALUE_MAX, LOCALIZATION_LINES_MAX_BYTES, type LocalizationLine } from '@kosh/contracts';

/** Key to translated line, as a localization stores it (JSON in localizations.lines). */
export type Lines = Record<string, string>;

/** What a save changed: the keys given a new text and the keys whose translation went. */
export type LinesChange = { lines: Lines; set: string[]; removed: string[] };

/** How many keys an audit row names of each kind; the counts say the rest. */
export const AUDITED_KEYS_MAX = 100;

/** Lines of the app that have a non-empty translation. */
export function countTranslated(lines: Lines, source: Lines): number {
  let count = 0;
  for (const key of Object.keys(source)) if (lines[key]) count++;
  return count;
}

/**
 * Applies changes over the stored lines: a text sets its key, an empty string removes the
 * translation. An English line is kept as '' rather than dropped, so the seed (which adds lines a
 * release brings to the shipped languages) does not bring a removed translation back; a key only
 * this localization has is dropped whole. Only keys whose text really changes are reported.
 */
export function applyLineChanges(current: Lines, changes: Lines, source: Lines): LinesChange {
  const lines: Lines = { ...current };
  const set: string[] = [];
  const removed: string[] = [];
  for (const [key, value] of Object.entries(changes)) {
    if (value === '') {
      if (!lines[key]) {
        if (key in lines && !(key in source)) delete lines[key];
        continue;
      }
      if (key in source) lines[key] = '';
      else delete lines[key];
      removed.push(key);
    } else if (lines[key] !== value) {
      lines[key] = value;
      set.push(key);
    }
  }
  return { lines, set, removed };
}

/** Whether the stored lines stay within the size a localization may have. */
export const fitsStoredSize = (lines: Lines) =>
  Buffer.byteLength(JSON.stringify(lines)) <= LOCALIZATION_LINES_MAX_BYTES;

/** The translation editor's rows: every English line in order, then the keys only this localization has. */
export function editorLines(lines: Lines, source: Lines): LocalizationLine[] {
  const rows: LocalizationLine[] = Object.keys(source).map((key) => ({
    key,
    source: source[key] ?? key,
    translation: lines[key] ?? '',
  }));
  for (const [key, translation] of Object.entries(lines))
    if (!(key in source)) rows.push({ key, source: null, translation });
  return rows;
}

/** The lines a download carries and visitors are served: the translated ones. */
export function nonEmptyLines(lines: Lines): Lines {
  return Object.fromEntries(Object.entries(lines).filter(([, value]) => value !== ''));
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The lines of an uploaded translation file: a download's {language, name, lines} or a bare
 * {key: line} object. Errors name what is wrong (malformed JSON, a value that is not text).
 */
export function readLinesFile(text: string): { lines: Lines } | { error: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return { error: 'The file is not valid JSON.' };
  }
  if (!isObject(parsed)) return { error: 'The file must hold a JSON object of lines.' };
  const candidate = isObject(parsed.lines) ? parsed.lines : parsed;
  const lines: Lines = {};
  for (const [key, value] of Object.entries(candidate)) {
    if (typeof value !== 'string') return { error: `The line "${clip(key)}" is not text.` };
    if (!key) return { error: 'A key may not be empty.' };
    if (key.length > LINE_KEY_MAX)
      return { error: `The key "${clip(key)}" is longer than ${LINE_KEY_MAX} characters.` };
    if (value.length > LINE_VALUE_MAX)
      return { error: `The line "${clip(key)}" is longer than ${LINE_VALUE_MAX} characters.` };
    lines[key] = value;
  }
  if (!Object.keys(lines).length) return { error: 'The file holds no lines.' };
  return { lines };
}

const clip = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}...` : text);

/** What the audit log keeps of a change of lines: the keys (a hundred of each at most) and their counts. */
export function auditedLines(change: Pick<LinesChange, 'set' | 'removed'>, via: 'editor' | 'upload') {
  return {
    via,
    set_count: change.set.length,
    removed_count: change.removed.length,
    set: change.set.slice(0, AUDITED_KEYS_MAX),
    removed: change.removed.slice(0, AUDITED_KEYS_MAX),
  };
}
