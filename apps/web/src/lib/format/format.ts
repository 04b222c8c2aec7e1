import { intlLocale, isLabelLanguage } from '@portico/locales';
import { isTimeZone } from './time-zone.js';

/** A moment: a Date, epoch milliseconds or an ISO date-time string. */
export type Moment = Date | number | string;

/**
 * How a date reads: 'd MMMM y' is the news date (§2: '9 July 2026', '9. Juli 2026');
 * 'medium' and 'long' are Intl's date styles ('Jul 9, 2026', 'July 9, 2026').
 */
export type DateStyle = 'd MMMM y' | 'medium' | 'long';

/** Dates, times, numbers and amounts in one locale and one time zone (issue 16). */
export interface Format {
  /** The Intl locale ('nb' for the label language 'no'). */
  readonly locale: string;
  /** The IANA zone moments are shown in. */
  readonly timeZone: string;
  /** The calendar date of a moment in the zone. */
  date(moment: Moment, style?: DateStyle): string;
  /** Date and time in the zone: '9 Jul 2026, 14:05'. */
  dateTime(moment: Moment): string;
  /** The time of day in the zone: '14:05'. */
  time(moment: Moment): string;
  /** The moment's yyyy-mm-dd in the zone, for <time dateTime> and same-day checks. */
  isoDay(moment: Moment): string;
  /** The zone's long name at a moment, with its IANA id: 'Central European Summer Time (Europe/Oslo)'. */
  zoneName(at?: Moment): string;
  /**
   * A date without a time (yyyy-mm-dd: invoice, due and document dates). It names a day,
   * not a moment, so it never shifts with the zone; an unreadable value is shown as given.
   */
  calendarDate(isoDay: string, style?: DateStyle): string;
  /** A month (yyyy-mm) with its year: 'May 2026'. */
  month(isoMonth: string): string;
  /** A number; with `fractionDigits`, exactly that many decimals. */
  number(value: number, fractionDigits?: number): string;
  /** A value in per cent (99.7 → '99.7%', '99,7 %' in German). */
  percent(value: number, fractionDigits?: number): string;
  /** An amount in its ISO currency: 'NOK 178,825.00', '178 825,00 kr' in Norwegian. */
  currency(amount: number | string, currency: string): string;
  /** A duration in milliseconds: '210 ms'. */
  milliseconds(value: number): string;
  /** A file size in decimal units, as download sites show it: '2.5 MB', '512 kB'. */
  fileSize(bytes: number): string;
}

const FALLBACK_LOCALE = 'en';

function isLocale(tag: string): boolean {
  try {
    return Intl.getCanonicalLocales(tag).length > 0;
  } catch {
    return false;
  }
}

/** The Intl locale of a label language ('no' → 'nb', 'en-XA' → 'en'); English if Intl refuses it. */
export function toIntlLocale(language: string): string {
  const locale = isLabelLanguage(language) ? intlLocale(language) : language;
  return isLocale(locale) ? locale : FALLBACK_LOCALE;
}

const toDate = (moment: Moment): Date => (moment instanceof Date ? moment : new Date(moment));

