/** A cell a spreadsheet would read as a formula: it starts with = + - @ (or a tab or carriage return). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, a quote or a line break, with quotes
 * doubled. Text a spreadsheet would run as a formula is prefixed with ' (CSV injection).
 */
export function csvCell(value: string | number | boolean | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line, ended with CRLF as RFC 4180 has it. */
export const csvLine = (cells: Array<string | number | boolean | null>) => `${cells.map(csvCell).join(',')}\r\n`;
