import { isActiveRange, toIsoDate } from '../../../components/ui/date-filter/date-range.js';

/** Epoch-millisecond bounds of the news API (§7: start of the first day, end of the last). */
export interface EpochRange {
  fromDateTime: number;
  toDateTime: number;
}

function localDay(isoDate: string): [number, number, number] {
  const [year = NaN, month = NaN, day = NaN] = isoDate.split('-').map(Number);
  return [year, month - 1, day];
}

/** Start of the day of a yyyy-mm-dd date in the user's local time, as epoch ms. */
export function startOfLocalDay(isoDate: string): number {
  const [year, month, day] = localDay(isoDate);
  return new Date(year, month, day).getTime();
}

/**
 * Last millisecond of the day of a yyyy-mm-dd date in the user's local time. Computed as
 * "next midnight minus 1 ms", so a 23- or 25-hour day (daylight saving) is right too.
 */
export function endOfLocalDay(isoDate: string): number {
  const [year, month, day] = localDay(isoDate);
  return new Date(year, month, day + 1).getTime() - 1;
}

/** The API bounds of an applied date filter; null when the filter is not active (§4). */
export function toEpochRange(
  startDate: string | undefined,
  endDate: string | undefined,
): EpochRange | null {
  if (!isActiveRange(startDate, endDate) || startDate === undefined || endDate === undefined) {
    return null;
  }
  return { fromDateTime: startOfLocalDay(startDate), toDateTime: endOfLocalDay(endDate) };
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(locale: string): Intl.DateTimeFormat {
  let formatter = formatters.get(locale);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat(locale, {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
      });
    } catch {
      // An invalid language tag: English rather than no date at all.
      formatter = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'long', year: 'numeric' });
    }
    formatters.set(locale, formatter);
  }
  return formatter;
}

/**
 * §2 News list: the publication date as 'd MMMM y' in the user's language ("5 March 2026" in
 * English, "5 März 2026" in German). Intl gives the localised day, month name and year; they
 * are put in the pattern's order, which Intl's own order for 'en' (US: "March 5, 2026") is not.
 */
export function formatPublicationDate(epochMs: number, locale: string): string {
  const parts = formatterFor(locale).formatToParts(new Date(epochMs));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')} ${part('month')} ${part('year')}`;
}

/** The machine-readable date of a <time> element (the local calendar date, yyyy-mm-dd). */
export function isoDateOf(epochMs: number): string {
  return toIsoDate(new Date(epochMs));
}
