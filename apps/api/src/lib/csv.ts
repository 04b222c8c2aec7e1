/**
 * The one CSV writer of the portal (cases.csv, the user export, the cloud reports): RFC 4180,
 * fields separated by commas, records by CRLF, a quoted field's quotes doubled.
 *
 * Spreadsheets do not all split on commas: Excel in a semicolon locale (de, nb, fr…) splits
 * on `;`, a tab import on tabs, and there a quote opens a field only at the start of a cell,
 * so a line break inside a quoted field ends the row. Every point where such a reader starts a
 * cell is therefore neutralised, not only the start of our field.
 */
const NEEDS_QUOTES = /[",;\t\r\n]/;

/**
 * A formula character (=, +, -, @: OWASP "CSV injection") where a spreadsheet could start a
 * cell: the field's start, or after `;`, a tab or a line break, blanks or quotes between. It
 * gets an apostrophe in front, so `Printer broken;=cmd|' /C calc'!A0` stays text everywhere.
 */
const FORMULA_AT_CELL_START = /(^|[;\t\r\n])([\s"]*)([=+\-@])/g;

export function csvField(value: string): string {
  let safe = value.replace(FORMULA_AT_CELL_START, "$1$2'$3");
  // A leading tab or CR is also read as the start of a formula.
  if (/^[\t\r]/.test(safe)) safe = `'${safe}`;
  return safe !== value || NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A whole CSV document: the header row, then one record per row, each ended by CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [header, ...rows].map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
}
