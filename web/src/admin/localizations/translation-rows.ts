import type { LocalizationLine } from '@kosh/contracts';

/** A line of the translate screen: as the server has it, with the text being typed over it. */
export type TranslationRow = LocalizationLine & {
  /** The text in the box: the draft when there is one, else the saved translation. */
  value: string;
  isChanged: boolean;
  /** Added on this screen and not saved yet. */
  isAdded: boolean;
};

export type RowFilter = { query: string; isMissingOnly: boolean };

/**
 * The rows to show: keys added here first, then the server's lines; searched (any case) in the
 * key, the English line and both the saved and typed translation. "Missing only" reads the saved
 * translation, so a line being translated stays on screen until it is saved.
 */
export function translationRows(
  lines: readonly LocalizationLine[],
  added: readonly string[],
  drafts: Readonly<Record<string, string>>,
  filter: RowFilter,
): TranslationRow[] {
  const needle = filter.query.trim().toLocaleLowerCase();
  const has = (text: string | null) => !!text && text.toLocaleLowerCase().includes(needle);
  const known = new Set(lines.map((line) => line.key));
  const rows: TranslationRow[] = [
    ...added.filter((key) => !known.has(key)).map((key) => ({ key, source: null, translation: '', isAdded: true })),
    ...lines.map((line) => ({ ...line, isAdded: false })),
  ].map((row) => {
    const draft = drafts[row.key];
    return { ...row, value: draft ?? row.translation, isChanged: draft !== undefined };
  });
  return rows.filter(
    (row) =>
      (!filter.isMissingOnly || !row.translation) &&
      (!needle || has(row.key) || has(row.source) || has(row.translation) || has(row.value)),
  );
}

/**
 * The drafts after typing `value` into `key`: a text back to the saved one is no change. Keys
 * added here stay drafts (even empty) until saved or discarded.
 */
export function nextDrafts(
  drafts: Readonly<Record<string, string>>,
  key: string,
  value: string,
  saved: string,
  isAdded: boolean,
): Record<string, string> {
  const next = { ...drafts };
  if (value === saved && !isAdded) delete next[key];
  else next[key] = value;
  return next;
}

/** What a save sends: the typed lines, without added keys left empty (nothing to add). */
export function linesToSave(
  drafts: Readonly<Record<string, string>>,
  added: readonly string[],
): Record<string, string> {
  return Object.fromEntries(Object.entries(drafts).filter(([key, value]) => value !== '' || !added.includes(key)));
}
