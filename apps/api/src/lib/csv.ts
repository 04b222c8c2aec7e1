import { stringify } from 'csv-stringify/sync';
import { intlLocale, type LabelLanguage } from '@portico/locales';
import { formatFigure } from './i18n/format.js';

/**
 * The one CSV writer of the portal (cases.csv, the user export, the cloud reports), written
 * by csv-stringify: RFC 4180 quoting, records ended by CRLF. The reader's language decides
 * the dialect (issue 37): where it writes a decimal comma (de, es, fr, nl, no, pt, pl, sv)
 * Excel splits on `;` and reads a file without a byte-order mark as ANSI, so those files get
 * semicolons and a BOM; English keeps commas and no BOM. Figures are written as the reader
 * writes them (99,95 in German), as on screen.
 *
 * Spreadsheets do not all split on the same character, and in a tab import a quote opens a
 * field only at the start of a cell, so a line break inside a quoted field ends the row. Every
 * point where such a reader starts a cell is therefore neutralised, not only our field's start.
 */
const NEEDS_QUOTES = /[",;\t\r\n]/;

/**
 * A formula character (=, +, -, @: OWASP "CSV injection") where a spreadsheet could start a
 * cell: the field's start, or after `;`, a tab or a line break, blanks or quotes between. It
 * gets an apostrophe in front, so `Printer broken;=cmd|' /C calc'!A0` stays text everywhere.
 */
const FORMULA_AT_CELL_START = /(^|[;\t\r\n])([\s"]*)([=+\-@])/g;

/** A text cell with every formula start neutralised; whether it changed (then it is quoted). */
export function neutralised(value: string): string {
  const safe = value.replace(FORMULA_AT_CELL_START, "$1$2'$3");
  // A leading tab or CR is also read as the start of a formula.
  return /^[\t\r]/.test(safe) ? `'${safe}` : safe;
}

export interface CsvDialect {
  delimiter: ',' | ';';
  /** A UTF-8 byte-order mark first: how Excel in those locales knows the file is UTF-8. */
  bom: boolean;
}

/** The dialect of a reader of `language`: semicolons and a BOM where decimals take a comma. */
export function csvDialect(language: LabelLanguage): CsvDialect {
  const decimal = new Intl.NumberFormat(intlLocale(language))
    .formatToParts(1.5)
    .find((part) => part.type === 'decimal')?.value;
  return decimal === ',' ? { delimiter: ';', bom: true } : { delimiter: ',', bom: false };
}

export type CsvCell = string | number;

/** A whole CSV document for a reader of `language`: the header row, then one record per row. */
export function toCsv(
  language: LabelLanguage,
  header: readonly string[],
  rows: readonly (readonly CsvCell[])[],
): string {
  const { delimiter, bom } = csvDialect(language);
  return stringify([header, ...rows], {
    delimiter,
    bom,
    record_delimiter: 'windows',
    quoted_match: NEEDS_QUOTES,
    cast: {
      // A figure as the reader writes it; unquoted, so the spreadsheet reads it as a number.
      number: (value) => ({ value: formatFigure(value, language), quoted_match: null }),
      string: (value) => {
        const safe = neutralised(value);
        return safe === value ? safe : { value: safe, quoted: true };
      },
    },
  });
}
