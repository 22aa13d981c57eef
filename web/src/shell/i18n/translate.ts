import { interpolate } from '@kosh/contracts/format';

export type TransValues = Record<string, string | number>;
export type Lines = Record<string, string>;

/** Looks the English string up in the active lines and fills `:name` placeholders. */
export function translate(lines: Lines, message: string, values?: TransValues): string {
  const line = lines[message] || message;
  return values ? interpolate(line, values) : line;
}