/** yyyy-mm-dd as a Date at UTC midnight, or null when it is not such a date. */
function utcDay(isoDay: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDay)) return null;
  const date = new Date(`${isoDay}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * 'd MMMM y' in the locale's own words and punctuation ('9. Juli 2026', '9 lipca 2026'). Where
 * Intl puts the month first (US English: 'July 9, 2026') the spec's order is kept instead.
 */
function dayMonthYear(formatter: Intl.DateTimeFormat, date: Date): string {
  const parts = formatter.formatToParts(date);
  const at = (type: Intl.DateTimeFormatPartTypes) => parts.findIndex((p) => p.type === type);
  if (at('day') < at('month')) return parts.map((p) => p.value).join('');
  const part = (type: Intl.DateTimeFormatPartTypes) => parts[at(type)]?.value ?? '';
  return `${part('day')} ${part('month')} ${part('year')}`;
}

const DATE_OPTIONS: Readonly<Record<DateStyle, Intl.DateTimeFormatOptions>> = {
  'd MMMM y': { day: 'numeric', month: 'long', year: 'numeric' },
  medium: { dateStyle: 'medium' },
  long: { dateStyle: 'long' },
};

/** One Intl object per key, made when first asked for (they are costly to build). */
function memo<T>(make: (key: string) => T): (key: string) => T {
  const made = new Map<string, T>();
  return (key) => {
    let value = made.get(key);
    if (value === undefined) {
      value = make(key);
      made.set(key, value);
    }
    return value;
  };
}

function createFormat(locale: string, timeZone: string): Format {
  // Per style, by zone: moments use the user's zone, calendar dates UTC.
  const dateIn = (style: DateStyle) =>
    memo((zone) => new Intl.DateTimeFormat(locale, { ...DATE_OPTIONS[style], timeZone: zone }));
  const dates: Readonly<Record<DateStyle, (zone: string) => Intl.DateTimeFormat>> = {
    'd MMMM y': dateIn('d MMMM y'),
    medium: dateIn('medium'),
    long: dateIn('long'),
  };
  const dateTimeFormat = new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  });
  const timeFormat = new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone });
  // Digits in a fixed order, whatever the user's locale, for the machine-readable day.
  const isoDayFormat = new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone,
  });
  const zoneNameFormat = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'long' });
  const monthFormat = new Intl.DateTimeFormat(locale, {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const numberIn = memo((key) => {
    const [style, digits] = key.split('|');
    const fixed =
      digits === ''
        ? {}
        : { minimumFractionDigits: Number(digits), maximumFractionDigits: Number(digits) };
    return new Intl.NumberFormat(locale, style === 'percent' ? { style, ...fixed } : fixed);
  });
  const currencyIn = memo((code) => {
    try {
      return new Intl.NumberFormat(locale, { style: 'currency', currency: code });
    } catch {
      return null; // not an ISO 4217 code: the amount with the code after it
    }
  });
  const unitIn = memo(
    (unit) =>
      new Intl.NumberFormat(locale, {
        style: 'unit',
        unit,
        unitDisplay: 'short',
        maximumFractionDigits: 1,
      }),
  );

  const styled = (date: Date, style: DateStyle, zone: string) => {
    const formatter = dates[style](zone);
    return style === 'd MMMM y' ? dayMonthYear(formatter, date) : formatter.format(date);
  };
  const number = (value: number, fractionDigits?: number) =>
    numberIn(`decimal|${fractionDigits ?? ''}`).format(value);

  return {
    locale,
    timeZone,
    date: (moment, style = 'd MMMM y') => styled(toDate(moment), style, timeZone),
    dateTime: (moment) => dateTimeFormat.format(toDate(moment)),
    time: (moment) => timeFormat.format(toDate(moment)),
    isoDay: (moment) => {
      const parts = isoDayFormat.formatToParts(toDate(moment));
      const part = (type: Intl.DateTimeFormatPartTypes) =>
        parts.find((p) => p.type === type)?.value ?? '';
      return `${part('year')}-${part('month')}-${part('day')}`;
    },
    zoneName: (at = Date.now()) => {
      const name = zoneNameFormat
        .formatToParts(toDate(at))
        .find((p) => p.type === 'timeZoneName')?.value;
      return name ? `${name} (${timeZone})` : timeZone;
    },
    calendarDate: (isoDay, style = 'd MMMM y') => {
      const day = utcDay(isoDay);
      return day ? styled(day, style, 'UTC') : isoDay;
    },
    month: (isoMonth) => {
      const first = utcDay(`${isoMonth}-01`);
      return first ? monthFormat.format(first) : isoMonth;
    },
    number,
    percent: (value, fractionDigits) =>
      numberIn(`percent|${fractionDigits ?? ''}`).format(value / 100),
    currency: (amount, code) => {
      const value = Number(amount);
      const formatter = currencyIn(code);
      return formatter ? formatter.format(value) : `${number(value, 2)} ${code}`;
    },
    milliseconds: (value) => unitIn('millisecond').format(value),
    fileSize: (bytes) => {
      const [value, unit] =
        bytes >= 1_000_000
          ? [bytes / 1_000_000, 'megabyte']
          : bytes >= 1_000
            ? [bytes / 1_000, 'kilobyte']
            : [bytes, 'byte'];
      return unitIn(unit).format(value);
    },
  };
}

const formats = new Map<string, Format>();

/**
 * The Format of a locale and zone, cached for the session. An Intl locale Intl refuses falls
 * back to English, an unknown zone to UTC, so a bad value never costs a whole page.
 */
export function formatFor(locale: string, timeZone: string): Format {
  // Asked on every render of everything that formats: the raw pair first, checked once.
  const asked = formats.get(`${locale}\u0000${timeZone}`);
  if (asked) return asked;
  const safeLocale = isLocale(locale) ? locale : FALLBACK_LOCALE;
  const safeZone = isTimeZone(timeZone) ? timeZone : 'UTC';
  const key = `${safeLocale}|${safeZone}`;
  let format = formats.get(key);
  if (!format) {
    format = createFormat(safeLocale, safeZone);
    formats.set(key, format);
  }
  formats.set(`${locale}\u0000${timeZone}`, format);
  return format;
}
