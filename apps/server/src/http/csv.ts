/**
 * CSV as RFC 4180 writes it (comma-separated, CRLF line ends, a field quoted when it holds a comma,
 * a quote or a line break, its quotes doubled), safe to open in a spreadsheet: a text cell starting
 * with `=`, `+`, `-`, `@`, a tab or a carriage return would be read as a formula (CSV injection),
 * so it is prefixed with a single quote (docs/security.md).
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export type TCsvValue = string | number | null | undefined;

/** One field: numbers as they are, text defused and quoted as needed, nothing as an empty field. */
export function csvField(value: TCsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, with its CRLF. */
export function csvRow(values: readonly TCsvValue[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
