import { interpolate } from '@kosh/contracts/format';

export type TransValues = Record<string, string | number>;
export type Lines = Record<string, string>;

/** Looks the English string up in the active lines and fills `:name` placeholders. */
export function translate(lines: Lines, message: string, values?: TransValues): string {
  const line = lines[message] || message;
  return values ? interpolate(line, values) : line;
}

/**
 * Splits a translated line around one `:placeholder` so a node (a link, a code element) can
 * sit where the language puts it: [before, after]; the whole line is `before` without it.
 */
export function splitAtPlaceholder(line: string, name: string): [string, string] {
  const marker = `:${name}`;
  const at = line.indexOf(marker);
  return at < 0 ? [line, ''] : [line.slice(0, at), line.slice(at + marker.length)];
}
