import { intlLocale, type LabelLanguage } from '@portico/locales';

/** Whether Intl knows a time zone name (profiles are edited by hand and by imports). */
function knownTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

/**
 * A date and time as a reader of `language` writes it, in their time zone (issue 16: what the
 * server renders follows the user's language and profile time zone; UTC when unknown). The
 * long time style names the zone, so the reader knows which clock it is.
 */
export function formatDateTime(
  date: Date,
  language: LabelLanguage,
  timeZone?: string | null,
): string {
  return dateTimeIn(date, language, timeZone, 'long');
}

/**
 * A moment as the app shows it on a page (issue 37): date and hours:minutes in the reader's
 * language and time zone, no seconds and no zone name ("28.11.2026, 14:05").
 */
export function formatMoment(
  date: Date,
  language: LabelLanguage,
  timeZone?: string | null,
): string {
  return dateTimeIn(date, language, timeZone, 'short');
}

/** The medium date and the given time style, in the reader's language and time zone. */
function dateTimeIn(
  date: Date,
  language: LabelLanguage,
  timeZone: string | null | undefined,
  timeStyle: 'long' | 'short',
): string {
  return new Intl.DateTimeFormat(intlLocale(language), {
    dateStyle: 'medium',
    timeStyle,
    timeZone: knownTimeZone(timeZone),
  }).format(date);
}

/** ISO yyyy-mm-dd → that calendar day (UTC midnight): invoice and due dates do not shift with a zone. */
export const dayOf = (iso: string): Date => new Date(`${iso.slice(0, 10)}T00:00:00Z`);

/** A calendar day (yyyy-mm-dd) as a reader of `language` writes it: 26.11.2026, 26/11/2026 … */
export function formatDay(iso: string, language: LabelLanguage): string {
  return new Intl.DateTimeFormat(intlLocale(language), {
    dateStyle: 'medium',
    timeZone: 'UTC',
  }).format(dayOf(iso));
}

/** A month (yyyy-mm) as a reader of `language` names it: "Oktober 2026". */
export function formatMonth(yearMonth: string, language: LabelLanguage): string {
  return new Intl.DateTimeFormat(intlLocale(language), {
    year: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(dayOf(`${yearMonth}-01`));
}

/** An amount (a decimal string) in its currency for `language`: "17.887.500,00 NOK". */
export function formatAmount(amount: string, currency: string, language: LabelLanguage): string {
  return new Intl.NumberFormat(intlLocale(language), {
    style: 'currency',
    currency,
    // The code, not a sign: kr, $ and similar name several currencies.
    currencyDisplay: 'code',
  }).format(Number(amount));
}

/** A plain figure for `language` (decimal comma where the language writes one), no grouping. */
export function formatFigure(value: number, language: LabelLanguage): string {
  return new Intl.NumberFormat(intlLocale(language), {
    // Every digit the figure has (a double's noise lies beyond the tenth).
    maximumFractionDigits: 10,
    useGrouping: false,
  }).format(value);
}

/**
 * The spreadsheet number format of a date in `language` (dd.mm.yyyy, dd/mm/yyyy, yyyy-mm-dd …),
 * from the order and separators Intl writes: the cell stays a real date, shown the reader's way.
 */
export function spreadsheetDateFormat(language: LabelLanguage): string {
  const parts = new Intl.DateTimeFormat(intlLocale(language), {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone: 'UTC',
  }).formatToParts(dayOf('2026-11-26'));
  const codes: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {
    day: 'dd',
    month: 'mm',
    year: 'yyyy',
  };
  return parts
    .map((part) => codes[part.type] ?? part.value.replace(/[^ ./-]/g, (c) => `\\${c}`))
    .join('');
}

/**
 * The wall-clock time `date` shows in `timeZone`, as a Date whose UTC fields hold it: a
 * spreadsheet date has no zone, so a workbook cell shows exactly this (ADR 0069).
 */
export function wallClockIn(date: Date, timeZone?: string | null): Date {
  const parts = new Intl.DateTimeFormat('en', {
    timeZone: knownTimeZone(timeZone),
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes): number =>
    Number(parts.find((p) => p.type === type)?.value ?? 0);
  return new Date(
    Date.UTC(
      part('year'),
      part('month') - 1,
      part('day'),
      part('hour'),
      part('minute'),
      part('second'),
    ),
  );
}
