// RFC 4180 CSV: fields separated by commas, records by CRLF; a field holding a comma, a
// double quote, CR or LF is enclosed in double quotes, with its quotes doubled.

/**
 * Cells a spreadsheet would run as a formula (=, +, -, @, tab, CR at the start) get a leading
 * apostrophe, so a case text typed by anyone cannot become a formula in the reader's
 * spreadsheet (OWASP "CSV injection").
 */
function neutralised(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export function csvField(value: string): string {
  const safe = neutralised(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A whole CSV document: the header row, then one record per row, each ended by CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [header, ...rows].map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
}
